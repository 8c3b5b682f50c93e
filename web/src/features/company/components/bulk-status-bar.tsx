import { toast } from '@web/lib/toast';
import { statusInfo, type FeedbackStatus } from '@shared/domain/statuses';
import { bulkMoveSummary } from '@shared/domain/triage';
import { useSetStatuses } from '@web/api/companies/use-workspace';
import { Button } from '@web/components/ui/button';

const MOVES: FeedbackStatus[] = ['in_progress', 'completed', 'rejected'];

/**
 * Several selected feedback to one status in one action (#21); each author
 * is notified and rewarded as for a single change. Feedback that cannot make
 * the move (still pending: not opened; already there) is left as it is, said
 * in the toast, and stays selected (#40 item 6).
 */
export function BulkStatusBar({
  ids,
  onDone,
}: {
  ids: string[];
  /** The move ended: what to keep selected (the skipped), or nothing. */
  onDone: (keep: string[]) => void;
}) {
  const bulk = useSetStatuses();
  if (ids.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Selected feedback"
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 shadow-sm"
    >
      <p className="mr-auto text-sm font-semibold">{ids.length} selected</p>
      <span className="text-sm text-ink-muted">Move to</span>
      {MOVES.map((s) => (
        <Button
          key={s}
          size="sm"
          variant="secondary"
          disabled={bulk.isPending}
          onClick={() =>
            bulk.mutate(
              { ids, status: s },
              {
                onSuccess: (result) => {
                  const { title, description } = bulkMoveSummary(
                    result,
                    ids.length,
                    statusInfo(s).label,
                  );
                  if (description) toast.warning(title, { description });
                  else toast.success(title);
                  onDone(result.skipped.map((x) => x.id));
                },
                onError: (err) =>
                  toast.error('Status not changed', {
                    description: err.message,
                  }),
              },
            )
          }
        >
          {statusInfo(s).label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" onClick={() => onDone([])}>
        Clear
      </Button>
    </div>
  );
}
