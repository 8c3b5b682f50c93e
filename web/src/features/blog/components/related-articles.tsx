import { useRelatedArticles } from '@web/api/blog/get-related-articles';
import { RelatedList } from './related-list';

/** The 'Related Articles' read live. */
export function RelatedArticles({
  articleId,
  categoryIds,
}: {
  articleId: string;
  categoryIds: readonly string[];
}) {
  const related = useRelatedArticles(articleId, categoryIds);
  return <RelatedList articles={related.data ?? []} />;
}
