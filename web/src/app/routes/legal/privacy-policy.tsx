import { PageFrame } from '@web/components/layouts/page-frame';

export default function PrivacyPolicyRoute() {
  return <PageFrame title="Privacy Policy" />;
}
