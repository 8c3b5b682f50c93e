import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { ViewedFeedback } from '@shared/data/companies';
import { toCsv } from '@shared/domain/csv';
import { companyActions } from '@web/api/companies/company-actions';
import { Button } from '@web/components/ui/button';

const COLUMNS = [
  { header: 'id', value: (r: ViewedFeedback) => r.id },
  {
    header: 'first_viewed_at',
    value: (r: ViewedFeedback) => r.first_viewed_at,
  },
  { header: 'created_at', value: (r: ViewedFeedback) => r.created_at },
  { header: 'title', value: (r: ViewedFeedback) => r.title },
  { header: 'description', value: (r: ViewedFeedback) => r.description },
  { header: 'category', value: (r: ViewedFeedback) => r.category },
  { header: 'status', value: (r: ViewedFeedback) => r.status },
  { header: 'website_url', value: (r: ViewedFeedback) => r.website_url },
  { header: 'quality_score', value: (r: ViewedFeedback) => r.quality_score },
  { header: 'upvotes', value: (r: ViewedFeedback) => r.upvotes },
  { header: 'downvotes', value: (r: ViewedFeedback) => r.downvotes },
  { header: 'priority', value: (r: ViewedFeedback) => r.priority },
  { header: 'sentiment', value: (r: ViewedFeedback) => r.sentiment },
] as const;

/** Downloads the feedback the company has opened as CSV. */
export function ExportButton() {
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      const rows = await companyActions.viewedFeedback();
      const blob = new Blob([toCsv(COLUMNS, rows)], {
        type: 'text/csv;charset=utf-8',
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `peega-feedback-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success('Export ready', {
        description: `${rows.length} viewed feedback exported.`,
      });
    } catch (err) {
      toast.error('Export failed', { description: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={onExport} disabled={busy}>
      Export CSV
    </Button>
  );
}
