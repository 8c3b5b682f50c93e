/**
 * Community leaderboard paging and ranks (consumer spec §2 "Community", §4
 * "Leaderboard paging", §9 "Leaderboard").
 */

/** Rows per leaderboard page. */
export const LEADERBOARD_PAGE_SIZE = 10;

/** First page number (pages are numbered from 1). */
export const FIRST_PAGE = 1;

/** Suffix after the current user's nickname. */
export const CURRENT_USER_SUFFIX = '(You)';

/** Medals of ranks 1 to 3. */
export const MEDALS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '🥇',
  2: '🥈',
  3: '🥉',
};

/**
 * Number of pages for `totalCount` rows: `ceil(totalCount / 10)`, and 1 when
 * there are no rows (the table shows page 1, empty).
 */
export function totalPages(
  totalCount: number,
  pageSize: number = LEADERBOARD_PAGE_SIZE,
): number {
  return Math.max(FIRST_PAGE, Math.ceil(Math.max(totalCount, 0) / pageSize));
}

/**
 * A requested page clamped into 1…totalPages; non-numbers and fractions
 * (e.g. from the URL) become a whole page, NaN becomes 1.
 */
export function clampPage(page: number, pages: number): number {
  if (Number.isNaN(page)) return FIRST_PAGE;
  return Math.min(Math.max(Math.floor(page), FIRST_PAGE), Math.max(pages, 1));
}

/** Previous/Next are shown only when there is more than one page. */
export function showPagination(pages: number): boolean {
  return pages > 1;
}

/** True when a Previous page exists. */
export function hasPreviousPage(page: number): boolean {
  return page > FIRST_PAGE;
}

/** True when a Next page exists. */
export function hasNextPage(page: number, pages: number): boolean {
  return page < pages;
}

/** Pager text: `'Page x of y'`. */
export function pageLabel(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}

/**
 * Row offset of a page for the `get_leaderboard` call: `(page - 1) × 10`.
 */
export function pageOffset(
  page: number,
  pageSize: number = LEADERBOARD_PAGE_SIZE,
): number {
  return (Math.max(page, FIRST_PAGE) - 1) * pageSize;
}

/**
 * Overall rank of the row at `index` (0-based) on `page`:
 * `(page - 1) × 10 + index + 1`.
 */
export function rankOf(
  page: number,
  index: number,
  pageSize: number = LEADERBOARD_PAGE_SIZE,
): number {
  return pageOffset(page, pageSize) + index + 1;
}

/** Medal of a rank: 🥇 🥈 🥉 for 1–3, null otherwise. */
export function medalForRank(rank: number): string | null {
  return rank === 1 || rank === 2 || rank === 3 ? MEDALS[rank] : null;
}

/**
 * Nickname cell: the trimmed nickname or 'Anonymous User' (decision: the
 * spec's referral wording), plus ' (You)' on the current user's row.
 */
export function leaderboardName(
  nickname: string | null | undefined,
  isCurrentUser: boolean,
): string {
  const trimmed = (nickname ?? '').trim();
  const name = trimmed === '' ? 'Anonymous User' : trimmed;
  return isCurrentUser ? `${name} ${CURRENT_USER_SUFFIX}` : name;
}
