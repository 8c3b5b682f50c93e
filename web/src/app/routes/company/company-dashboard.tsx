import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompanyDashboardRoute() {
  return <PageFrame title="Company Dashboard" audience="company" />;
}
