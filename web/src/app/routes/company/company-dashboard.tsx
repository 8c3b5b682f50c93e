import { CompanyDashboard } from '@web/features/company/components/company-dashboard';
import { CompanyGate } from '@web/features/company/components/company-gate';

export default function CompanyDashboardRoute() {
  return (
    <CompanyGate>
      {({ user, company }) => (
        <CompanyDashboard user={user} company={company} />
      )}
    </CompanyGate>
  );
}
