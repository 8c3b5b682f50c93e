import { useState } from 'react';
import { onTabKey } from '@web/components/ui/tab-keys';

const STEPS = [
  {
    title: 'Install the extension',
    text: 'Add Peega to your browser in one click. It only looks at a page when you click its icon.',
    art: '🧩',
  },
  {
    title: 'Spot something',
    text: 'A bug, a missing feature, a confusing screen: anything on any website.',
    art: '🔎',
  },
  {
    title: 'Send it in two clicks',
    text: 'The page address and a screenshot are already there. Pick a category, type a sentence, send. About 2 seconds.',
    art: '⚡',
  },
  {
    title: 'Earn XP and rewards',
    text: '5 to 10 XP per feedback, badges, levels, and rewards as you climb the leaderboard.',
    art: '🏆',
  },
];

/**
 * The 4-step how-it-works selector, a WAI-ARIA tablist: one tab stop
 * (roving tabindex), arrow keys move and select, Home and End jump to
 * the first and last step (#19 item 13).
 */
export function HowItWorks() {
  const [step, setStep] = useState(0);
  const current = STEPS[step]!;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr] lg:items-center">
      <div
        role="tablist"
        aria-label="How it works"
        aria-orientation="vertical"
        className="flex flex-col gap-2"
      >
        {STEPS.map((s, i) => (
          <button
            key={s.title}
            type="button"
            role="tab"
            id={`step-tab-${i}`}
            aria-selected={i === step}
            aria-controls="step-panel"
            tabIndex={i === step ? 0 : -1}
            onClick={() => setStep(i)}
            onKeyDown={(e) => onTabKey(e, i, STEPS.length, setStep)}
            className={`flex items-center gap-4 rounded-2xl border p-4 text-left transition focus-visible:outline-2 focus-visible:outline-brand-600 ${i === step ? 'border-brand-300 bg-white shadow-md shadow-brand-600/10' : 'border-transparent hover:bg-white/60'}`}
          >
            <span
              className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ${i === step ? 'bg-brand-600 text-white' : 'bg-brand-100 text-brand-700'}`}
            >
              {i + 1}
            </span>
            <span className="font-semibold">{s.title}</span>
          </button>
        ))}
      </div>
      <div
        id="step-panel"
        role="tabpanel"
        aria-labelledby={`step-tab-${step}`}
        // The panel has nothing focusable: it is the next tab stop itself.
        tabIndex={0}
        className="flex min-h-64 flex-col items-center justify-center rounded-3xl bg-gradient-to-br from-brand-100 to-accent-100 p-8 text-center focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true" className="text-7xl">
          {current.art}
        </span>
        <h3 className="mt-4 text-xl font-bold">
          {step + 1}. {current.title}
        </h3>
        <p className="mt-2 max-w-md text-ink-muted">{current.text}</p>
      </div>
    </div>
  );
}
