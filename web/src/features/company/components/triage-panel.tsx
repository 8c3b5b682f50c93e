import { useId } from 'react';
import { toast } from '@web/lib/toast';
import { timeAgo } from '@shared/domain/relative-date';
import { statusInfo, type FeedbackStatus } from '@shared/domain/statuses';
import {
  activityLine,
  TRIAGE_PRIORITIES,
  priorityLabel,
} from '@shared/domain/triage';
import {
  useAddNote,
  useFeedbackTriage,
  useSetAssignee,
  useSetPriority,
} from '@web/api/companies/use-workspace';
import { ThreadComposer } from '@web/components/thread/thread-view';

const selectClass =
  'h-9 rounded-lg border border-line bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

const failed = (what: string) => (err: Error) =>
  toast.error(what, { description: err.message });

/** Assignee and company priority of the detail (#21). */
export function TriageFields({ feedbackId }: { feedbackId: string }) {
  const triage = useFeedbackTriage(feedbackId);
  const assign = useSetAssignee(feedbackId);
  const prioritise = useSetPriority(feedbackId);
  const assigneeId = useId();
  const priorityId = useId();
  const t = triage.data;
  if (triage.isError)
    return (
      <p className="text-sm text-red-700">The triage could not be loaded.</p>
    );
  if (!t) return <div className="h-16 animate-pulse rounded-xl bg-line" />;
  return (
    <section aria-label="Triage">
      <div className="flex flex-wrap gap-4">
        {/* A long member address must not push the select off a phone. */}
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={assigneeId} className="text-sm font-semibold">
            Assignee
          </label>
          <select
            id={assigneeId}
            data-shortcut="assignee"
            className={`${selectClass} max-w-full`}
            value={t.assignee_id ?? ''}
            disabled={assign.isPending}
            onChange={(e) =>
              assign.mutate(e.target.value || null, {
                onSuccess: () => toast.success('Assignee saved'),
                onError: failed('Assignee not saved'),
              })
            }
          >
            <option value="">Unassigned</option>
            {t.members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={priorityId} className="text-sm font-semibold">
            Priority
          </label>
          <select
            id={priorityId}
            className={selectClass}
            value={t.priority ?? ''}
            disabled={prioritise.isPending}
            onChange={(e) => {
              const p = TRIAGE_PRIORITIES.find((x) => x === e.target.value);
              if (p)
                prioritise.mutate(p, {
                  onSuccess: () => toast.success('Priority saved'),
                  onError: failed('Priority not saved'),
                });
            }}
          >
            {!t.priority && <option value="">Not set</option>}
            {TRIAGE_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {priorityLabel(p)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}

/** Internal notes and the activity log of the detail (#21). */
export function TriageNotes({ feedbackId }: { feedbackId: string }) {
  const triage = useFeedbackTriage(feedbackId);
  const note = useAddNote(feedbackId);
  const t = triage.data;
  if (!t) return null;
  const now = new Date();
  return (
    <section className="flex flex-col gap-4" aria-label="Notes and activity">
      <div>
        <h3 className="text-sm font-semibold">Internal notes</h3>
        {t.notes.length > 0 && (
          <ul className="mt-2 flex flex-col gap-2" data-testid="notes">
            {t.notes.map((n) => (
              <li key={n.id} className="rounded-xl bg-amber-50 p-2 text-sm">
                <p className="break-words whitespace-pre-wrap">{n.body}</p>
                <p className="mt-1 text-xs text-ink-muted">
                  {n.author_email ?? 'A former member'} ·{' '}
                  {timeAgo(n.created_at, now)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2">
          <ThreadComposer
            label="Internal note"
            placeholder="Add a note for your team…"
            hint="Only your team sees notes."
            sending={note.isPending}
            onSend={(body, done) =>
              note.mutate(body, {
                onSuccess: () => {
                  done();
                  toast.success('Note added');
                },
                onError: failed('Note not added'),
              })
            }
          />
        </div>
      </div>
      {t.activity.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">
            Activity ({t.activity.length})
          </summary>
          <ol
            className="mt-2 flex flex-col gap-1 text-xs"
            data-testid="activity-log"
          >
            {t.activity.map((a, i) => (
              <li key={i}>
                <span className="font-medium">
                  {a.kind === 'answer'
                    ? 'The author'
                    : (a.actor_email ?? 'Peega')}
                </span>{' '}
                {activityLine(
                  a.kind,
                  a.detail,
                  (s) => statusInfo(s as FeedbackStatus).label,
                )}{' '}
                <span className="text-ink-muted">
                  · {timeAgo(a.created_at, now)}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
