import { Suspense, lazy } from 'react';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { PageSpinner } from '@web/components/ui/spinner';
import { BlogLayout } from '@web/features/blog/components/blog-layout';
import {
  ArticleResults,
  BlogListView,
  useBlogFilters,
} from '@web/features/blog/components/blog-list';
import { bootList, sameFilters } from '@web/features/blog/lib/blog-boot';

const live = () => import('@web/app/routes/blog/blog-live');
const LiveResults = lazy(() =>
  live().then((m) => ({ default: m.LiveResults })),
);
const LiveList = lazy(() => live().then((m) => ({ default: m.LiveList })));

/**
 * `/blog`: drawn at once from the data the server put into the page; other
 * searches and a list the server did not fill in are read live (the
 * backend client loads then, not before).
 */
export default function BlogRoute() {
  const { filters } = useBlogFilters();
  const boot = bootList();
  return (
    <BlogLayout>
      <title>{`Blog · ${CONSUMER_BRAND}`}</title>
      {boot ? (
        <BlogListView categories={boot.categories}>
          {sameFilters(boot.filters, filters) ? (
            <ArticleResults articles={boot.articles} />
          ) : (
            <Suspense
              fallback={<ArticleResults articles={boot.articles} fetching />}
            >
              <LiveResults filters={filters} previous={boot.articles} />
            </Suspense>
          )}
        </BlogListView>
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <LiveList />
        </Suspense>
      )}
    </BlogLayout>
  );
}
