import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompanySettingsRoute() {
  return <PageFrame title="Company Settings" audience="company" />;
}
