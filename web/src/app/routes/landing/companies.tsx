import { COMPANY_BRAND } from '@shared/domain/brand';
import { PageFrame } from '@web/components/layouts/page-frame';

export default function CompaniesRoute() {
  return <PageFrame title={COMPANY_BRAND} audience="company" />;
}
