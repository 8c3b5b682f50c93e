import type { BlogArticleSummary } from '@shared/data/blog';
import type { BlogListFilters } from '@shared/data/blog-boot';
import { useArticles } from '@web/api/blog/get-articles';
import { useCategories } from '@web/api/blog/get-categories';
import { ArticleResults, BlogListView, useBlogFilters } from './blog-list';

/**
 * Results read live for these filters (load failures are only logged, §8).
 * Until the first answer, `previous` (the list already shown) stays, busy.
 */
export function LiveArticleResults({
  filters,
  previous,
}: {
  filters: BlogListFilters;
  previous?: BlogArticleSummary[];
}) {
  const articles = useArticles(filters);
  return (
    <ArticleResults
      articles={articles.isPending ? previous : (articles.data ?? [])}
      fetching={articles.isFetching}
    />
  );
}

/** The whole list read live (a page the server did not fill in). */
export function LiveBlogList() {
  const { filters } = useBlogFilters();
  const categories = useCategories();
  return (
    <BlogListView categories={categories.data ?? []}>
      <LiveArticleResults filters={filters} />
    </BlogListView>
  );
}
