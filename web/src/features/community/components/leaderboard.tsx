import { useSearchParams } from 'react-router-dom';
import {
  clampPage,
  hasNextPage,
  hasPreviousPage,
  leaderboardName,
  medalForRank,
  pageLabel,
  showPagination,
  totalPages,
} from '@shared/domain/leaderboard';
import { useLeaderboard } from '@web/api/community/get-leaderboard';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { filterNavigation } from '@web/lib/filter-history';

/** The leaderboard table with its pager (page in the URL: ?page=n). */
export function Leaderboard() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page') ?? 1);
  const page = clampPage(requested, Number.MAX_SAFE_INTEGER);
  const board = useLeaderboard(page);
  const pages = totalPages(board.data?.totalCount ?? 0);
  const go = (next: number) => {
    const to = new URLSearchParams(params);
    to.set('page', String(clampPage(next, pages)));
    setParams(to, filterNavigation(params, to));
  };

  return (
    <section
      aria-label="Leaderboard"
      className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm shadow-brand-900/5"
    >
      <h2 className="px-5 pt-5 text-lg font-semibold sm:px-6">Leaderboard</h2>
      {/* Others' XP is as of 00:00 UTC, so no one can tie a new feedback
          to a nickname by comparing pages (DECISIONS.md); the caller's own
          row is live. */}
      <p className="px-5 pt-1 text-sm text-ink-muted sm:px-6">
        Updated daily at 00:00 UTC. Your own row is always up to date.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-[13px] sm:text-sm">
          <thead className="border-y border-line bg-surface text-[11px] text-ink-muted uppercase sm:text-xs sm:tracking-wide">
            <tr>
              <th scope="col" className="px-2 py-3 sm:px-6">
                Rank
              </th>
              <th scope="col" className="px-1.5 py-3 sm:px-3">
                Nickname
              </th>
              <th scope="col" className="px-1.5 py-3 text-right sm:px-3">
                Feedback Count
              </th>
              <th scope="col" className="px-1.5 py-3 text-right sm:px-3">
                Level
              </th>
              <th scope="col" className="px-2 py-3 text-right sm:px-6">
                XP
              </th>
            </tr>
          </thead>
          <tbody>
            {board.isPending
              ? Array.from({ length: 3 }, (_, i) => (
                  <tr key={i}>
                    <td colSpan={5} className="px-5 py-2 sm:px-6">
                      <Skeleton className="h-8" />
                    </td>
                  </tr>
                ))
              : (board.data?.rows ?? []).map((row) => {
                  const medal = medalForRank(row.rank);
                  return (
                    <tr
                      key={row.rank}
                      data-testid="leaderboard-row"
                      aria-current={row.is_current_user || undefined}
                      className={`border-b border-line last:border-0 ${
                        row.is_current_user ? 'bg-brand-50 font-semibold' : ''
                      }`}
                    >
                      <td className="px-2 py-3 sm:px-6">
                        <span className="inline-flex items-center gap-1.5">
                          {medal && <span aria-hidden="true">{medal}</span>}
                          <span>#{row.rank}</span>
                        </span>
                      </td>
                      <td className="px-1.5 py-3 sm:px-3">
                        {leaderboardName(row.nickname, row.is_current_user)}
                      </td>
                      <td className="px-1.5 py-3 text-right sm:px-3">
                        {row.feedback_count}
                      </td>
                      <td className="px-1.5 py-3 text-right sm:px-3">
                        {row.level}
                      </td>
                      <td className="px-2 py-3 text-right sm:px-6">{row.xp}</td>
                    </tr>
                  );
                })}
            {!board.isPending && (board.data?.rows.length ?? 0) === 0 && (
              <tr>
                <td
                  colSpan={5}
                  className="px-6 py-8 text-center text-ink-muted"
                >
                  Nobody has earned XP yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {showPagination(pages) && (
        <nav
          aria-label="Leaderboard pages"
          className="flex items-center justify-between gap-3 border-t border-line px-2 py-3 sm:px-6"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasPreviousPage(page)}
            onClick={() => go(page - 1)}
          >
            Previous
          </Button>
          <span className="text-sm text-ink-muted">
            {pageLabel(page, pages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasNextPage(page, pages)}
            onClick={() => go(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
