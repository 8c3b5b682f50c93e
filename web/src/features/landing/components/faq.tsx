import { CONSUMER_BRAND } from '@shared/domain/brand';

const QUESTIONS = [
  {
    q: `What is ${CONSUMER_BRAND}?`,
    a: `${CONSUMER_BRAND} lets you send feedback about any website in two clicks, straight to the company that runs it, and rewards you for it with XP, badges, levels and rewards.`,
  },
  {
    q: 'How much can I earn?',
    a: 'Every feedback earns 5 to 10 XP. Cash earnings of 0.05 to 0.20 euro per feedback, up to 20 euro a month on average, are coming soon.',
  },
  {
    q: 'Do companies see who I am?',
    a: 'No. Companies read your feedback anonymously: they never see your name or e-mail address.',
  },
  {
    q: 'Which websites can I give feedback on?',
    a: 'Any website. Companies that have joined see feedback about their own domains in their dashboard.',
  },
  {
    q: 'Is it free?',
    a: `Yes. ${CONSUMER_BRAND} is free for everyone who shares feedback.`,
  },
];

/** The 5-question FAQ accordion (native details/summary). */
export function Faq() {
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
