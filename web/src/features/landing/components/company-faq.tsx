import { COMPANY_BRAND, CONSUMER_BRAND } from '@shared/domain/brand';

const QUESTIONS = [
  {
    q: `What is ${COMPANY_BRAND}?`,
    a: `A dashboard of the feedback that ${CONSUMER_BRAND} users send about your website: bugs, ideas, UX improvements and more, categorised and ready to act on.`,
  },
  {
    q: 'Who can read the feedback about my site?',
    a: 'Only you. The server shows feedback to the company that has verified the domain, through a DNS record or a file on the site.',
  },
  {
    q: 'Do I see who wrote a feedback?',
    a: 'No. Feedback is anonymous; you see its content, its votes, the author’s reputation and whether they are verified.',
  },
  {
    q: 'What does the free plan include?',
    a: '5 feedback items per day, search and domain filtering, and e-mail notifications. Pro and Advanced are coming soon.',
  },
  {
    q: 'Is there a trial?',
    a: 'Yes: a 14-day free trial with no card required for the first 10 companies.',
  },
];

/** The 5-question company FAQ accordion (native details/summary). */
export function CompanyFaq() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      {QUESTIONS.map((item) => (
        <details
          key={item.q}
          className="group rounded-2xl border border-line bg-white p-5 open:shadow-md"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold focus-visible:outline-2 focus-visible:outline-brand-600">
            {item.q}
            <span
              aria-hidden="true"
              className="text-xl text-brand-600 transition group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-3 text-ink-muted">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
