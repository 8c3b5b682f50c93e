import { CONSUMER_BRAND } from '@shared/domain/brand';

const REASONS = [
  {
    icon: '⚡',
    title: 'Two clicks, about 2 seconds',
    text: 'Send feedback about any website straight from your browser.',
  },
  {
    icon: '🏆',
    title: 'Earn XP, levels and badges',
    text: '5 to 10 XP for every feedback, and 10 badges to collect.',
  },
  {
    icon: '🎁',
    title: 'Unlock rewards',
    text: 'Rewards open up as you level up. Cash earnings are coming soon.',
  },
  {
    icon: '🕶️',
    title: 'Anonymous to companies',
    text: 'Companies read what you say, never who you are.',
  },
];

/** The marketing panel beside the auth form: reasons to join. */
export function AuthMarketing() {
  return (
    <div className="relative isolate flex h-full flex-col justify-center overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-900 p-8 text-white sm:p-10">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-accent-400/30 blur-3xl"
      />
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Why join {CONSUMER_BRAND}?
      </h2>
      <p className="mt-2 text-brand-100">
        Your opinion improves the web, and it pays off.
      </p>
      <ul className="mt-8 flex flex-col gap-5">
        {REASONS.map((r) => (
          <li key={r.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/15 text-xl"
            >
              {r.icon}
            </span>
            <div>
              <p className="font-semibold">{r.title}</p>
              <p className="text-sm text-brand-100">{r.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-brand-100">Join 50+ beta testers.</p>
    </div>
  );
}
