import {
  ENVIRONMENT_LABELS,
  statusText,
} from '@shared/domain/technical-context';
import { parseTechnicalContext } from '@shared/domain/validation/technical-context';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * The technical context the author chose to attach (issue #26): console
 * errors, failed requests and the environment, as recorded by the
 * extension with secrets masked. Loaded with the detail only when a
 * feedback has one (its own chunk).
 */
export default function TechnicalContextPanel({ value }: { value: unknown }) {
  const context = parseTechnicalContext(value);
  if (!context) return null;
  const env = ENVIRONMENT_LABELS.filter(
    ([key]) => context.environment[key] !== undefined,
  );
  return (
    <section
      className="mt-5 rounded-xl border border-line p-4"
      aria-labelledby="technical-context-title"
      data-testid="technical-context"
    >
      <h3 id="technical-context-title" className="text-sm font-semibold">
        Technical context
      </h3>
      <p className="text-xs text-ink-muted">
        Recorded by the Peega extension on a site its author allowed; secrets
        are masked.
      </p>
      {context.consoleErrors.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Console errors ({context.consoleErrors.length})
          </h4>
          <ol className="mt-1 flex flex-col gap-1">
            {context.consoleErrors.map((e, i) => (
              <li
                key={i}
                className="rounded-lg bg-red-50 px-2 py-1 font-mono text-xs break-all text-red-900"
              >
                <time dateTime={e.at} className="mr-2 text-red-700">
                  {time(e.at)}
                </time>
                {e.kind === 'rejection' ? 'Unhandled rejection: ' : ''}
                {e.message}
              </li>
            ))}
          </ol>
        </div>
      )}
      {context.failedRequests.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Failed requests ({context.failedRequests.length})
          </h4>
          <div className="mt-1 overflow-x-auto">
            <table className="w-full text-left text-xs">
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Method
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Address
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Time
                  </th>
                </tr>
              </thead>
              <tbody className="font-mono">
                {context.failedRequests.map((r, i) => (
                  <tr key={i} className="border-t border-line align-top">
                    <td className="py-1 pr-2">{r.method}</td>
                    <td className="py-1 pr-2 text-red-700">
                      {statusText(r.status)}
                    </td>
                    <td className="py-1 pr-2 break-all">{r.url}</td>
                    <td className="py-1 whitespace-nowrap">
                      <time dateTime={r.at}>{time(r.at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {env.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Environment
          </h4>
          <dl className="mt-1 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {env.map(([key, label]) => (
              <div key={key}>
                <dt className="text-xs text-ink-muted">{label}</dt>
                <dd className="font-medium">
                  {String(context.environment[key])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
