import { useShallow } from 'zustand/react/shallow';
import type { CaptureJob } from '@ext/lib/capture-job';
import type { TargetTab } from '@ext/lib/messaging';
import { Notice } from '@ext/components/ui';
import { useSubmitFlow } from '@ext/stores/submit-flow';
import { CaptureChoice } from './capture-choice';
import { ScreenshotEditor } from './screenshot-editor';

/**
 * The screenshot with its Include switch, what to capture (visible area,
 * whole page, an element) and the editor, its placeholder, or why there
 * is none.
 */
export function ScreenshotSection({
  tab,
  job,
}: {
  tab: TargetTab | null;
  job: CaptureJob | null;
}) {
  const { shot, capture, include, redactions, redacting } = useSubmitFlow(
    useShallow((s) => ({
      shot: s.shot,
      capture: s.capture,
      include: s.draft?.includeScreenshot ?? true,
      redactions: s.draft?.redactions ?? [],
      redacting: s.redacting,
    })),
  );
  const update = useSubmitFlow((s) => s.update);
  const changeRedactions = useSubmitFlow((s) => s.changeRedactions);

  if (shot) {
    return (
      <div className="flex flex-col gap-1.5">
        <label className="flex items-center justify-between text-xs font-medium text-ink-muted">
          Screenshot
          <span className="flex items-center gap-1.5">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={include}
              onChange={(e) => update({ includeScreenshot: e.target.checked })}
            />
            Include
          </span>
        </label>
        {include && shot.note && (
          <p data-testid="capture-note" className="text-xs text-ink-muted">
            {shot.note}
          </p>
        )}
        {include && (
          <ScreenshotEditor
            src={shot.redacted}
            redactions={redactions}
            busy={redacting}
            onRedact={(rect) => void changeRedactions([...redactions, rect])}
            onUndo={() => void changeRedactions(redactions.slice(0, -1))}
          />
        )}
        {/* After the preview: Tab goes Include → screenshot → these. */}
        {include && (
          <CaptureChoice tab={tab} job={job} kind={shot.kind ?? 'visible'} />
        )}
      </div>
    );
  }
  if (capture === undefined) {
    return (
      <div className="flex flex-col gap-1.5" aria-busy="true">
        <span className="text-xs font-medium text-ink-muted">Screenshot</span>
        <div
          data-testid="screenshot-pending"
          className="flex aspect-video w-full animate-pulse items-center justify-center rounded-lg border border-line bg-brand-50 text-xs text-ink-muted"
        >
          Taking the screenshot…
        </div>
      </div>
    );
  }
  return (
    <Notice title="No screenshot">
      {capture.captureError ?? 'This page could not be captured.'}
    </Notice>
  );
}
