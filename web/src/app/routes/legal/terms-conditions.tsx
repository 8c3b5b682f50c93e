import { paths } from '@web/config/paths';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { TermsConditionsText } from '@web/features/legal/components/terms-conditions';

export default function TermsConditionsRoute() {
  return (
    <LegalPage
      title="Terms and Conditions"
      audience="consumer"
      back={{ to: paths.auth, label: 'Back' }}
      related={[{ to: paths.privacyPolicy, label: 'Privacy Policy' }]}
    >
      <TermsConditionsText />
    </LegalPage>
  );
}
