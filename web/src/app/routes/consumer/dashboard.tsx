import { PageFrame } from '@web/components/layouts/page-frame';

export default function DashboardRoute() {
  return <PageFrame title="My Activity" />;
}
