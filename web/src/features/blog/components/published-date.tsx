import { formatArticleDate } from '@shared/domain/article-date';

/** ' · March 5, 2025' after the author, when the article has a date. */
export function PublishedDate({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <>
      {' · '}
      <time dateTime={at}>{formatArticleDate(at)}</time>
    </>
  );
}
