import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_VOTE_ERROR_CODE,
  VOTE_TYPES,
  canVote,
  voteRefusal,
} from '@shared/domain/votes.ts';

describe('votes', () => {
  it('has two vote types and the duplicate code', () => {
    expect(VOTE_TYPES).toEqual(['upvote', 'downvote']);
    expect(DUPLICATE_VOTE_ERROR_CODE).toBe('23505');
  });

  it.each([
    ['u1', 'u2', false, null],
    ['u1', 'u1', false, 'own-feedback'],
    ['u1', 'u1', true, 'own-feedback'],
    ['u1', 'u2', true, 'already-voted'],
    ['u1', null, false, null],
    [null, 'u2', false, 'signed-out'],
    ['', 'u2', false, 'signed-out'],
    [undefined, undefined, false, 'signed-out'],
  ])('voter %j, author %j, voted %s → %j', (voter, author, voted, refusal) => {
    expect(voteRefusal(voter, author, voted)).toBe(refusal);
    expect(canVote(voter, author, voted)).toBe(refusal === null);
  });
});
