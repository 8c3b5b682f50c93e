import { PageFrame } from '@web/components/layouts/page-frame';

export default function CommunityRoute() {
  return <PageFrame title="Community" />;
}
