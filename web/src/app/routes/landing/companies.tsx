import { CompanyLanding } from '@web/features/landing/components/company-landing';

export default function CompaniesRoute() {
  return <CompanyLanding />;
}
