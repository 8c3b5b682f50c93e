import { CompanyAuthScreen } from '@web/features/auth/components/company-auth-screen';

export default function CompanySignupRoute() {
  return <CompanyAuthScreen />;
}
