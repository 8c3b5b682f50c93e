import { PageFrame } from '@web/components/layouts/page-frame';

export default function RewardsRoute() {
  return <PageFrame title="Rewards" />;
}
