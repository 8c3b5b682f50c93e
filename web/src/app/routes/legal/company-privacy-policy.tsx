import { paths } from '@web/config/paths';
import { CompanyFooter } from '@web/features/landing/components/company-footer';
import { CompanyPrivacyPolicyText } from '@web/features/legal/components/company-privacy-policy';
import { LegalPage } from '@web/features/legal/components/legal-page';

export default function CompanyPrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Company Privacy Policy"
      audience="company"
      // Company legal pages belong to the company site (#19 item 27).
      footer={<CompanyFooter />}
      back={{ to: paths.companySignup, label: 'Back to sign up' }}
      related={[
        { to: paths.companyTermsConditions, label: 'Company Terms' },
        { to: paths.companyLanding, label: 'For companies' },
      ]}
    >
      <CompanyPrivacyPolicyText />
    </LegalPage>
  );
}
