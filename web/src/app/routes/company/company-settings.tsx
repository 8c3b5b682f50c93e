import { CompanyGate } from '@web/features/company/components/company-gate';
import { CompanySettings } from '@web/features/company/components/company-settings';

export default function CompanySettingsRoute() {
  return (
    <CompanyGate>
      {({ user, company }) => <CompanySettings user={user} company={company} />}
    </CompanyGate>
  );
}
