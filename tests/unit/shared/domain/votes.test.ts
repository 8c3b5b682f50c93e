import { describe, expect, it } from 'vitest';
import { DUPLICATE_VOTE_ERROR_CODE, VOTE_TYPES } from '@shared/domain/votes.ts';

describe('votes', () => {
  it('has two vote types and the duplicate code', () => {
    expect(VOTE_TYPES).toEqual(['upvote', 'downvote']);
    expect(DUPLICATE_VOTE_ERROR_CODE).toBe('23505');
  });
});
