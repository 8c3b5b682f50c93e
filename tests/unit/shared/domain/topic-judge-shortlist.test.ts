import { describe, expect, it } from 'vitest';
import {
  JUDGE_SHORTLIST,
  shortlistForJudge,
  type TopicCandidate,
} from '../../../../shared/domain/topic-placement.ts';

// What an LLM is asked to judge (#22): the plausible candidates only, best
// first, at most JUDGE_SHORTLIST of them.
const candidate = (id: string, text: string): TopicCandidate => ({
  feedbackId: id,
  text,
  topicId: null,
  topicState: null,
  proposalId: null,
  clustered: false,
});

describe('shortlistForJudge', () => {
  it('keeps plausible candidates, best first, and drops unrelated ones', () => {
    const list = shortlistForJudge(
      'Dark mode\nPlease add a dark mode, the white pages hurt my eyes at night.',
      [
        candidate(
          'far',
          'Checkout crash\nThe checkout crashes when I pay with PayPal.',
        ),
        candidate(
          'near',
          'Dark mode request\nI would like a dark mode option, white hurts my eyes.',
        ),
        candidate(
          'same',
          'Dark mode\nPlease add a dark mode, the white pages hurt my eyes at night.',
        ),
      ],
    );
    expect(list.map((c) => c.feedbackId)).toEqual(['same', 'near']);
  });

  it('asks about at most JUDGE_SHORTLIST candidates', () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      candidate(`c${i}`, `Dark mode ${i}\nPlease add a dark mode.`),
    );
    expect(
      shortlistForJudge('Dark mode\nPlease add a dark mode.', many),
    ).toHaveLength(JUDGE_SHORTLIST);
  });
});
