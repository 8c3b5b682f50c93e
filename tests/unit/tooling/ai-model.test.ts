import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAiModels } from '../../../supabase/functions/_shared/ai/training/train.ts';

describe('the shipped AI model', () => {
  it('is what scripts/train-ai-model.ts builds from the current examples', () => {
    const shipped = readFileSync(
      'supabase/functions/_shared/ai/model.generated.ts',
      'utf8',
    );
    expect(shipped === buildAiModels().source).toBe(true);
    // Training reads all ~800 examples: seconds on a shared, loaded machine.
  }, 60_000);

  it('was trained on none of the held-out evaluation texts', () => {
    const train = readFileSync(
      'supabase/functions/_shared/ai/training/examples.tsv',
      'utf8',
    );
    const trainTexts = new Set(
      train
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[4]),
    );
    const evalTexts = readFileSync(
      'tests/fixtures/ai/feedback-eval.tsv',
      'utf8',
    )
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t')[4]);
    expect(evalTexts.length).toBeGreaterThanOrEqual(350);
    expect(evalTexts.filter((t) => trainTexts.has(t))).toEqual([]);
    // The mixed multilingual set (#40 item 26) is held out from the
    // training examples and from the unit tests' tuning batches alike.
    const column = (file: string, i: number) =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t')[i]);
    const mixed = column('tests/fixtures/ai/feedback-eval-mixed.tsv', 6);
    const tuning = new Set(
      column('tests/unit/shared/domain/ai/mixed-batches.tsv', 7),
    );
    expect(mixed.length).toBeGreaterThanOrEqual(140);
    expect(mixed.filter((t) => trainTexts.has(t) || tuning.has(t))).toEqual([]);
  });
});
