import { paths } from '@web/config/paths';
import { CompanyPrivacyPolicyText } from '@web/features/legal/components/company-privacy-policy';
import { LegalPage } from '@web/features/legal/components/legal-page';

export default function CompanyPrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Company Privacy Policy"
      audience="company"
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
