import { CONSUMER_BRAND } from '@shared/domain/brand';
import { BlogLayout } from '@web/features/blog/components/blog-layout';
import { BlogList } from '@web/features/blog/components/blog-list';

export default function BlogRoute() {
  return (
    <BlogLayout>
      <title>{`Blog · ${CONSUMER_BRAND}`}</title>
      <BlogList />
    </BlogLayout>
  );
}
