import { useShallow } from 'zustand/react/shallow';
import {
  contextLines,
  type ContextLine,
} from '@shared/domain/technical-context';
import { useSubmitFlow } from '@ext/stores/submit-flow';
import { useSiteRecording, type Recording } from '../hooks/use-site-recording';

const GROUPS: [ContextLine['group'], string][] = [
  ['environment', 'Environment'],
  ['console', 'Console errors'],
  ['requests', 'Failed requests'],
];

const plural = (n: number, one: string, many: string) =>
  `${n} ${n === 1 ? one : many}`;

/**
 * The technical context (issue #26): the environment, and on sites the
 * user allowed, the console errors and failed requests recorded in this
 * tab, each line shown exactly as it is sent and untickable.
 */
export function TechnicalContextSection() {
  const { url, context, include, excluded } = useSubmitFlow(
    useShallow((s) => ({
      url: s.draft?.url ?? '',
      context: s.draft?.context ?? null,
      include: s.draft?.includeContext,
      excluded: s.draft?.excludedLines,
    })),
  );
  const update = useSubmitFlow((s) => s.update);
  const { recording, allow } = useSiteRecording(url);
  const lines = context?.environment ? contextLines(context) : [];
  const out = new Set(excluded ?? []);
  // Until the site's grant is known (a few ms): as for a site not allowed.
  const included = include ?? false;
  const errors = context?.consoleErrors?.length ?? 0;
  const requests = context?.failedRequests?.length ?? 0;
  const kept = lines.filter((l) => !out.has(l.id)).length;

  function toggle(id: string, on: boolean) {
    const next = new Set(out);
    if (on) next.delete(id);
    else next.add(id);
    update({ excludedLines: [...next] });
  }

  return (
    <section
      aria-label="Technical context"
      className="flex flex-col gap-2 rounded-lg border border-line bg-white px-3 py-2 text-xs"
    >
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="accent-brand-600"
            checked={included}
            onChange={(e) => update({ includeContext: e.target.checked })}
          />
          Attach technical context
        </label>
        <span
          className="block pl-5 text-ink-muted"
          data-testid="context-summary"
        >
          {[
            context?.environment?.browser,
            context?.environment?.os,
            context?.environment?.viewport,
            recording.kind === 'on' &&
              plural(errors, 'console error', 'console errors'),
            recording.kind === 'on' &&
              plural(requests, 'failed request', 'failed requests'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {included && lines.length > 0 && (
        <details open={errors + requests > 0}>
          <summary className="cursor-pointer text-ink-muted">
            What is sent ({kept} of {plural(lines.length, 'line', 'lines')})
          </summary>
          <div className="mt-1 flex max-h-48 flex-col gap-2 overflow-y-auto">
            {GROUPS.map(([group, title]) => {
              const rows = lines.filter((l) => l.group === group);
              if (rows.length === 0) return null;
              return (
                <fieldset key={group} className="flex flex-col gap-0.5">
                  <legend className="font-semibold">{title}</legend>
                  {rows.map((line) => (
                    <label
                      key={line.id}
                      className="flex items-start gap-2"
                      title={line.text}
                    >
                      <input
                        type="checkbox"
                        className="mt-0.5 accent-brand-600"
                        checked={!out.has(line.id)}
                        onChange={(e) => toggle(line.id, e.target.checked)}
                      />
                      <span
                        className="min-w-0 font-mono break-all"
                        data-testid="context-line"
                      >
                        {line.text}
                      </span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
        </details>
      )}
      <RecordingNotice recording={recording} allow={allow} />
    </section>
  );
}

function RecordingNotice({
  recording,
  allow,
}: {
  recording: Recording;
  allow: () => void;
}) {
  if (recording.kind === 'unavailable') return null;
  if (recording.kind === 'on') {
    return (
      <p className="text-ink-muted" data-testid="recording-status">
        Recording console errors and failed requests on {recording.host}. Reload
        the page to catch those from its start. Stop in Options.
      </p>
    );
  }
  if (recording.kind === 'asking') {
    return (
      <p className="text-ink-muted" role="status">
        Allow Peega to read {recording.host} in your browser’s prompt.
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <p className="text-ink-muted">
        Console errors and failed requests are recorded only on sites you allow,
        and stay in your browser until you send them.
      </p>
      <button
        type="button"
        onClick={allow}
        className="rounded-md border border-line px-2 py-1 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Record on {recording.host}
      </button>
    </div>
  );
}
