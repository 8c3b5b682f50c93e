import {
  NO_RISING_TOPIC,
  NOTHING_WAITING,
  weeklySummaryParts,
} from '@shared/domain/weekly-summary';
import { useWeeklySummaryPreview } from '@web/api/companies/insights';
import { Dialog } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';

/** A section of the summary: its lines, or what it says when empty. */
function Section({
  title,
  lines,
  none,
}: {
  title: string;
  lines: string[];
  none: string;
}) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      {lines.length ? (
        <ul className="mt-1 list-disc pl-5">
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-ink-muted">{none}</p>
      )}
    </section>
  );
}

/**
 * The weekly summary of the last complete week, as Monday's e-mail would
 * say it now (#40 item 20): the same words, from the same server function.
 */
export function WeeklySummaryPreview({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const preview = useWeeklySummaryPreview(open);
  const parts = preview.data
    ? weeklySummaryParts(preview.data, preview.dataUpdatedAt)
    : null;
  return (
    <Dialog open={open} onClose={onClose} title="Weekly summary preview">
      <div
        className="mt-3 flex flex-col gap-4 text-sm"
        data-testid="weekly-summary-preview"
      >
        {preview.isError ? (
          <p role="alert" className="text-red-600">
            {preview.error.message}
          </p>
        ) : !parts ? (
          <Skeleton className="h-40 rounded-xl" />
        ) : (
          <>
            <p className="font-medium">{parts.heading}</p>
            <p>{parts.arrived}</p>
            <Section
              title="Rising topics"
              lines={parts.rising}
              none={NO_RISING_TOPIC}
            />
            <Section
              title="Waiting longest"
              lines={parts.waiting}
              none={NOTHING_WAITING}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
