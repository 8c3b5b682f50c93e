import { describe, expect, it } from 'vitest';
import {
  classifyNaiveBayes,
  trainNaiveBayes,
} from '../../../../shared/domain/naive-bayes.ts';

const model = trainNaiveBayes(
  ['bug', 'feature'],
  [
    { features: ['crash', 'error'], label: 'bug' },
    { features: ['broken', 'error'], label: 'bug' },
    { features: ['please', 'add'], label: 'feature' },
  ],
);

describe('naive Bayes', () => {
  it('counts documents and features per label', () => {
    expect(model.docs).toEqual([2, 1]);
    expect(model.totals).toEqual([4, 2]);
    expect(model.features.error).toEqual([2, 0]);
  });

  it.each([
    [['crash'], 'bug'],
    [['please', 'add', 'error'], 'feature'],
    [['add'], 'feature'],
  ])('classifies %j as %s', (features, label) => {
    expect(classifyNaiveBayes(model, features)[0]!.label).toBe(label);
  });

  it('falls back to the priors for unknown features, probabilities summing to 1', () => {
    const scores = classifyNaiveBayes(model, ['unseen']);
    expect(scores[0]!.label).toBe('bug');
    expect(scores.reduce((a, s) => a + s.probability, 0)).toBeCloseTo(1);
  });

  it('refuses an example with an unknown label', () => {
    expect(() =>
      trainNaiveBayes(['bug'], [{ features: ['x'], label: 'other' }]),
    ).toThrow('Unknown label "other"');
  });

  it('smooths with each model its own vocabulary, however often it classifies', () => {
    const larger = trainNaiveBayes(
      ['bug', 'feature'],
      [
        { features: ['crash', 'error', 'a', 'b', 'c', 'd'], label: 'bug' },
        { features: ['please', 'add'], label: 'feature' },
      ],
    );
    const first = classifyNaiveBayes(model, ['crash'])[0]!.probability;
    const other = classifyNaiveBayes(larger, ['crash'])[0]!.probability;
    expect(other).not.toBeCloseTo(first, 6);
    expect(classifyNaiveBayes(model, ['crash'])[0]!.probability).toBe(first);
    expect(classifyNaiveBayes(larger, ['crash'])[0]!.probability).toBe(other);
  });
});
