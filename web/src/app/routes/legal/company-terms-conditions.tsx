import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompanyTermsConditionsRoute() {
  return <PageFrame title="Company Terms and Conditions" audience="company" />;
}
