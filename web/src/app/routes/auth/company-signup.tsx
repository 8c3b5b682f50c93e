import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompanySignupRoute() {
  return <PageFrame title="Company Sign Up" audience="company" />;
}
