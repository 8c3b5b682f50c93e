import { paths } from '@web/config/paths';
import { CompanyTermsConditionsText } from '@web/features/legal/components/company-terms-conditions';
import { LegalPage } from '@web/features/legal/components/legal-page';

export default function CompanyTermsConditionsRoute() {
  return (
    <LegalPage
      title="Company Terms and Conditions"
      audience="company"
      back={{ to: paths.companySignup, label: 'Back to sign up' }}
      related={[
        { to: paths.companyPrivacyPolicy, label: 'Company Privacy Policy' },
        { to: paths.companyLanding, label: 'For companies' },
      ]}
    >
      <CompanyTermsConditionsText />
    </LegalPage>
  );
}
