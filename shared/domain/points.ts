/**
 * Experience points (XP) rules: consumer spec §9 "XP and points", refined by
 * DECISIONS.md "Points, levels, badges, reputation". The database awards the
 * points; these functions state the amounts so the UI can preview them and
 * the SQL can be tested against the same numbers.
 */

/** XP for submitting a feedback without attachments. */
export const FEEDBACK_BASE_POINTS = 5;

/** Extra XP when the feedback has a screenshot. */
export const SCREENSHOT_BONUS_POINTS = 1;

/** Extra XP when the feedback has an audio recording. */
export const AUDIO_BONUS_POINTS = 1;

/** Most XP one feedback can earn by itself (5 + 1 + 1). */
export const MAX_FEEDBACK_POINTS = 7;

/** Separate bonus record for the user's very first feedback. */
export const FIRST_FEEDBACK_BONUS_POINTS = 10;

/** XP for completing the profile questionnaire, awarded once. */
export const PROFILE_COMPLETED_POINTS = 30;

/** XP for verifying the LinkedIn account, awarded once. */
export const LINKEDIN_VERIFIED_POINTS = 30;

/** XP each side of a successful referral gets (invitee and inviter). */
export const REFERRAL_POINTS = 30;

/** XP to the author when a company marks their feedback completed (once). */
export const FEEDBACK_COMPLETED_POINTS = 10;

/**
 * XP to the author for answering a company's question about their feedback
 * (#21): once per question, never to a member of the asking company.
 */
export const QUESTION_ANSWERED_POINTS = 3;

/** Most `question_answered` awards one user earns per UTC calendar day. */
export const DAILY_ANSWER_XP_CAP = 5;

/**
 * Anti-farming cap: feedback XP (the 5/6/7 and the first-feedback bonus) is
 * awarded for at most this many feedback per user per UTC calendar day.
 */
export const DAILY_FEEDBACK_XP_CAP = 20;

/** Every `user_points.action_type` the product writes. */
export const POINT_ACTION_TYPES = [
  'feedback_submitted',
  'first_feedback',
  'profile_completed',
  'linkedin_verified',
  'referral_bonus',
  'referral_completed',
  'feedback_completed',
  'spam_reversal',
  'question_answered',
] as const;

/** A `user_points.action_type` value. */
export type PointActionType = (typeof POINT_ACTION_TYPES)[number];

/** One `user_points` record to write: an action and its (signed) XP. */
export interface PointAward {
  readonly actionType: PointActionType;
  readonly points: number;
}

/**
 * Fixed XP of each one-off action: `profile_completed` 30,
 * `linkedin_verified` 30, `referral_bonus` 30 (invitee), `referral_completed`
 * 30 (inviter), `feedback_completed` 10, `first_feedback` 10,
 * `question_answered` 3.
 */
export const FIXED_ACTION_POINTS = {
  first_feedback: FIRST_FEEDBACK_BONUS_POINTS,
  profile_completed: PROFILE_COMPLETED_POINTS,
  linkedin_verified: LINKEDIN_VERIFIED_POINTS,
  referral_bonus: REFERRAL_POINTS,
  referral_completed: REFERRAL_POINTS,
  feedback_completed: FEEDBACK_COMPLETED_POINTS,
  question_answered: QUESTION_ANSWERED_POINTS,
} as const satisfies Partial<Record<PointActionType, number>>;

/** Attachments of a feedback that change its XP. */
export interface FeedbackAttachments {
  readonly hasScreenshot: boolean;
  readonly hasAudio: boolean;
}

/**
 * XP of the `feedback_submitted` record: 5, +1 with a screenshot, +1 with
 * audio, so 5 to 7. Ignores the first-feedback bonus and the daily cap.
 */
export function feedbackPoints({
  hasScreenshot,
  hasAudio,
}: FeedbackAttachments): number {
  return (
    FEEDBACK_BASE_POINTS +
    (hasScreenshot ? SCREENSHOT_BONUS_POINTS : 0) +
    (hasAudio ? AUDIO_BONUS_POINTS : 0)
  );
}

/** Input of {@link feedbackAwards}. */
export interface FeedbackAwardInput extends FeedbackAttachments {
  /** True when this is the user's very first feedback ever. */
  readonly isFirstFeedback: boolean;
  /**
   * How many feedback the same user already submitted earlier in the same
   * UTC calendar day (all of them, whether they earned XP or not).
   */
  readonly submittedTodayBefore: number;
}

/**
 * True when a new feedback still earns XP under the daily cap: the user sent
 * fewer than 20 feedback earlier that UTC day. The 21st and later earn 0 XP
 * but are still accepted.
 */
export function isWithinDailyXpCap(submittedTodayBefore: number): boolean {
  return submittedTodayBefore < DAILY_FEEDBACK_XP_CAP;
}

/**
 * How many feedback the user sent earlier on `today` (a UTC day key, see
 * utcDayKey) by `user_stats`' own counter, the one the server's daily cap
 * reads: 0 when the counter belongs to another day or is not known.
 */
export function sentTodayFromStats(
  stats:
    | { day_feedback_date: string | null; day_feedback_count: number }
    | null
    | undefined,
  today: string,
): number {
  return stats?.day_feedback_date === today ? stats.day_feedback_count : 0;
}

/**
 * Point records a new feedback earns: `feedback_submitted` (5 to 7) plus, for
 * the very first feedback, `first_feedback` (+10). Empty when the daily cap
 * is reached (see {@link isWithinDailyXpCap}).
 */
export function feedbackAwards(input: FeedbackAwardInput): PointAward[] {
  if (!isWithinDailyXpCap(input.submittedTodayBefore)) return [];
  const awards: PointAward[] = [
    { actionType: 'feedback_submitted', points: feedbackPoints(input) },
  ];
  if (input.isFirstFeedback) {
    awards.push({
      actionType: 'first_feedback',
      points: FIRST_FEEDBACK_BONUS_POINTS,
    });
  }
  return awards;
}

/** Sum of the points of some awards (may be negative). */
export function totalAwardedPoints(awards: readonly PointAward[]): number {
  return awards.reduce((sum, award) => sum + award.points, 0);
}

/**
 * XP a new feedback will earn, as shown on the submit button and in the
 * success toast: 5 to 7, +10 for the first feedback, 0 past the daily cap.
 */
export function feedbackPointsPreview(input: FeedbackAwardInput): number {
  return totalAwardedPoints(feedbackAwards(input));
}

/**
 * Record that takes back the feedback XP of a feedback flagged as spam:
 * `spam_reversal` with the negated sum of what that feedback earned
 * (`feedback_submitted` and `first_feedback`). Null when it earned nothing,
 * so no zero record is written. Badges already earned stay.
 */
export function spamReversal(earnedForFeedback: number): PointAward | null {
  if (earnedForFeedback <= 0) return null;
  return { actionType: 'spam_reversal', points: -earnedForFeedback };
}

/**
 * Human label of an action type: underscores shown as spaces (spec §3), e.g.
 * `feedback_submitted` → `feedback submitted`, and the brand spelled as such
 * (`linkedin_verified` → `LinkedIn verified`; issue #19 item 12). Works for
 * unknown action types too.
 */
export function actionTypeLabel(actionType: string): string {
  return actionType.replaceAll('_', ' ').replace(/\blinkedin\b/g, 'LinkedIn');
}

/**
 * Signed XP amount as shown in the experience history and referral list:
 * `+30 XP`, `-7 XP`, `0 XP`.
 */
export function formatXp(points: number): string {
  return `${points > 0 ? '+' : ''}${points} XP`;
}
