import { COMPANY_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { LegalList, LegalSection } from './legal-page';

const B = COMPANY_BRAND;

/** The company privacy policy (company spec §2 "Legal pages"). */
export function CompanyPrivacyPolicyText() {
  return (
    <>
      <p className="text-[15px] leading-relaxed text-ink-muted">
        This policy covers the data of companies using {B} and of the people who
        manage their accounts.
      </p>
      <LegalSection title="1. Data we collect">
        <LegalList
          items={[
            'Account data: your work e-mail address and password (stored only as a secure hash), company name, website address and the domains you register.',
            'Plan and usage: your plan, the feedback your team opened and daily view counts.',
            'Settings such as notification preferences, and messages you send us.',
          ]}
        />
      </LegalSection>
      <LegalSection title="2. How we use it">
        <p>
          To run your account, match feedback to your domains, enforce plan
          limits, send the notifications you enabled, and improve the service
          with aggregated statistics.
        </p>
      </LegalSection>
      <LegalSection title="3. What you see, and sharing">
        <p>
          Your company sees only feedback directed at your own company, that is,
          about the domains you registered, never the feedback of other
          companies. Feedback is shown anonymously: you never see a
          contributor&apos;s name, e-mail or account. We do not sell your data;
          service providers for hosting and e-mail process it only on our
          behalf.
        </p>
      </LegalSection>
      <LegalSection title="4. Security">
        <p>
          Data is encrypted in transit, and the database itself checks every
          request against your company, so one company can never read
          another&apos;s data.
        </p>
      </LegalSection>
      <LegalSection title="5. Retention">
        <p>
          We keep company data while the account is active. After the account is
          terminated, company account data is deleted within 30 days, except
          records the law requires us to keep.
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may access, correct, export or delete your account data, and
          object to or restrict its use. Write to us and we answer within 30
          days.
        </p>
      </LegalSection>
      <LegalSection title="7. Cookies">
        <p>
          We store only your sign-in session and preferences in your browser. No
          advertising or third-party tracking cookies are used.
        </p>
      </LegalSection>
      <LegalSection title="8. Children">
        <p>{B} is a business service and is not for children under 13.</p>
      </LegalSection>
      <LegalSection title="9. Contact">
        <p>
          <a
            className="font-medium text-brand-700 underline"
            href={`mailto:${CONTACT_EMAIL}`}
          >
            {CONTACT_EMAIL}
          </a>
        </p>
      </LegalSection>
    </>
  );
}
