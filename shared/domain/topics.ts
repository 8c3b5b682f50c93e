/**
 * Topics of the company workspace (#22): what the UI and the RPCs share.
 * Where a new feedback goes is topic-placement.ts (kept apart: it loads the
 * similarity model, which the web app does not need).
 */

import { nextStatuses, type FeedbackStatus } from './statuses.ts';

/** A topic holds at most this many feedback (RPC bound). */
export const TOPIC_MAX_FEEDBACK = 1000;
/** Sorts of the topic list. */
export const TOPIC_SORTS = ['contributors', 'votes', 'trend'] as const;
export type TopicSort = (typeof TOPIC_SORTS)[number];

/** "These 11 look like the same request". */
export const proposalHeadline = (count: number) =>
  `These ${count} look like the same request`;

/** "3 others reported this" (never who); null when nobody else. */
export function othersReported(others: number): string | null {
  if (others <= 0) return null;
  return others === 1
    ? '1 other reported this'
    : `${others} others reported this`;
}

/**
 * The statuses a topic can move to: as a feedback (canTransition), except
 * that a pending topic may go straight anywhere, its pending feedback being
 * marked read first (set_topic_status).
 */
export function topicStatusMoves(from: string): readonly FeedbackStatus[] {
  return from === 'pending'
    ? ['read', 'in_progress', 'completed', 'rejected']
    : nextStatuses(from);
}
