import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { checkFrequency, sendMail, verifyLink, type MailKind } from './mail.ts';
import { limitEmail, resetCodeAttempts } from './rate-limit.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { newOtp, tokenHash } from './secrets.ts';
import type { User } from './users.ts';
import { updateUser } from './user-updates.ts';

export type TokenType =
  | 'reauthentication_token'
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current';

/** `CreateOneTimeToken`: one row per user and token type. */
export async function storeOneTimeToken(
  tx: Queryable,
  user: User,
  type: TokenType,
  relatesTo: string,
  hash: string,
): Promise<void> {
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2`,
    [user.id, type],
  );
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)`,
    [user.id, type, hash, relatesTo],
  );
}

/**
 * GoTrue counts e-mails against RATE_LIMIT_EMAIL_SENT only while
 * confirmations are on (`sendEmail`, "deprecate this behaviour" note).
 */
async function countEmail(ctx: BackendContext, tx: Queryable) {
  if (!ctx.config.auth.autoconfirm) await limitEmail(ctx, tx);
}

async function sendTokenMail(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  kind: 'signup' | 'recovery' | 'magiclink',
  redirectTo: string,
  pkce: boolean,
): Promise<void> {
  const signup = kind === 'signup';
  checkFrequency(
    ctx,
    signup ? user.confirmation_sent_at : user.recovery_sent_at,
  );
  const email = user.email ?? '';
  const otp = newOtp();
  // PKCE links carry a prefixed token so /verify answers with an auth code.
  const hash =
    (pkce ? PKCE_PREFIX : '') + tokenHash(ctx.config.jwtSecret, email, otp);
  await countEmail(ctx, tx);
  const link = verifyLink(ctx, hash, kind, redirectTo);
  await sendMail(tx, { to: email, kind, otp, link });
  await resetCodeAttempts(tx, email);
  const now = ctx.now();
  await updateUser(
    tx,
    user.id,
    signup
      ? { confirmation_token: hash, confirmation_sent_at: now }
      : { recovery_token: hash, recovery_sent_at: now },
    now,
  );
  await storeOneTimeToken(
    tx,
    user,
    signup ? 'confirmation_token' : 'recovery_token',
    email,
    hash,
  );
}

export const sendConfirmation = (
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  redirectTo: string,
  pkce = false,
) => sendTokenMail(ctx, tx, user, 'signup', redirectTo, pkce);

export const sendRecovery = (
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  redirectTo: string,
  pkce = false,
) => sendTokenMail(ctx, tx, user, 'recovery', redirectTo, pkce);

/** Magic links share the recovery token and its frequency timer, as in GoTrue. */
export const sendMagicLink = (
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  redirectTo: string,
  pkce = false,
) => sendTokenMail(ctx, tx, user, 'magiclink', redirectTo, pkce);

/**
 * `sendInvite`: the invitation link and code, with no frequency limit (as in
 * GoTrue); sets `invited_at` and the confirmation token the link spends.
 */
export async function sendInvite(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  redirectTo: string,
): Promise<void> {
  const email = user.email ?? '';
  const otp = newOtp();
  const hash = tokenHash(ctx.config.jwtSecret, email, otp);
  await countEmail(ctx, tx);
  const link = verifyLink(ctx, hash, 'invite', redirectTo);
  await sendMail(tx, { to: email, kind: 'invite', otp, link });
  await resetCodeAttempts(tx, email);
  const now = ctx.now();
  await updateUser(
    tx,
    user.id,
    { confirmation_token: hash, confirmation_sent_at: now, invited_at: now },
    now,
  );
  await storeOneTimeToken(tx, user, 'confirmation_token', email, hash);
}

/**
 * `sendEmailChange` with secure e-mail change (GoTrue's default): a link to
 * the new address and one to the current address, both to be followed.
 */
export async function sendEmailChange(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  newEmail: string,
  redirectTo: string,
  pkce = false,
): Promise<void> {
  checkFrequency(ctx, user.email_change_sent_at);
  const kind: MailKind = 'email_change';
  const prefix = pkce ? PKCE_PREFIX : '';
  const otpNew = newOtp();
  const hashNew = prefix + tokenHash(ctx.config.jwtSecret, newEmail, otpNew);
  const current = user.email ?? '';
  const otpCurrent = current ? newOtp() : '';
  const hashCurrent = current
    ? prefix + tokenHash(ctx.config.jwtSecret, current, otpCurrent)
    : '';
  await countEmail(ctx, tx);
  await sendMail(tx, {
    to: newEmail,
    kind,
    otp: otpNew,
    newEmail,
    link: verifyLink(ctx, hashNew, kind, redirectTo),
  });
  if (current) {
    await sendMail(tx, {
      to: current,
      kind,
      otp: otpCurrent,
      newEmail,
      link: verifyLink(ctx, hashCurrent, kind, redirectTo),
    });
  }
  await resetCodeAttempts(tx, newEmail);
  if (current) await resetCodeAttempts(tx, current);
  const now = ctx.now();
  await updateUser(
    tx,
    user.id,
    {
      email_change: newEmail,
      email_change_token_new: hashNew,
      email_change_token_current: hashCurrent,
      email_change_sent_at: now,
      email_change_confirm_status: 0,
    },
    now,
  );
  if (hashCurrent) {
    await storeOneTimeToken(
      tx,
      user,
      'email_change_token_current',
      current,
      hashCurrent,
    );
  }
  await storeOneTimeToken(
    tx,
    user,
    'email_change_token_new',
    newEmail,
    hashNew,
  );
}

/** `sendReauthenticationOtp`: a code that proves the user reads the inbox. */
export async function sendReauthentication(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
): Promise<void> {
  checkFrequency(ctx, user.reauthentication_sent_at);
  const email = user.email ?? '';
  const otp = newOtp();
  const hash = tokenHash(ctx.config.jwtSecret, email, otp);
  await countEmail(ctx, tx);
  await sendMail(tx, { to: email, kind: 'reauthentication', otp });
  await resetCodeAttempts(tx, email);
  const now = ctx.now();
  await updateUser(
    tx,
    user.id,
    { reauthentication_token: hash, reauthentication_sent_at: now },
    now,
  );
  await storeOneTimeToken(tx, user, 'reauthentication_token', email, hash);
}
