import { paths } from '@web/config/paths';
import { CompanyFooter } from '@web/features/landing/components/company-footer';
import { CompanyTermsConditionsText } from '@web/features/legal/components/company-terms-conditions';
import { LegalPage } from '@web/features/legal/components/legal-page';

export default function CompanyTermsConditionsRoute() {
  return (
    <LegalPage
      title="Company Terms and Conditions"
      audience="company"
      // Company legal pages belong to the company site (#19 item 27).
      footer={<CompanyFooter />}
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
