import type { TopicRow } from '@shared/data/topics';
import { StatusBadge } from '@web/components/ui/status-badge';

const trendLabel = (n: number) =>
  n > 0 ? `+${n} this week` : n < 0 ? `${n} this week` : 'steady';

/** The company's topics with their rolled-up counts (#22). */
export function TopicList({
  rows,
  onOpen,
}: {
  rows: TopicRow[];
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Topics">
      {rows.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            onClick={() => onOpen(t.id)}
            className="block w-full rounded-2xl border border-line bg-white p-4 text-left shadow-sm transition hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:p-5"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 font-semibold break-words">
                {t.title}
              </span>
              <StatusBadge status={t.status} />
            </span>
            <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
              <span>
                {t.contributor_count}{' '}
                {t.contributor_count === 1 ? 'contributor' : 'contributors'}
              </span>
              <span>{t.feedback_count} feedback</span>
              <span>
                {t.votes} {t.votes === 1 ? 'vote' : 'votes'}
              </span>
              <span>{trendLabel(t.trend)}</span>
              {t.suggested_count > 0 && (
                <span className="font-medium text-brand-700">
                  {t.suggested_count} suggested
                </span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
