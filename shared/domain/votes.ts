/**
 * Voting on feedback (consumer spec §5 "Voting", company spec §2, §4;
 * DECISIONS.md "Votes").
 */

/** Stored vote types. */
export const VOTE_TYPES = ['upvote', 'downvote'] as const;

/** A stored vote type. */
export type VoteType = (typeof VOTE_TYPES)[number];

/** Postgres unique-violation code returned for a second vote. */
export const DUPLICATE_VOTE_ERROR_CODE = '23505';

/** Why a vote is refused, or null when it is allowed. */
export type VoteRefusal = 'signed-out' | 'own-feedback' | 'already-voted';

/**
 * Whether a user may vote on a feedback: signed in (`voterId` not null),
 * not its author, and not voted on it before. Returns the first reason
 * that refuses the vote, or null when allowed.
 */
export function voteRefusal(
  voterId: string | null | undefined,
  authorId: string | null | undefined,
  alreadyVoted: boolean,
): VoteRefusal | null {
  if (voterId == null || voterId === '') return 'signed-out';
  if (voterId === authorId) return 'own-feedback';
  if (alreadyVoted) return 'already-voted';
  return null;
}

/** True when {@link voteRefusal} finds no reason to refuse. */
export function canVote(
  voterId: string | null | undefined,
  authorId: string | null | undefined,
  alreadyVoted: boolean,
): boolean {
  return voteRefusal(voterId, authorId, alreadyVoted) === null;
}
