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
