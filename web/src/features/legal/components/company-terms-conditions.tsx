import { COMPANY_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { PLAN_RULES } from '@shared/domain/plans';
import { LegalList, LegalSection } from './legal-page';

const B = COMPANY_BRAND;

/** The company terms (company spec §2 "Legal pages"). */
export function CompanyTermsConditionsText() {
  return (
    <>
      <LegalSection title="1. Acceptance">
        <p>
          By registering a company account you accept these terms on behalf of
          your company and confirm you may do so.
        </p>
      </LegalSection>
      <LegalSection title="2. The service">
        <p>
          {B} shows your company the feedback consumers submit about the domains
          you register, within your plan&apos;s limits (the Free plan allows{' '}
          {PLAN_RULES.free.viewLimit} feedback views per day). Your company sees
          only feedback directed at your own company. Paid plans are marked as
          coming soon until they are offered.
        </p>
      </LegalSection>
      <LegalSection title="3. Your responsibilities">
        <LegalList
          items={[
            'Register only domains your company owns or is entitled to represent.',
            'Keep account credentials safe and your company details accurate.',
            'Do not try to identify, contact or retaliate against contributors.',
            'Use feedback lawfully and do not resell it.',
          ]}
        />
      </LegalSection>
      <LegalSection title="4. Payment">
        <p>
          When paid plans or feedback tasks are available, fees are due as
          stated at purchase, and contributors are paid for completed tasks
          within 30 days of task completion.
        </p>
      </LegalSection>
      <LegalSection title="5. Intellectual property">
        <p>
          Feedback submitted about your company becomes your company&apos;s
          property, to use freely to improve your products. The {B} service,
          name and software remain ours.
        </p>
      </LegalSection>
      <LegalSection title="6. Termination">
        <p>
          You may close your account at any time by contacting us. We may
          suspend accounts that break these terms. After termination your
          company account data is deleted within 30 days.
        </p>
      </LegalSection>
      <LegalSection title="7. Children">
        <p>The service is not for children under 13.</p>
      </LegalSection>
      <LegalSection title="8. Changes">
        <p>
          We will tell you about material changes before they take effect;
          continued use means you accept them. Questions:{' '}
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
