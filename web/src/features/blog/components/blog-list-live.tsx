import type { BlogListFilters } from '@shared/data/blog-boot';
import { useArticles } from '@web/api/blog/get-articles';
import { useCategories } from '@web/api/blog/get-categories';
import { ArticleResults, BlogListView, useBlogFilters } from './blog-list';

/** Results read live for these filters (load failures are only logged, §8). */
export function LiveArticleResults({ filters }: { filters: BlogListFilters }) {
  const articles = useArticles(filters);
  return (
    <ArticleResults
      articles={articles.isPending ? undefined : (articles.data ?? [])}
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
