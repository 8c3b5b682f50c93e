// The offline AI feedback processor on the held-out labelled set
// tests/fixtures/ai/feedback-eval.tsv (never used for training): accuracy per
// field and latency per item, against the targets of issue #11.
import { readFileSync } from 'node:fs';
import { processFeedbackRequestSchema } from '../../shared/domain/validation/ai.ts';
import { processOffline } from '../../supabase/functions/_shared/ai/offline.ts';
import type { BenchResult } from './types.ts';

interface Labelled {
  category: string;
  sentiment: string;
  priority: string;
  lang: string;
  text: string;
}

const TARGETS = { category: 0.85, sentiment: 0.8, priority: 0.7 } as const;
const P95_TARGET_MS = 50;

function readSet(): Labelled[] {
  const file = new URL('../fixtures/ai/feedback-eval.tsv', import.meta.url);
  const [, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  return lines.map((line) => {
    const [category, sentiment, priority, lang, text] = line.split('\t');
    return {
      category: category!,
      sentiment: sentiment!,
      priority: priority!,
      lang: lang!,
      text: text!,
    };
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export async function benchAi(): Promise<BenchResult[]> {
  const set = readSet();
  // Loading wink's model happens on import; one warm-up item for the JIT.
  processOffline(
    processFeedbackRequestSchema.parse({ rawFeedback: 'warm up' }),
  );
  const fields = ['category', 'sentiment', 'priority', 'language'] as const;
  const correct = { category: 0, sentiment: 0, priority: 0, language: 0 };
  const confusion: Record<string, Record<string, number>> = {};
  const nonEnglish = { n: 0, category: 0 };
  const times: number[] = [];
  for (const item of set) {
    const request = processFeedbackRequestSchema.parse({
      rawFeedback: item.text,
    });
    const t = performance.now();
    const result = processOffline(request);
    times.push(performance.now() - t);
    const expected = { ...item, language: item.lang };
    for (const f of fields) if (result[f] === expected[f]) correct[f]++;
    const row = (confusion[item.category] ??= {});
    row[result.category] = (row[result.category] ?? 0) + 1;
    if (item.lang !== 'en') {
      nonEnglish.n++;
      if (result.category === item.category) nonEnglish.category++;
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const accuracy = Object.fromEntries(
    fields.map((f) => [f, correct[f] / set.length]),
  ) as Record<(typeof fields)[number], number>;

  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return [
    {
      name: 'ai: offline processor, per feedback',
      median_ms: round(at(0.5)),
      p95_ms: round(at(0.95)),
      rps: Math.round(1000 / mean),
      notes: `${set.length} held-out texts; category confusion (expected → predicted): ${JSON.stringify(confusion)}`,
      accuracy,
      target: { p95_ms: P95_TARGET_MS },
    },
    ...fields.map((f) => ({
      name: `ai: ${f} accuracy`,
      median_ms: 0,
      p95_ms: 0,
      value: Math.round(accuracy[f] * 1000) / 10,
      unit: '%',
      ...(f in TARGETS
        ? { target: { min: TARGETS[f as keyof typeof TARGETS] * 100 } }
        : {}),
    })),
    {
      name: `ai: category accuracy, non-English (${nonEnglish.n})`,
      median_ms: 0,
      p95_ms: 0,
      value:
        Math.round((nonEnglish.category / Math.max(1, nonEnglish.n)) * 1000) /
        10,
      unit: '%',
    },
  ];
}
