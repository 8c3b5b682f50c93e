import { CONSUMER_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { LegalList, LegalSection } from './legal-page';

const B = CONSUMER_BRAND;

/** The user terms (company spec §2 "Legal pages"). */
export function TermsConditionsText() {
  return (
    <>
      <LegalSection title="1. Acceptance of these terms">
        <p>
          By creating an account or using the {B} web app or browser extension
          you accept these terms and our Privacy Policy. If you do not agree, do
          not use {B}. You must be at least 13 years old.
        </p>
      </LegalSection>
      <LegalSection title="2. The service">
        <p>
          {B} is a feedback marketplace: you send categorised feedback about
          websites and products, earn experience points, levels, badges and
          rewards, and companies read the feedback about their own sites.
          Features may change as the product evolves.
        </p>
      </LegalSection>
      <LegalSection title="3. Your responsibilities">
        <LegalList
          items={[
            'Give honest feedback based on your own experience.',
            'Do not submit personal data of others, passwords, illegal, hateful or misleading content, or malware.',
            'Do not game the points system: no duplicate, automated or paid-for submissions, and no multiple accounts.',
            'Keep your sign-in details safe; you are responsible for activity in your account.',
          ]}
        />
      </LegalSection>
      <LegalSection title="4. Rewards and payment">
        <p>
          Where a company pays for feedback tasks, your reward is paid within 30
          days of the completion of the task, once the feedback has been
          accepted. Rewards earned by breaking these terms may be withheld. You
          are responsible for any taxes on what you receive.
        </p>
      </LegalSection>
      <LegalSection title="5. Intellectual property">
        <p>
          Feedback you submit, including screenshots and voice notes, becomes
          the property of the company that requested it or whose website it is
          about, which may use it freely to improve its products. You confirm
          you have the right to submit it. The {B} name, logo, app and extension
          remain ours.
        </p>
      </LegalSection>
      <LegalSection title="6. Termination">
        <p>
          You may stop using {B} and ask us to delete your account at any time.
          We may suspend or close accounts that break these terms or harm other
          users or companies, and will tell you why unless the law prevents it.
        </p>
      </LegalSection>
      <LegalSection title="7. Changes to these terms">
        <p>
          We may update these terms. We will announce material changes in the
          app before they take effect; continuing to use {B} afterwards means
          you accept them.
        </p>
      </LegalSection>
      <LegalSection title="8. Liability and contact">
        <p>
          {B} is provided as is, to the extent the law allows. Questions:{' '}
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
