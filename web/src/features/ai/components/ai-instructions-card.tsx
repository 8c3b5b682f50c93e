import { Card } from '@web/components/ui/card';

const STEPS = [
  'Paste raw feedback the way a customer would write it, in any language.',
  'Optionally add the company name and website URL to tailor the suggested response.',
  'Press Process Feedback to get a title, category, priority, sentiment, tags, a clean description, a suggested response and a suggested fix.',
];

/** How to use the processor (consumer spec §2 "AI feedback processor"). */
export function AiInstructionsCard() {
  return (
    <Card className="bg-brand-50/60">
      <h2 className="text-lg font-semibold">How it works</h2>
      <ol className="mt-3 flex flex-col gap-2 text-sm text-ink-muted">
        {STEPS.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-bold text-white"
            >
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-xs text-ink-muted">
        Every feedback sent through the app is processed the same way. The
        processor works offline; when an AI model is configured, it is used
        instead.
      </p>
    </Card>
  );
}
