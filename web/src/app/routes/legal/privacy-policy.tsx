import { paths } from '@web/config/paths';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { PrivacyPolicyText } from '@web/features/legal/components/privacy-policy';

export default function PrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      audience="consumer"
      back={{ to: paths.auth, label: 'Back' }}
      related={[{ to: paths.termsConditions, label: 'Terms and Conditions' }]}
    >
      <PrivacyPolicyText />
    </LegalPage>
  );
}
