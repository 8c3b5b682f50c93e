import { PageFrame } from '@web/components/layouts/page-frame';

export default function BlogArticleRoute() {
  return <PageFrame title="Blog Article" />;
}
