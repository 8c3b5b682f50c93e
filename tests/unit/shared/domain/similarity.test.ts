import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  feedbackSimilarity,
  isSameFeedback,
  SIMILAR_THRESHOLD,
} from '../../../../shared/domain/similarity.ts';

// Issue #23: the labelled pairs (tests/fixtures/ai/similar-pairs.tsv): the
// same problem or request in other words, languages and lengths, against
// hard negatives (same subject, another symptom or a request instead of a
// report).
const pairs = readFileSync(
  new URL('../../../fixtures/ai/similar-pairs.tsv', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [same, a, b] = line.split('\t');
    return { same: same === '1', a: a!, b: b! };
  });

describe('feedbackSimilarity', () => {
  it('has a labelled set of at least 100 pairs, both kinds', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(100);
    expect(pairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(40);
    expect(pairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(40);
  });

  it('reaches precision ≥ 90 % at recall ≥ 70 % on the labelled pairs', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const p of pairs) {
      const said = isSameFeedback(p.a, p.b);
      if (said && p.same) tp++;
      else if (said) fp++;
      else if (p.same) fn++;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.7);
  });

  it('is symmetric, 1 for the same text and 0 without shared content', () => {
    const a = 'The checkout crashes when I pay with PayPal.';
    const b = 'Paying with PayPal makes the checkout crash.';
    expect(feedbackSimilarity(a, b)).toBe(feedbackSimilarity(b, a));
    expect(feedbackSimilarity(a, a)).toBe(1);
    expect(feedbackSimilarity(a, 'Do you ship to Canada?')).toBeLessThan(
      SIMILAR_THRESHOLD,
    );
  });

  it('tells a report from a request about the same subject', () => {
    expect(
      isSameFeedback(
        'The checkout page crashes when I pay with PayPal.',
        'Please add PayPal as a payment option.',
      ),
    ).toBe(false);
  });
});
