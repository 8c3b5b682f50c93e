import { WEEKLY_SUMMARY_ANCHOR } from '@shared/domain/app-paths';
import {
  useSetWeeklySummary,
  useWeeklySummary,
} from '@web/api/companies/insights';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/lib/toast';
import { WeeklySummaryPreview } from './weekly-summary-preview';

/** The member's own weekly summary e-mail (#22); every member has one. */
export function WeeklySummaryCard() {
  const summary = useWeeklySummary();
  const update = useSetWeeklySummary();
  const [previewing, setPreviewing] = useState(false);
  function onChange(on: boolean) {
    update.mutate(on, {
      onSuccess: () =>
        toast.success(on ? 'Weekly summary on' : 'Weekly summary off', {
          description: on
            ? 'You get a summary of last week every Monday.'
            : 'You will not get the weekly summary any more.',
        }),
      onError: (err) =>
        toast.error('Update failed', { description: err.message }),
    });
  }
  return (
    <Card id={WEEKLY_SUMMARY_ANCHOR} className="scroll-mt-20">
      <h2 className="text-lg font-bold">Weekly summary</h2>
      <p className="mt-1 mb-4 text-sm text-ink-muted">
        An e-mail to you every Monday: what arrived last week by category,
        rising topics and the feedback waiting longest. Only you can turn it on
        or off.
      </p>
      <Switch
        label="E-mail me a weekly summary"
        checked={(update.isPending ? update.variables : summary.data) ?? false}
        disabled={summary.isPending || update.isPending}
        onChange={onChange}
      />
      <Button
        variant="secondary"
        size="sm"
        className="mt-4"
        onClick={() => setPreviewing(true)}
      >
        Preview the summary
      </Button>
      <WeeklySummaryPreview
        open={previewing}
        onClose={() => setPreviewing(false)}
      />
    </Card>
  );
}
