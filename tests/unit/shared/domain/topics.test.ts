import { describe, expect, it } from 'vitest';
import {
  placeFeedback,
  type TopicCandidate,
} from '../../../../shared/domain/topic-placement.ts';
import {
  othersReported,
  proposalHeadline,
  topicStatusMoves,
} from '../../../../shared/domain/topics.ts';

const DARK =
  'Dark mode\nPlease add a dark mode, the white pages hurt my eyes at night.';
const DARK2 =
  'Dark mode request\nI would like a dark mode option, white hurts my eyes.';
const CRASH = 'Checkout crash\nThe checkout crashes when I pay with PayPal.';

const c = (
  feedbackId: string,
  text: string,
  more: Partial<TopicCandidate> = {},
): TopicCandidate => ({
  feedbackId,
  text,
  topicId: null,
  topicState: null,
  proposalId: null,
  clustered: false,
  ...more,
});

describe('placeFeedback', () => {
  it('joins the confirmed topic it matches, before any proposal', () => {
    const p = placeFeedback(DARK, [
      c('a', DARK2, { topicId: 't1', topicState: 'confirmed' }),
      c('b', DARK2, { proposalId: 'p1', clustered: true }),
      c('x', CRASH, { topicId: 't2', topicState: 'confirmed' }),
    ]);
    expect(p).toMatchObject({ kind: 'topic', topicId: 't1' });
    expect(p.kind === 'topic' && p.score).toBeGreaterThan(0.39);
  });

  it('a suggested item does not pull new feedback into its topic', () => {
    expect(
      placeFeedback(DARK, [
        c('a', DARK2, { topicId: 't1', topicState: 'suggested' }),
      ]),
    ).toEqual({ kind: 'none' });
  });

  it('joins the open proposal with the most matches and brings loose matches along', () => {
    const p = placeFeedback(DARK, [
      c('a', DARK2, { proposalId: 'p2', clustered: true }),
      c('b', DARK, { proposalId: 'p1', clustered: true }),
      c('c', DARK2, { proposalId: 'p1', clustered: true }),
      c('d', DARK2),
      c('x', CRASH),
    ]);
    expect(p).toEqual({
      kind: 'proposal',
      proposalId: 'p1',
      members: [{ feedbackId: 'd', score: expect.any(Number) }],
    });
  });

  it('forms a new proposal from similar feedback in none', () => {
    const p = placeFeedback(DARK, [c('d', DARK2), c('x', CRASH)]);
    expect(p).toMatchObject({
      kind: 'proposal',
      proposalId: null,
      members: [{ feedbackId: 'd' }],
    });
  });

  it('places nowhere when nothing is similar, or only dismissed groups are', () => {
    expect(placeFeedback(DARK, [c('x', CRASH)])).toEqual({ kind: 'none' });
    expect(placeFeedback(DARK, [])).toEqual({ kind: 'none' });
    expect(placeFeedback(DARK, [c('d', DARK2, { clustered: true })])).toEqual({
      kind: 'none',
    });
  });
});

describe('texts', () => {
  it('says how many, never who', () => {
    expect(proposalHeadline(11)).toBe('These 11 look like the same request');
    expect(othersReported(0)).toBeNull();
    expect(othersReported(1)).toBe('1 other reported this');
    expect(othersReported(10)).toBe('10 others reported this');
  });

  it('a pending topic moves anywhere; then as a feedback', () => {
    expect(topicStatusMoves('pending')).toEqual([
      'read',
      'in_progress',
      'completed',
      'rejected',
    ]);
    expect(topicStatusMoves('completed')).toEqual(['in_progress', 'rejected']);
  });
});
