// Insights (#22): the company's feedback over the weeks, and the member's
// own weekly summary e-mail choice. Shapes: docs/insights.md.
import { unwrap, type Client } from './client.ts';

import type { CompanyInsights } from '../domain/insights.ts';
import type { WeeklySummaryContent } from '../domain/weekly-summary.ts';

export {
  INSIGHT_CATEGORIES,
  INSIGHT_SENTIMENTS,
  type CompanyInsights,
  type CompletionWeek,
  type InsightCategory,
  type InsightSentiment,
  type InsightTopic,
  type InsightWeek,
} from '../domain/insights.ts';

/** The insights of the caller's company over the last `weeks` (1..52) weeks. */
export async function getCompanyInsights(
  client: Client,
  weeks: number,
): Promise<CompanyInsights> {
  return unwrap(
    await client.rpc('get_company_insights', { p_weeks: weeks }),
  ) as unknown as CompanyInsights;
}

/** Whether the caller gets the weekly summary e-mail. */
export async function getWeeklySummary(client: Client): Promise<boolean> {
  return Boolean(unwrap(await client.rpc('get_weekly_summary')));
}

export async function setWeeklySummary(
  client: Client,
  on: boolean,
): Promise<boolean> {
  return Boolean(unwrap(await client.rpc('set_weekly_summary', { p_on: on })));
}

/** The caller's company's weekly summary for the last complete week, as Monday's e-mail says it (#40 item 20). */
export async function previewWeeklySummary(
  client: Client,
): Promise<WeeklySummaryContent> {
  const rows = unwrap(await client.rpc('preview_weekly_summary')) as unknown as
    WeeklySummaryContent[] | null;
  const row = rows?.[0];
  if (!row) throw new Error('No summary to preview.');
  return row;
}
