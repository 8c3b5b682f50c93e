import { Link } from 'react-router-dom';
import type { PublicChange } from '@shared/data/public-changes';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { formatShortDate } from '@shared/domain/format';
import { publicChangesTitle, reportersLabel } from '@shared/domain/public-page';
import { Button } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';

/** One completed topic: only what the company published, and a count. */
function ChangeItem({ change }: { change: PublicChange }) {
  return (
    <li
      data-testid="public-change"
      className="relative rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="mt-0.5 size-6 shrink-0 text-emerald-600"
        >
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
            clipRule="evenodd"
          />
        </svg>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words text-ink">
            {change.public_title}
          </h2>
          {change.public_note && (
            <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-ink-muted">
              {change.public_note}
            </p>
          )}
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
            <span>
              Completed{' '}
              <time dateTime={change.completed_at}>
                {formatShortDate(change.completed_at)}
              </time>
            </span>
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                aria-hidden="true"
                className="size-3.5"
              >
                <path d="M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM14.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1.615 16.428a1.224 1.224 0 0 1-.569-1.175 6.002 6.002 0 0 1 11.908 0c.058.467-.172.92-.57 1.174A9.953 9.953 0 0 1 7 18a9.953 9.953 0 0 1-5.385-1.572ZM14.5 16h-.106c.07-.297.088-.611.048-.933a7.47 7.47 0 0 0-1.588-3.755 4.502 4.502 0 0 1 5.874 2.636.818.818 0 0 1-.36.98A7.465 7.465 0 0 1 14.5 16Z" />
              </svg>
              {reportersLabel(change.reporters)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}

/** "<Company> — You said, we did" (#22). */
export function PublicChangesPage({
  companyName,
  changes,
  more,
}: {
  companyName: string;
  changes: PublicChange[];
  more?: { loading: boolean; load: () => void } | undefined;
}) {
  const title = publicChangesTitle(companyName);
  return (
    <div className="min-h-dvh bg-surface text-ink">
      <title>{`${title} · ${CONSUMER_BRAND}`}</title>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3 sm:px-6">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-7" />
            <span>{CONSUMER_BRAND}</span>
          </Link>
          <Link
            to={paths.consumerLanding}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Share your feedback
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          You said, we did
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">
          What {companyName} completed from the feedback its users sent through{' '}
          {CONSUMER_BRAND}.
        </p>
        {changes.length === 0 ? (
          <p className="mt-10 rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
            Nothing published yet. Check back soon.
          </p>
        ) : (
          <ol className="mt-8 flex flex-col gap-4" aria-label="Completed">
            {changes.map((c, i) => (
              <ChangeItem key={`${c.completed_at}-${i}`} change={c} />
            ))}
          </ol>
        )}
        {more && (
          <div className="mt-6 flex justify-center">
            <Button
              variant="secondary"
              disabled={more.loading}
              onClick={more.load}
            >
              {more.loading ? 'Loading…' : 'Show more'}
            </Button>
          </div>
        )}
        <p className="mt-12 text-center text-xs text-ink-muted">
          Reporters stay anonymous: {companyName} never sees who they are.
        </p>
      </main>
    </div>
  );
}
