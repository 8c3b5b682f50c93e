import type { BlogArticleSummary } from '@shared/data/blog';
import type { BlogListFilters } from '@shared/data/blog-boot';
import { EnvReady } from '@web/app/backend-gate';
import { DataLayout } from '@web/app/data-layout';
import {
  LiveArticleResults,
  LiveBlogList,
} from '@web/features/blog/components/blog-list-live';

/** Results of a search the page was not served with. */
export function LiveResults({
  filters,
  previous,
}: {
  filters: BlogListFilters;
  previous: BlogArticleSummary[];
}) {
  return (
    <EnvReady>
      <DataLayout>
        <LiveArticleResults filters={filters} previous={previous} />
      </DataLayout>
    </EnvReady>
  );
}

/** The list, read live. */
export function LiveList() {
  return (
    <EnvReady>
      <DataLayout>
        <LiveBlogList />
      </DataLayout>
    </EnvReady>
  );
}
