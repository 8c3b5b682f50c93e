import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import {
  AuthError,
  badRequest,
  forbidden,
  sendJson,
  unprocessable,
} from './errors.ts';
import { requireUser } from './guard.ts';
import { parseBody } from './params.ts';
import { createFlowState, pkceChallenge } from './pkce.ts';
import {
  checkPasswordStrength,
  hashPassword,
  verifyPassword,
} from './passwords.ts';
import {
  limitAccount,
  limitRequest,
  OTP_EXPIRY_SECONDS,
  refundAccount,
  resetCodeAttempts,
  takeCodeAttempt,
} from './rate-limit.ts';
import { tokenHash } from './secrets.ts';
import { voidCodes } from './verify.ts';
import { redirectTarget } from './redirect.ts';
import { deleteUserSessions, sessionAal, type SessionRow } from './sessions.ts';
import {
  AUDIENCE,
  findUserByEmail,
  findUserById,
  userJson,
  type User,
} from './users.ts';
import { mergeMetadata, refreshProviders, updateUser } from './user-updates.ts';
import { applyVerification } from './verify-apply.ts';
import { sendEmailChange } from './verification-mail.ts';

/** GET /user: the token's user, if the token was issued for this audience. */
export async function getUser(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const { user, claims } = await requireUser(ctx, req);
  const aud = req.headers['x-jwt-aud'] || AUDIENCE;
  const tokenAud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (tokenAud !== aud) {
    throw badRequest(
      'validation_failed',
      "Token audience doesn't match request audience",
    );
  }
  return sendJson(200, userJson(user));
}

/**
 * `UpdatePassword`: a new password voids every pending token and ends the
 * user's other sessions (all of them when the token has no session).
 */
async function storePassword(
  tx: Queryable,
  user: User,
  hash: string,
  keepSession: string | undefined,
  now: Date,
): Promise<void> {
  await updateUser(
    tx,
    user.id,
    {
      encrypted_password: hash,
      confirmation_token: '',
      confirmation_sent_at: null,
      recovery_token: '',
      recovery_sent_at: null,
      email_change_token_current: '',
      email_change_token_new: '',
      email_change_sent_at: null,
      phone_change_sent_at: null,
      reauthentication_sent_at: null,
    },
    now,
  );
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [
    user.id,
  ]);
  await deleteUserSessions(tx, user.id, keepSession);
}

/**
 * GoTrue's `UpdatePasswordRequireReauthentication` (hosted "Secure password
 * change"): a new password needs a session signed in within the last 24
 * hours, or the nonce mailed by /reauthenticate, so a stolen older session
 * cannot take the account over (L7). `current_password` (auth-js
 * `UserAttributes`, GoTrue's UpdatePasswordRequireCurrentPassword) is
 * accepted as proof too; its wrong guesses count against the account's
 * sign-in limit and the nonce's against its code's attempts.
 */
async function requireRecentAuthentication(
  ctx: BackendContext,
  req: ServiceRequest,
  user: User,
  session: SessionRow | undefined,
  p: { current_password?: string; nonce: string },
): Promise<void> {
  const email = user.email ?? '';
  if (p.current_password !== undefined) {
    const key = await limitAccount(ctx, req, 'signin', email);
    if (!(await verifyPassword(p.current_password, user.encrypted_password))) {
      throw badRequest('invalid_credentials', CURRENT_PASSWORD_WRONG);
    }
    await refundAccount(ctx.db, 'signin', key);
    return;
  }
  const now = ctx.now().getTime();
  const windowMs = ctx.config.auth.passwordChangeRecentSeconds * 1000;
  const created = session && (await sessionCreatedAt(ctx.db, session.id));
  if (created && now <= created.getTime() + windowMs) return;
  if (!p.nonce) {
    throw badRequest(
      'reauthentication_needed',
      'Password update requires reauthentication',
    );
  }
  // `verifyReauthentication`: the mailed code, once, within the OTP expiry.
  const invalid = () =>
    badRequest('reauthentication_not_valid', 'Requires reauthentication');
  if (!(await takeCodeAttempt(ctx, email))) {
    await ctx.db.transaction((tx) => voidCodes(tx, email));
    throw invalid();
  }
  const sentAt = user.reauthentication_sent_at;
  const hash = tokenHash(ctx.config.jwtSecret, email, p.nonce);
  if (
    !user.reauthentication_token ||
    user.reauthentication_token !== hash ||
    !sentAt ||
    now > sentAt.getTime() + OTP_EXPIRY_SECONDS * 1000
  ) {
    throw invalid();
  }
  await ctx.db.transaction(async (tx) => {
    await updateUser(
      tx,
      user.id,
      { reauthentication_token: '', reauthentication_sent_at: null },
      ctx.now(),
    );
    await resetCodeAttempts(tx, email);
  });
}

/** The message of a wrong `current_password` (ours). */
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';

async function sessionCreatedAt(
  q: Queryable,
  id: string,
): Promise<Date | undefined> {
  const { rows } = await q.query<{ created_at: Date | null }>(
    'select created_at from auth.sessions where id = $1',
    [id],
  );
  const at = rows[0]?.created_at;
  return at ? new Date(at) : undefined;
}

const UPDATE_PARAMS = {
  email: 'string',
  password: 'ptr-string',
  current_password: 'ptr-string',
  nonce: 'string',
  data: 'map',
  app_metadata: 'map',
  phone: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

/** PUT /user (`UserUpdate`): metadata, password and e-mail changes. */
export async function updateCurrentUser(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const { user, session } = await requireUser(ctx, req);
  await limitRequest(ctx, req, 'user');
  const p = parseBody(req, 'UserUpdateParams', UPDATE_PARAMS);
  const email = p.email ? validateEmail(p.email) : '';
  const challenge = pkceChallenge(p.code_challenge_method, p.code_challenge);
  if (p.phone) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (p.password !== undefined)
    checkPasswordStrength(ctx.config.auth.password, p.password);
  if (p.app_metadata && user.role !== 'admin') {
    throw forbidden(
      'not_admin',
      'Updating app_metadata requires admin privileges',
    );
  }
  if (user.is_anonymous && p.password && !email && !p.phone) {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const changingEmail = email !== '' && email !== user.email;
  if (
    (changingEmail || (p.password !== undefined && p.password !== '')) &&
    user.factors.some((f) => f.status === 'verified') &&
    !(session && (await sessionAal(ctx.db, session.id)) === 'aal2')
  ) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (changingEmail) {
    const other = await findUserByEmail(ctx.db, email);
    if (other && other.id !== user.id) {
      throw unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
  }
  let passwordHash: string | undefined;
  if (p.password !== undefined) {
    await requireRecentAuthentication(ctx, req, user, session, p);
    if (await verifyPassword(p.password, user.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
    passwordHash = await hashPassword(p.password);
  }

  const redirectTo = redirectTarget(ctx, req);
  const updated = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (passwordHash !== undefined) {
      await storePassword(tx, user, passwordHash, session?.id, now);
      await audit(ctx, tx, req, user, 'user_updated_password');
    }
    let current = (await findUserById(tx, user.id, true))!;
    if (p.data) {
      const merged = mergeMetadata(current.raw_user_meta_data, p.data);
      await updateUser(tx, user.id, { raw_user_meta_data: merged }, now);
    }
    if (p.app_metadata) {
      const merged = mergeMetadata(current.raw_app_meta_data, p.app_metadata);
      await updateUser(tx, user.id, { raw_app_meta_data: merged }, now);
    }
    if (changingEmail && user.is_anonymous && ctx.config.auth.autoconfirm) {
      // GoTrue: an anonymous user adding an address with autoconfirm on is
      // like a sign-up; the address is taken at once and the user becomes
      // permanent (a permanent user always confirms a new address).
      await updateUser(tx, user.id, { email_change: email }, now);
      current = (await findUserById(tx, user.id))!;
      await applyVerification(ctx, tx, req, current, 'email_change', '');
      await refreshProviders(tx, (await findUserById(tx, user.id))!, now);
    } else if (changingEmail) {
      current = (await findUserById(tx, user.id))!;
      if (challenge) {
        await createFlowState(tx, user.id, 'email_change', challenge, now);
      }
      await sendEmailChange(ctx, tx, current, email, redirectTo, !!challenge);
    }
    await audit(ctx, tx, req, user, 'user_modified');
    return (await findUserById(tx, user.id))!;
  });
  return sendJson(200, userJson(updated));
}
