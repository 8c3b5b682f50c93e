/**
 * Quality score and reputation (consumer spec §3, §9; DECISIONS.md "Quality
 * score" and "Reputation").
 */

/** Lowest quality score. */
export const MIN_QUALITY_SCORE = 1;

/** Highest quality score. */
export const MAX_QUALITY_SCORE = 5;

/** Quality score of a feedback nobody has rated yet. */
export const DEFAULT_QUALITY_SCORE = 3;

/**
 * Label per quality score. The spec lists "Very Low, Low, Average, Good,
 * Excellent Quality"; we read "Quality" as applying to every entry so the
 * labels are consistent.
 */
export const QUALITY_SCORE_LABELS: Readonly<Record<number, string>> = {
  1: 'Very Low Quality',
  2: 'Low Quality',
  3: 'Average Quality',
  4: 'Good Quality',
  5: 'Excellent Quality',
};

/** Label of any value outside the whole numbers 1–5. */
export const UNKNOWN_QUALITY_LABEL = 'Unknown';

/**
 * True when `value` is a valid quality score: a whole number from 1 to 5.
 */
export function isQualityScore(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_QUALITY_SCORE &&
    value <= MAX_QUALITY_SCORE
  );
}

/**
 * Label of a quality score: 1 Very Low Quality … 5 Excellent Quality;
 * anything else (0, 6, 2.5, null) is 'Unknown'.
 */
export function qualityScoreLabel(score: number | null | undefined): string {
  return isQualityScore(score)
    ? (QUALITY_SCORE_LABELS[score] ?? UNKNOWN_QUALITY_LABEL)
    : UNKNOWN_QUALITY_LABEL;
}

/** Highest reputation. */
export const MAX_REPUTATION = 5;

/** Reputation of a user with no feedback. */
export const DEFAULT_REPUTATION = 0;

/** Weight of the average quality score. */
export const REPUTATION_QUALITY_WEIGHT = 0.5;

/** Weight of the share of upvotes among votes received. */
export const REPUTATION_VOTES_WEIGHT = 0.3;

/** Weight of the XP component. */
export const REPUTATION_XP_WEIGHT = 0.2;

/** XP at which the XP component is full. */
export const REPUTATION_XP_CAP = 1000;

/** What reputation is computed from. */
export interface ReputationInput {
  /** Number of feedback the user has submitted. */
  readonly feedbackCount: number;
  /** Average quality score (1–5) of that feedback; ignored when none. */
  readonly averageQualityScore: number;
  /** Upvotes received on the user's feedback. */
  readonly upvotes: number;
  /** Downvotes received on the user's feedback. */
  readonly downvotes: number;
  /** The user's total XP. */
  readonly xp: number;
}

/** Clamp `value` into [min, max]. */
function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Reputation from 0 to 5 with one decimal:
 *
 * `5 × (0.5 × avgQuality/5 + 0.3 × upShare + 0.2 × min(xp/1000, 1))`,
 * rounded half up to one decimal.
 *
 * - Each component is a share in [0, 1], so the weights sum to a share of
 *   the 5-point scale: quality is worth up to 2.5, votes up to 1.5, XP up
 *   to 1.0.
 * - `avgQuality` is clamped into 1–5; `upShare` is upvotes / (upvotes +
 *   downvotes), and 0 when no votes were received (reputation is earned,
 *   not assumed); negative XP counts as 0.
 * - A user with no feedback has 0.
 */
export function computeReputation(input: ReputationInput): number {
  if (input.feedbackCount <= 0) return DEFAULT_REPUTATION;
  const quality =
    clamp(input.averageQualityScore, MIN_QUALITY_SCORE, MAX_QUALITY_SCORE) /
    MAX_QUALITY_SCORE;
  const up = Math.max(input.upvotes, 0);
  const votes = up + Math.max(input.downvotes, 0);
  const upShare = votes > 0 ? up / votes : 0;
  const xpShare = clamp(input.xp / REPUTATION_XP_CAP, 0, 1);
  const raw =
    MAX_REPUTATION *
    (REPUTATION_QUALITY_WEIGHT * quality +
      REPUTATION_VOTES_WEIGHT * upShare +
      REPUTATION_XP_WEIGHT * xpShare);
  return roundToOneDecimal(raw);
}

/**
 * Round half up to one decimal, immune to binary float noise
 * (2.25 → 2.3, 1.05 → 1.1), like Postgres `round(numeric, 1)` on
 * non-negative values.
 */
export function roundToOneDecimal(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}

/**
 * Reputation as shown on the dashboard: one decimal, e.g. `'4.0'`; missing
 * values show the default `'0.0'`.
 */
export function formatReputation(value: number | null | undefined): string {
  return (value ?? DEFAULT_REPUTATION).toFixed(1);
}
