/**
 * Feedback categories (consumer spec §1, §2 "Submit feedback", §3 "Feedback").
 */

/** Stored category keys, in form-button order. */
export const FEEDBACK_CATEGORIES = [
  'bug',
  'feature',
  'improvement',
  'other',
] as const;

/** A stored feedback category key. */
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Category stored when the user selects none (spec §3: "default other"). */
export const DEFAULT_FEEDBACK_CATEGORY: FeedbackCategory = 'other';

/** Display data of one category. */
export interface CategoryInfo {
  /** Stored key. */
  readonly key: FeedbackCategory;
  /** Label of the toggle button on the submit form (spec §2). */
  readonly formLabel: string;
  /** Label used in marketing copy (spec §1: "Bug, Idea/Feature, …"). */
  readonly marketingLabel: string;
  /**
   * Emoji shown before a feedback title in lists. The spec shows an emoji but
   * not which; these are our choice.
   */
  readonly emoji: string;
}

/** All categories with their labels and emoji, in form-button order. */
export const CATEGORY_INFO: Readonly<Record<FeedbackCategory, CategoryInfo>> = {
  bug: {
    key: 'bug',
    formLabel: 'Bug Report',
    marketingLabel: 'Bug',
    emoji: '🐛',
  },
  feature: {
    key: 'feature',
    formLabel: 'Feature Request',
    marketingLabel: 'Idea/Feature',
    emoji: '💡',
  },
  improvement: {
    key: 'improvement',
    formLabel: 'Improvement',
    marketingLabel: 'UX/Improvement',
    emoji: '✨',
  },
  other: {
    key: 'other',
    formLabel: 'Other',
    marketingLabel: 'Other',
    emoji: '💬',
  },
};

/**
 * The four toggle buttons of the feedback form, in order:
 * Bug Report, Feature Request, Improvement, Other.
 */
export const CATEGORY_FORM_BUTTONS: readonly CategoryInfo[] =
  FEEDBACK_CATEGORIES.map((key) => CATEGORY_INFO[key]);

/** True when `value` is one of the four stored category keys (exact case). */
export function isFeedbackCategory(value: unknown): value is FeedbackCategory {
  return (
    typeof value === 'string' &&
    (FEEDBACK_CATEGORIES as readonly string[]).includes(value)
  );
}

/**
 * Category to store or display for any value: a known key as is; null,
 * undefined, empty or unknown values become `'other'`.
 */
export function categoryOrDefault(
  value: string | null | undefined,
): FeedbackCategory {
  return isFeedbackCategory(value) ? value : DEFAULT_FEEDBACK_CATEGORY;
}

/**
 * Emoji for a category; unknown or missing categories use the emoji of
 * `'other'`.
 */
export function categoryEmoji(value: string | null | undefined): string {
  return CATEGORY_INFO[categoryOrDefault(value)].emoji;
}

/**
 * Form-button label for a category; unknown or missing categories read
 * `'Other'`.
 */
export function categoryLabel(value: string | null | undefined): string {
  return CATEGORY_INFO[categoryOrDefault(value)].formLabel;
}

/**
 * New selection after clicking a category button: clicking the selected one
 * clears it (null), clicking another selects that one (spec §2).
 */
export function toggleCategory(
  selected: FeedbackCategory | null,
  clicked: FeedbackCategory,
): FeedbackCategory | null {
  return selected === clicked ? null : clicked;
}
