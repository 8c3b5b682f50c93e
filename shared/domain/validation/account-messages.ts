// Account texts (nickname, password change) that only the account forms
// and the auth data functions use: kept out of messages.ts, which every
// route's bundle carries.

/**
 * Nickname another account already uses, compared case-insensitively (ours;
 * DECISIONS.md "Nicknames"). The database raises the same text with 23505.
 */
export const NICKNAME_TAKEN = 'This nickname is already taken.';

/** A password change from a session signed in too long ago (ours). */
export const REAUTHENTICATION_NEEDED =
  'For your security, please sign in again (or use a new password-reset link) before changing your password.';

/** The change-password form's current password was wrong (ours). */
export const CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect.';

/**
 * A stored session whose account was deleted (issue #19 item 10, ours): the
 * app signs it out instead of showing an empty dashboard.
 */
export const ACCOUNT_GONE = {
  title: 'Signed out',
  description:
    'This account no longer exists. Sign in with another account or sign up again.',
} as const;

/**
 * A new password chosen from a reset link (ours): the link already signed
 * the user in, so the toast does not ask them to sign in.
 */
export const PASSWORD_RESET_DONE = {
  title: 'Password updated',
  description: "Your new password is set and you're signed in.",
} as const;
