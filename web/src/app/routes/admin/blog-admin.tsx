import { PageFrame } from '@web/components/layouts/page-frame';

export default function BlogAdminRoute() {
  return <PageFrame title="Blog Admin" />;
}
