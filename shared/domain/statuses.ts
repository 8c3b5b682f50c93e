/**
 * Feedback statuses and their workflow (consumer spec §4 "Feedback status",
 * company spec §4; the allowed moves come from DECISIONS.md "Status changes").
 */

/** Stored status values, in workflow order. */
export const FEEDBACK_STATUSES = [
  'pending',
  'read',
  'in_progress',
  'completed',
  'rejected',
] as const;

/** A stored feedback status. */
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Status of a newly inserted feedback. */
export const INITIAL_FEEDBACK_STATUS: FeedbackStatus = 'pending';

/** Badge colour names; `grey` is for any value outside the five statuses. */
export type StatusColor =
  'yellow' | 'purple' | 'blue' | 'green' | 'red' | 'grey';

/** Display data of one status. */
export interface StatusInfo {
  /** Badge label. */
  readonly label: string;
  /** Badge colour (spec §4). */
  readonly color: StatusColor;
}

/**
 * Label and colour per status: pending yellow, read purple, in_progress blue,
 * completed green, rejected red (spec §4).
 */
export const STATUS_INFO: Readonly<Record<FeedbackStatus, StatusInfo>> = {
  pending: { label: 'Pending', color: 'yellow' },
  read: { label: 'Read', color: 'purple' },
  in_progress: { label: 'In Progress', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** Display of any status value the app does not know: grey, "Unknown". */
export const UNKNOWN_STATUS_INFO: StatusInfo = {
  label: 'Unknown',
  color: 'grey',
};

/** True when `value` is one of the five stored statuses (exact case). */
export function isFeedbackStatus(value: unknown): value is FeedbackStatus {
  return (
    typeof value === 'string' &&
    (FEEDBACK_STATUSES as readonly string[]).includes(value)
  );
}

/**
 * Label and colour for any status value; unknown, empty or missing values
 * get {@link UNKNOWN_STATUS_INFO} (grey).
 */
export function statusInfo(value: string | null | undefined): StatusInfo {
  return isFeedbackStatus(value) ? STATUS_INFO[value] : UNKNOWN_STATUS_INFO;
}

/**
 * Allowed status moves. Consumers never change a status. A company moves its
 * own feedback `pending → read` (automatically, on first open) and then to
 * `in_progress`, `completed` or `rejected`. Decision: between those three the
 * company may move freely (to correct a verdict); nothing ever goes back to
 * `pending` or `read`, and a move to the same status is not a transition.
 */
const ALLOWED_TRANSITIONS: Readonly<
  Record<FeedbackStatus, readonly FeedbackStatus[]>
> = {
  pending: ['read'],
  read: ['in_progress', 'completed', 'rejected'],
  in_progress: ['completed', 'rejected'],
  completed: ['in_progress', 'rejected'],
  rejected: ['in_progress', 'completed'],
};

/**
 * Statuses a feedback in `from` may move to (empty for unknown values).
 * See {@link canTransition} for the rule.
 */
export function nextStatuses(
  from: string | null | undefined,
): readonly FeedbackStatus[] {
  return isFeedbackStatus(from) ? ALLOWED_TRANSITIONS[from] : [];
}

/**
 * True when a company may move a feedback from `from` to `to`:
 * `pending → read`; `read → in_progress | completed | rejected`; and among
 * `in_progress`, `completed` and `rejected` in any direction. False for the
 * same status, for any move back to `pending` or `read`, for skipping `read`
 * and for unknown values.
 */
export function canTransition(
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  return isFeedbackStatus(to) && nextStatuses(from).includes(to);
}
