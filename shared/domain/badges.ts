/**
 * The 10 badges (consumer spec §3 "Badge definitions", §9 "Badges") and the
 * pure rules deciding which ones a user's counters earn. Badges are awarded
 * by database triggers, once per user (DECISIONS.md "Badges"); streaks count
 * UTC calendar days.
 */

/** Stored badge keys (`user_badges.badge_key`), in display order. */
export const BADGE_KEYS = [
  'first_shot',
  'feedback_streak_3',
  'feedback_streak_7',
  'helpful_voter',
  'quality_contributor',
  'bug_hunter',
  'feature_requester',
  'chatterbox',
  'snapshot_pro',
  'peega_legend',
] as const;

/**
 * A stored badge key. The legend key is the spec's `{product}_legend` with
 * the brand token `peega`; it is a stored identifier and does not follow a
 * later brand rename.
 */
export type BadgeKey = (typeof BADGE_KEYS)[number];

/** Total number of badges (spec: 10). */
export const TOTAL_BADGES = 10;

/** The user counter a badge is earned on. */
export type BadgeMetric =
  | 'feedbackCount'
  | 'longestStreakDays'
  | 'votesCast'
  | 'upvotesReceived'
  | 'bugReports'
  | 'featureRequests'
  | 'screenshotCount'
  | 'totalPoints';

/** One badge definition. */
export interface BadgeDefinition {
  readonly key: BadgeKey;
  /** Name as in the spec's table. */
  readonly name: string;
  /** The spec's condition text, first letter capitalised. */
  readonly description: string;
  /** Emoji stored in `user_badges.badge_emoji` (our choice; not in spec). */
  readonly emoji: string;
  /** Counter compared with {@link BadgeDefinition.threshold}. */
  readonly metric: BadgeMetric;
  /** The badge is earned when the counter is at least this value. */
  readonly threshold: number;
}

/**
 * The fixed list of 10 badges with their conditions: first feedback;
 * feedback on 3 and on 7 consecutive UTC days; 10 votes cast; 5 upvotes
 * received; 5 bug reports; 5 feature requests; 10 feedback; 10 screenshots;
 * 1000 or more points.
 */
export const BADGES: readonly BadgeDefinition[] = [
  {
    key: 'first_shot',
    name: 'First Shot',
    description: 'Submit first feedback',
    emoji: '🎯',
    metric: 'feedbackCount',
    threshold: 1,
  },
  {
    key: 'feedback_streak_3',
    name: '3-Day Streak',
    description: 'Feedback on 3 consecutive days',
    emoji: '🔥',
    metric: 'longestStreakDays',
    threshold: 3,
  },
  {
    key: 'feedback_streak_7',
    name: 'Week Warrior',
    description: '7 consecutive days',
    emoji: '⚔️',
    metric: 'longestStreakDays',
    threshold: 7,
  },
  {
    key: 'helpful_voter',
    name: 'Helpful Voter',
    description: 'Vote on 10 feedback items',
    emoji: '👍',
    metric: 'votesCast',
    threshold: 10,
  },
  {
    key: 'quality_contributor',
    name: 'Quality Contributor',
    description: '5 upvotes on your feedback',
    emoji: '⭐',
    metric: 'upvotesReceived',
    threshold: 5,
  },
  {
    key: 'bug_hunter',
    name: 'Bug Hunter',
    description: 'Report 5 bugs',
    emoji: '🐛',
    metric: 'bugReports',
    threshold: 5,
  },
  {
    key: 'feature_requester',
    name: 'Feature Requester',
    description: 'Request 5 features',
    emoji: '💡',
    metric: 'featureRequests',
    threshold: 5,
  },
  {
    key: 'chatterbox',
    name: 'Chatterbox',
    description: 'Submit 10 feedbacks',
    emoji: '💬',
    metric: 'feedbackCount',
    threshold: 10,
  },
  {
    key: 'snapshot_pro',
    name: 'Snapshot Pro',
    description: 'Submit 10 screenshots',
    emoji: '📸',
    metric: 'screenshotCount',
    threshold: 10,
  },
  {
    key: 'peega_legend',
    name: 'Legend',
    description: 'Reach 1000+ points',
    emoji: '👑',
    metric: 'totalPoints',
    threshold: 1000,
  },
];

/** True when `value` is one of the 10 badge keys. */
export function isBadgeKey(value: unknown): value is BadgeKey {
  return (
    typeof value === 'string' &&
    (BADGE_KEYS as readonly string[]).includes(value)
  );
}

/** Definition of a badge key, or undefined for unknown keys. */
export function badgeByKey(key: string): BadgeDefinition | undefined {
  return BADGES.find((badge) => badge.key === key);
}

/** Counter text of the badges page: `'N of 10 badges earned'`. */
export function badgeCountText(earned: number): string {
  return `${earned} of ${TOTAL_BADGES} badges earned`;
}

/** Title of the new-badge dialog. */
export const BADGE_DIALOG_TITLE = 'Congratulations!';

/** Button of the new-badge dialog. */
export const BADGE_DIALOG_BUTTON = 'Awesome!';

/** Tag on an earned badge card. */
export const BADGE_EARNED_TAG = 'Earned!';

/** Tag on a badge card not earned yet. */
export const BADGE_NOT_EARNED_TAG = 'Not Earned';

/** Body of the new-badge dialog: `You've earned the {badge} badge!`. */
export function badgeEarnedText(badgeName: string): string {
  return `You've earned the ${badgeName} badge!`;
}
