/**
 * Triage of a company's feedback (#21): the company's own priority and the
 * wording of its activity log.
 */

/** A company's priorities, most urgent first (the AI uses the same three). */
export const TRIAGE_PRIORITIES = ['high', 'medium', 'low'] as const;

export type TriagePriority = (typeof TRIAGE_PRIORITIES)[number];

/** 'High', 'Medium', 'Low'. */
export function priorityLabel(p: TriagePriority): string {
  return p.charAt(0).toUpperCase() + p.slice(1);
}

/** Kinds of activity the database logs. */
export type ActivityKind =
  'status' | 'assigned' | 'priority' | 'note' | 'message' | 'answer';

/**
 * What an activity entry says after its actor's e-mail ("set the status to
 * Completed"); `statusLabel` names a stored status.
 */
export function activityLine(
  kind: ActivityKind,
  detail: string | null,
  statusLabel: (s: string) => string,
): string {
  switch (kind) {
    case 'status':
      return `set the status to ${statusLabel(detail ?? '')}`;
    case 'assigned':
      return detail ? `assigned it to ${detail}` : 'unassigned it';
    case 'priority':
      return `set the priority to ${priorityLabel((detail ?? 'low') as TriagePriority)}`;
    case 'note':
      return 'added a note';
    case 'message':
      return 'asked the author';
    case 'answer':
      return 'answered';
  }
}

/** Why a bulk move left a feedback as it was (update_feedback_statuses). */
export type BulkSkipReason =
  'same_status' | 'not_opened' | 'not_allowed' | 'not_found';

export interface BulkMoveResult {
  moved: number;
  skipped: { id: string; status: string | null; reason: BulkSkipReason }[];
}

const SKIP_TEXT: Record<BulkSkipReason, (n: number, status: string) => string> =
  {
    same_status: (n, status) =>
      `${n} ${n === 1 ? 'was' : 'were'} already ${status}`,
    not_opened: (n) =>
      `${n} ${n === 1 ? 'is' : 'are'} still pending: open ${n === 1 ? 'it' : 'them'} first`,
    not_allowed: (n, status) =>
      `${n} cannot move to ${status} from ${n === 1 ? 'its' : 'their'} status`,
    not_found: (n) =>
      `${n} ${n === 1 ? 'is' : 'are'} no longer on your verified domains`,
  };

/**
 * The toast of a bulk move: how many moved and, when some did not, which
 * reasons kept how many (#40 item 6); the skipped stay selected.
 */
export function bulkMoveSummary(
  result: BulkMoveResult,
  total: number,
  statusLabel: string,
): { title: string; description: string | null } {
  const title = `${result.moved} of ${total} feedback moved to ${statusLabel}`;
  if (result.skipped.length === 0) return { title, description: null };
  const counts = new Map<BulkSkipReason, number>();
  for (const s of result.skipped)
    counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const order: BulkSkipReason[] = [
    'not_opened',
    'same_status',
    'not_allowed',
    'not_found',
  ];
  const parts = order
    .filter((r) => counts.has(r))
    .map((r) => SKIP_TEXT[r](counts.get(r)!, statusLabel));
  return {
    title,
    description: `Not moved: ${parts.join('; ')}. ${result.skipped.length === 1 ? 'It stays' : 'They stay'} selected.`,
  };
}
