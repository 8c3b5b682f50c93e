import { isSessionGone } from '../domain/session.ts';
import { REAUTHENTICATION_NEEDED } from '../domain/validation/account-messages.ts';
import type { Client } from './client.ts';
import { DataError, toDataError } from './client.ts';

/** Signs in with e-mail and password; throws the server's message. */
export async function signInWithPassword(
  client: Client,
  credentials: { email: string; password: string },
) {
  const { data, error } = await client.auth.signInWithPassword(credentials);
  if (error) throw toDataError(error);
  return data;
}

/**
 * Creates a consumer account. `session` is null when the backend asks for
 * e-mail confirmation first.
 */
export async function signUpWithPassword(
  client: Client,
  args: {
    email: string;
    password: string;
    fullName: string;
    redirectTo: string;
    /**
     * The referral code of the link the user came from. Stored with the
     * account, so the referral is recorded at sign-up (pending until the
     * invitee confirms their e-mail and sends a first real feedback) even
     * if the confirmation link opens in another browser.
     */
    referralCode?: string | null;
  },
) {
  const { data, error } = await client.auth.signUp({
    email: args.email,
    password: args.password,
    options: {
      data: {
        full_name: args.fullName,
        ...(args.referralCode ? { referral_code: args.referralCode } : {}),
      },
      emailRedirectTo: args.redirectTo,
    },
  });
  if (error) throw toDataError(error);
  return data;
}

/**
 * E-mails a one-time sign-in link to an existing account (no account is
 * made): the way in that others' wrong passwords cannot lock (#40 item 22).
 */
export async function requestSignInLink(
  client: Client,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  });
  if (error) throw toDataError(error);
}

/** Sends the password-reset e-mail; the link returns to `redirectTo`. */
export async function requestPasswordReset(
  client: Client,
  email: string,
  redirectTo: string,
): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo,
  });
  if (error) throw toDataError(error);
}

/**
 * Sets a new password for the signed-in (or recovering) user. The server
 * wants a recent sign-in (the change-password form signs in with the current
 * password first; a reset link signs in): a session older than a day gets
 * `reauthentication_needed`, told here in words.
 */
export async function updatePassword(
  client: Client,
  password: string,
): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error?.code === 'reauthentication_needed') {
    throw new DataError(REAUTHENTICATION_NEEDED, error.code, error.status);
  }
  if (error) throw toDataError(error);
}

/**
 * Sets a new password proving the current one in the same request
 * (`current_password`): the session stays as it is, so an aal2 session of
 * an account with two-factor authentication is not traded for an aal1 one.
 */
export async function updatePasswordWithCurrent(
  client: Client,
  password: string,
  currentPassword: string,
): Promise<void> {
  const { error } = await client.auth.updateUser({
    password,
    current_password: currentPassword,
  });
  if (error) throw toDataError(error);
}

/** Signs out of this device. */
export async function signOut(client: Client): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) throw toDataError(error);
}

/** Why a stored session is no longer usable, or null when it still is. */
export type SessionEnd = 'account-gone' | 'session-ended';

/**
 * Asks the server whether the stored session's user and session still
 * exist (supabase-js trusts a stored JWT until it expires). Network
 * failures answer null: a session is only ended on the server's word.
 */
export async function checkStoredSession(
  client: Client,
): Promise<SessionEnd | null> {
  const { error } = await client.auth.getUser();
  if (!error) return null;
  const code = 'code' in error ? error.code : undefined;
  if (code === 'user_not_found') return 'account-gone';
  return isSessionGone(error) ? 'session-ended' : null;
}
