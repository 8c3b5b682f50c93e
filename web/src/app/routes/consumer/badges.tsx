import { PageFrame } from '@web/components/layouts/page-frame';

export default function BadgesRoute() {
  return <PageFrame title="My Badges" />;
}
