import { CONSUMER_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { LegalList, LegalSection } from './legal-page';

const B = CONSUMER_BRAND;

/** The user privacy policy (company spec §2 "Legal pages"). */
export function PrivacyPolicyText() {
  return (
    <>
      <p className="text-[15px] leading-relaxed text-ink-muted">
        {B} lets you send feedback about websites and products, earn experience
        points and rewards, and help companies improve. This policy explains
        what we collect, why, and the choices you have.
      </p>
      <LegalSection title="1. Data we collect">
        <LegalList
          items={[
            'Account data: your e-mail address, password (stored only as a secure hash by our authentication service) and, if you add them, your name, city, age range and profile details.',
            'Feedback you send: its title, description, category, the address and title of the page it is about, and any screenshot or voice note you choose to attach.',
            'Activity: experience points, levels, badges, votes, referrals and reward claims.',
            'Optional professional-network verification: whether you verified your account, never your password there.',
            'Technical data: browser type, the extension version and basic usage events used to keep the service working.',
          ]}
        />
      </LegalSection>
      <LegalSection title="2. How we use your data">
        <LegalList
          items={[
            'To run your account, record your feedback and award points, badges and rewards.',
            'To deliver feedback to the company whose website it is about.',
            'To prevent abuse, such as duplicate or automated submissions.',
            'To improve the product, using aggregated statistics.',
            'To contact you about your account; we never send advertising from third parties.',
          ]}
        />
      </LegalSection>
      <LegalSection title="3. Sharing">
        <p>
          Companies see the feedback submitted about their own domains, shown
          anonymously: never your name, e-mail address or account. They may see
          whether you verified your professional profile and your reputation
          score. We use service providers for hosting, storage and e-mail under
          contracts that oblige them to protect your data. We do not sell
          personal data. We disclose data when the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="4. Security">
        <p>
          Data is encrypted in transit, access is limited by role and checked by
          the database itself, and screenshots and voice notes are kept in
          private storage reachable only through short-lived links. No system is
          perfectly secure; tell us at once if you notice a problem.
        </p>
      </LegalSection>
      <LegalSection title="5. Retention">
        <p>
          We keep your account data while your account is open. When you ask us
          to delete your account, we delete or anonymise your personal data
          within 30 days, except where the law requires us to keep records (for
          example of paid rewards).
        </p>
      </LegalSection>
      <LegalSection title="6. Your rights">
        <p>
          You may access, correct, export or delete your data, object to or
          restrict its use, and withdraw consent at any time. You may also
          complain to your data-protection authority. Write to us to use these
          rights; we answer within 30 days.
        </p>
      </LegalSection>
      <LegalSection title="7. Cookies and local storage">
        <p>
          We use only what the service needs: your sign-in session and
          preferences (such as the articles you liked without an account) in
          your browser&apos;s storage. We use no third-party advertising or
          tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="8. Children">
        <p>
          {B} is not for children under 13. We do not knowingly collect their
          data; if you believe a child under 13 has an account, contact us and
          we will delete it.
        </p>
      </LegalSection>
      <LegalSection title="9. Changes to this policy">
        <p>
          We will announce material changes in the app before they take effect.
          The date at the top shows the current version.
        </p>
      </LegalSection>
      <LegalSection title="10. Contact">
        <p>
          Questions or requests:{' '}
          <a
            className="font-medium text-brand-700 underline"
            href={`mailto:${CONTACT_EMAIL}`}
          >
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </LegalSection>
    </>
  );
}
