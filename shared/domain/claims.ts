/**
 * Waiting feedback and the public claim page (#35, DECISIONS.md "Waiting
 * feedback"). Counts arrive bucketed from the database
 * (private.report_bucket), so that one new report cannot be watched
 * arriving; these are the same buckets and their words.
 */
import { CATEGORY_INFO, FEEDBACK_CATEGORIES } from './categories.ts';
import type { FeedbackCategory } from './categories.ts';

/** Lower bounds of the buckets after 0 (private.report_bucket says the same). */
export const REPORT_BUCKETS = [
  1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000,
  100000,
] as const;

/** The bucket a count falls in: the largest lower bound not above it. */
export function reportBucket(reports: number): number {
  let bucket = 0;
  for (const b of REPORT_BUCKETS) if (b <= reports) bucket = b;
  return bucket;
}

const number = (n: number) => n.toLocaleString('en-US');

/** "Fewer than 5", "5–9", "10–24", …, "100,000+"; "None" for 0. */
export function bucketRange(bucket: number): string {
  if (bucket <= 0) return 'None';
  const i = REPORT_BUCKETS.findIndex((b) => b === bucket);
  if (i === -1) return `${number(bucket)}+`;
  if (i === 0) return `Fewer than ${REPORT_BUCKETS[1]}`;
  const next = REPORT_BUCKETS[i + 1];
  return next === undefined
    ? `${number(bucket)}+`
    : `${number(bucket)}–${number(next - 1)}`;
}

/** "Fewer than 5 reports", "10–24 reports", "No reports". */
export function bucketReports(bucket: number): string {
  if (bucket <= 0) return 'No reports';
  return `${bucketRange(bucket)} reports`;
}

/** One month of the claim page: `YYYY-MM` and its bucket. */
export interface ClaimMonth {
  month: string;
  reports: number;
}

/** What get_domain_claim answers. */
export type DomainClaim =
  | { domain: string; status: 'claimed' }
  | {
      domain: string;
      status: 'waiting' | 'none';
      reports: number;
      categories: Record<FeedbackCategory, number>;
      months: ClaimMonth[];
    };

/** The categories of a claim in form order, with their labels. */
export function claimCategories(
  categories: Record<FeedbackCategory, number>,
): { key: FeedbackCategory; label: string; reports: number }[] {
  return FEEDBACK_CATEGORIES.map((key) => ({
    key,
    label: CATEGORY_INFO[key].marketingLabel,
    reports: categories[key] ?? 0,
  }));
}

/** "Nov 2026" for `2026-11`, in UTC like the buckets. */
export function claimMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString(
    'en-US',
    { month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
}

/** The author's note where they send feedback about a waiting site. */
export function waitingNotice(host: string, bucket: number): string {
  const others =
    bucket > 1
      ? ` ${bucketReports(bucket)} are waiting for it.`
      : bucket === 1
        ? ' Fewer than 5 reports are waiting for it.'
        : '';
  return `${host} is not on Peega yet: your feedback waits for its owner.${others} The XP for sending is yours now; the XP for a verdict comes when the owner reads it and acts.`;
}

/** What each waiting author is told once when the owner verifies the domain. */
export function ownerJoinedNotice(domain: string): string {
  return `The owner of ${domain} joined Peega and can now read your feedback.`;
}

/** The "owner joined" e-mail to an author who turned it on (#35). */
export function ownerJoinedWords(domain: string): {
  subject: string;
  intro: string;
  next: string;
} {
  return {
    subject: `The owner of ${domain} joined Peega`,
    intro: ownerJoinedNotice(domain),
    next: 'Your feedback is in their inbox now. When they act on it, you hear it on your dashboard, with the XP of the verdict.',
  };
}

/** The sentence an author shares to invite a site. */
export function inviteText(host: string): string {
  return `People are waiting for ${host} on Peega: see the feedback waiting for your site and claim it.`;
}
