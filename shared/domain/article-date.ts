/** Date pattern of blog dates (company spec §9): `'MMMM d, yyyy'`. */
export const ARTICLE_DATE_FORMAT = 'MMMM d, yyyy';

// The spec's pattern written with Intl: the public blog pages then carry
// no date library (the unit test holds it to date-fns' reading of it).
const articleDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Blog date like `'March 5, 2025'`. Decision: the UTC calendar date, so
 * every reader and the server-rendered page show the same day.
 */
export function formatArticleDate(date: Date | string): string {
  return articleDate.format(typeof date === 'string' ? new Date(date) : date);
}
