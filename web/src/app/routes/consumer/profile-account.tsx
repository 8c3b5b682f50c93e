import { PageFrame } from '@web/components/layouts/page-frame';

export default function ProfileAccountRoute() {
  return <PageFrame title="Account Details" />;
}
