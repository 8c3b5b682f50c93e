// Pure rules of the Insights view (#22): the stacked series a chart draws,
// the answered share and how durations and weeks read.
// The shape get_company_insights answers (docs/insights.md).
export const INSIGHT_CATEGORIES = [
  'bug',
  'feature',
  'improvement',
  'other',
  'uncategorised',
] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

export const INSIGHT_SENTIMENTS = [
  'positive',
  'neutral',
  'negative',
  'unknown',
] as const;
export type InsightSentiment = (typeof INSIGHT_SENTIMENTS)[number];

export type InsightWeek = {
  /** Monday of the week (UTC), YYYY-MM-DD. */
  week: string;
  total: number;
  answered: number;
} & Record<InsightCategory, number> &
  Record<InsightSentiment, number>;

export interface CompletionWeek {
  week: string;
  completed: number;
  median_hours: number | null;
  p75_hours: number | null;
}

export interface InsightTopic {
  id: string;
  title: string;
  status: string;
}

export interface CompanyInsights {
  weeks: number;
  from: string;
  generated_at: string;
  total: number;
  answered: number;
  per_week: InsightWeek[];
  completion: {
    completed: number;
    median_hours: number | null;
    p75_hours: number | null;
  };
  completion_per_week: CompletionWeek[];
  top_topics: (InsightTopic & { feedback: number; contributors: number })[];
  rising_topics: (InsightTopic & { recent: number; previous: number })[];
}

export const INSIGHT_WEEK_CHOICES = [4, 12, 26, 52] as const;
export const DEFAULT_INSIGHT_WEEKS = 12;

export const CATEGORY_LABELS = {
  bug: 'Bugs',
  feature: 'Features',
  improvement: 'Improvements',
  other: 'Other',
  uncategorised: 'Not yet sorted',
} as const;

export const SENTIMENT_LABELS = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  unknown: 'Not yet read by the AI',
} as const;

/**
 * Running sums of the series, bottom first: what a stacked chart draws
 * (each band from the previous sum to its own). Same lengths as the input.
 */
export function stack(series: number[][]): number[][] {
  const sums: number[][] = [];
  series.forEach((s, i) => {
    sums.push(s.map((v, j) => v + (i > 0 ? sums[i - 1]![j]! : 0)));
  });
  return sums;
}

/** The series of `keys` over the weeks, in order. */
export function seriesOf<K extends keyof InsightWeek>(
  weeks: InsightWeek[],
  keys: readonly K[],
): number[][] {
  return keys.map((k) => weeks.map((w) => Number(w[k]) || 0));
}

/** Keys that have any non-zero week (a chart shows only those). */
export function presentKeys<K extends keyof InsightWeek>(
  weeks: InsightWeek[],
  keys: readonly K[],
): K[] {
  return keys.filter((k) => weeks.some((w) => Number(w[k]) > 0));
}

/** Whole percent of answered feedback, or null when nothing arrived. */
export function answeredShare(answered: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((answered / total) * 100);
}

/** "5 h", "1.5 d", "12 d"; "—" when unknown. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours))
    return '—';
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  const days = hours / 24;
  return `${days < 10 ? Math.round(days * 10) / 10 : Math.round(days)} d`;
}

/** "24 Nov" for a week's Monday (UTC). */
export function weekLabel(week: string): string {
  return new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** Seconds since the epoch of each week's Monday: the charts' x values. */
export function weekSeconds(weeks: { week: string }[]): number[] {
  return weeks.map((w) => Date.parse(`${w.week}T00:00:00Z`) / 1000);
}

/** Median hours per week, null where nothing was completed. */
export function medianSeries(weeks: CompletionWeek[]): (number | null)[] {
  return weeks.map((w) => (w.completed > 0 ? w.median_hours : null));
}

/** Answered share per week (percent), null for empty weeks. */
export function answeredSeries(weeks: InsightWeek[]): (number | null)[] {
  return weeks.map((w) => answeredShare(w.answered, w.total));
}
