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
