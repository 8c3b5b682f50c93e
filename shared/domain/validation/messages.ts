/**
 * Every user-facing validation and rule message, in one place. Texts quoted
 * from the spec are copied character for character (consumer spec §5, §8;
 * company spec §5, §8); texts the spec does not give are marked "ours".
 * A message shown as a toast has a title and an optional description, like
 * the spec's "title / text" notation.
 */

import {
  AUDIO_MAX_MB,
  BLOG_IMAGE_MAX_MB,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SCREENSHOT_MAX_MB,
} from './limits.ts';

/** A toast: a title and an optional description. */
export interface ToastMessage {
  readonly title: string;
  readonly description?: string;
}

// ---------------------------------------------------------------------------
// Shared field messages (ours; the spec shows no texts for these).
// ---------------------------------------------------------------------------

/** Empty e-mail field (ours). */
export const EMAIL_REQUIRED = 'Please enter your email address.';

/** E-mail that is not an address (ours). */
export const EMAIL_INVALID = 'Please enter a valid email address.';

/** Empty password on sign-in (ours). */
export const PASSWORD_REQUIRED = 'Please enter your password.';

/** Empty confirm-password field (ours). */
export const CONFIRM_PASSWORD_REQUIRED = 'Please confirm your password.';

/** Empty full name on consumer sign-up (ours). */
export const FULL_NAME_REQUIRED = 'Please enter your full name.';

/** Empty company name on company sign-up (ours). */
export const COMPANY_NAME_REQUIRED = 'Please enter your company name.';

/** Website that is not an http(s) address with a valid host (ours). */
export const WEBSITE_URL_INVALID = 'Please enter a valid website URL.';

/** Domain entry that is not a valid host name (ours). */
export const DOMAIN_INVALID = 'Please enter a valid domain, like example.com.';

/** Empty tag name: the spec ignores it silently; this text is ours. */
export const TAG_NAME_REQUIRED = 'Please enter a tag name.';

/** Empty current password on the change-password form (ours). */
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';

/** Tag name with no letter or digit to make a slug from (ours). */
export const TAG_NAME_INVALID = 'Tag names need at least one letter or digit.';

/** Article whose slug and title give an empty slug (ours). */
export const BLOG_SLUG_INVALID =
  'Please enter a slug with at least one letter or digit.';

/** Featured image address that is not an http(s) URL (ours). */
export const BLOG_IMAGE_URL_INVALID = 'Please enter a valid image URL.';

/** Profile value outside its option list (ours; the UI cannot send one). */
export const PROFILE_OPTION_INVALID =
  'Please choose one of the listed options.';

/** Tech knowledge outside 1–10 (ours; the slider cannot send one). */
export const TECH_KNOWLEDGE_INVALID =
  'Technological knowledge must be a whole number from 1 to 10.';

// ---------------------------------------------------------------------------
// Passwords (DECISIONS.md: one minimum of 8 everywhere).
// ---------------------------------------------------------------------------

/**
 * Password shorter than {@link PASSWORD_MIN_LENGTH}: the company spec's
 * 'Password too short' toast with 6 raised to 8.
 */
export const PASSWORD_TOO_SHORT = {
  title: 'Password too short',
  description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
} as const satisfies ToastMessage;

// The 429 message lives in its own module so the data client, which every
// route loads, does not pull this catalogue into every bundle.
export { tooManyAttemptsMessage } from './retry-message.ts';

/** Password longer than {@link PASSWORD_MAX_LENGTH} (ours). */
export const PASSWORD_TOO_LONG = {
  title: 'Password too long',
  description: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
} as const satisfies ToastMessage;

// ---------------------------------------------------------------------------
// Consumer sign-up (consumer spec §5).
// ---------------------------------------------------------------------------

/** Consumer sign-up with the terms box unticked (no final period). */
export const CONSUMER_TERMS_REQUIRED =
  'Please accept the terms and conditions to continue';

/** Consumer sign-up with different passwords. */
export const CONSUMER_PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

// ---------------------------------------------------------------------------
// Feedback form and uploads (consumer spec §5, §8).
// ---------------------------------------------------------------------------

/** Title, description or company name missing. */
export const FEEDBACK_MISSING_INFORMATION = {
  title: 'Missing information',
  description: 'Please fill in title, description, and company name.',
} as const satisfies ToastMessage;

/** Submitting while signed out. */
export const FEEDBACK_AUTH_REQUIRED = {
  title: 'Authentication required',
  description: 'Please sign in to submit feedback.',
} as const satisfies ToastMessage;

/** Screenshot that is not an image. */
export const SCREENSHOT_INVALID_TYPE = {
  title: 'Invalid file type',
  description: 'Please select an image file.',
} as const satisfies ToastMessage;

/** Screenshot over 5 MB. */
export const SCREENSHOT_TOO_LARGE = {
  title: 'File too large',
  description: `Please select an image smaller than ${SCREENSHOT_MAX_MB}MB.`,
} as const satisfies ToastMessage;

/** Audio that is not an audio file (title from §8 "Wrong file"). */
export const AUDIO_INVALID_TYPE = {
  title: 'Invalid file type',
  description: 'Please select an audio file.',
} as const satisfies ToastMessage;

/** Audio over 10 MB (title from §8 "File too large"). */
export const AUDIO_TOO_LARGE = {
  title: 'File too large',
  description: `Please select an audio file smaller than ${AUDIO_MAX_MB}MB.`,
} as const satisfies ToastMessage;

/**
 * Success toast after submitting: 'Feedback submitted! 🎉' / 'Thank you for
 * your feedback. You earned N points!'.
 */
export function feedbackSubmittedMessage(points: number): ToastMessage {
  return {
    title: 'Feedback submitted! 🎉',
    description: `Thank you for your feedback. You earned ${points} points!`,
  };
}

/**
 * Notice on the form once the daily XP cap is reached (ours; DECISIONS.md
 * asks the form to say so). `cap` is the number of feedback per UTC day.
 */
export function dailyXpCapNotice(cap: number): string {
  return `You've reached today's limit of ${cap} feedback that earn XP. You can still send feedback, but it earns 0 XP until midnight UTC.`;
}

// ---------------------------------------------------------------------------
// Company sign-up and settings (company spec §5, §8).
// ---------------------------------------------------------------------------

/** Company sign-up with different passwords. */
export const COMPANY_PASSWORDS_DO_NOT_MATCH = {
  title: "Passwords don't match",
  description: 'Please ensure both passwords are the same.',
} as const satisfies ToastMessage;

/** Company sign-up with the terms box unticked (final period). */
export const COMPANY_TERMS_REQUIRED = {
  title: 'Terms required',
  description: 'Please accept the terms and conditions to continue.',
} as const satisfies ToastMessage;

/**
 * Company sign-up with an e-mail that already has an account (a company's,
 * or a consumer's who can add a company profile after signing in; the
 * message does not tell which, so it reveals no more than sign-up does).
 */
export const COMPANY_ACCOUNT_EXISTS = {
  title: 'Account exists',
  description:
    'An account with this email already exists. Please sign in instead: you can add a company profile to it.',
} as const satisfies ToastMessage;

/** Change password with a confirmation different from the new password. */
export const CHANGE_PASSWORD_MISMATCH = {
  title: 'Password mismatch',
  description: "New password and confirmation don't match.",
} as const satisfies ToastMessage;

// ---------------------------------------------------------------------------
// Company dashboard (company spec §2, §8).
// ---------------------------------------------------------------------------

/**
 * View allowance used up. Daily (free): 'Daily limit reached' / 'You've
 * reached your daily limit of 5 feedback views. Upgrade to view more.'
 * (spec). Weekly (pro) uses the same wording with 'weekly' (ours).
 */
export function viewLimitReachedMessage(
  period: 'daily' | 'weekly',
  limit: number,
): ToastMessage {
  return {
    title: period === 'daily' ? 'Daily limit reached' : 'Weekly limit reached',
    description: `You've reached your ${period} limit of ${limit} feedback views. Upgrade to view more.`,
  };
}

/** Note beside disabled vote controls on the user's own feedback. */
export const CANNOT_VOTE_OWN_FEEDBACK = 'You cannot vote on your own feedback';

/** Second vote by the same user (database code 23505). */
export const ALREADY_VOTED = {
  title: 'Already voted',
  description: 'You have already voted on this feedback.',
} as const satisfies ToastMessage;

// ---------------------------------------------------------------------------
// Blog admin (company spec §5, §8).
// ---------------------------------------------------------------------------

/** Saving an article without title or content (toast title 'Error'). */
export const BLOG_TITLE_AND_CONTENT_REQUIRED = {
  title: 'Error',
  description: 'Title and content are required',
} as const satisfies ToastMessage;

/** Blog image that is not an image (no final period). */
export const BLOG_IMAGE_INVALID_TYPE = 'Please select an image file';

/** Blog image over 5 MB (no final period). */
export const BLOG_IMAGE_TOO_LARGE = `Image must be less than ${BLOG_IMAGE_MAX_MB}MB`;

// ---------------------------------------------------------------------------
// From a schema issue back to its toast.
// ---------------------------------------------------------------------------

/** Every toast whose description a schema uses as its issue message. */
const TOASTS: readonly ToastMessage[] = [
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG,
  FEEDBACK_MISSING_INFORMATION,
  SCREENSHOT_INVALID_TYPE,
  SCREENSHOT_TOO_LARGE,
  AUDIO_INVALID_TYPE,
  AUDIO_TOO_LARGE,
  COMPANY_PASSWORDS_DO_NOT_MATCH,
  COMPANY_TERMS_REQUIRED,
  CHANGE_PASSWORD_MISMATCH,
  BLOG_TITLE_AND_CONTENT_REQUIRED,
];

/**
 * Toast for a schema issue message. Schemas carry a toast's description as
 * their message; this finds the title that goes with it. A message with no
 * toast becomes a toast with that message as its title.
 */
export function toastForIssue(message: string): ToastMessage {
  return (
    TOASTS.find((toast) => toast.description === message) ?? { title: message }
  );
}
