import { PageFrame } from '@web/components/layouts/page-frame';

export default function ReferralsRoute() {
  return <PageFrame title="Referrals" />;
}
