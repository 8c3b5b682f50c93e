import { PageFrame } from '@web/components/layouts/page-frame';

export default function BlogRoute() {
  return <PageFrame title="Blog" />;
}
