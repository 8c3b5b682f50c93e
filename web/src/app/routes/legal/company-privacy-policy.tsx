import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompanyPrivacyPolicyRoute() {
  return <PageFrame title="Company Privacy Policy" audience="company" />;
}
