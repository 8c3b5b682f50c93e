import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { validateEmail } from './email.ts';
import { badRequest, forbidden, sendJson, unprocessable } from './errors.ts';
import { parseBody } from './params.ts';
import {
  limitRequest,
  resetCodeAttempts,
  takeCodeAttempt,
} from './rate-limit.ts';
import { tokenHash } from './secrets.ts';
import { issueSession, type SessionResponse } from './tokens.ts';
import type { User } from './users.ts';
import { refreshProviders } from './user-updates.ts';
import { applyVerification, SINGLE_CONFIRMATION } from './verify-apply.ts';
import { verifyEmailAndToken, verifyTokenHash } from './verify-token.ts';

type Outcome = SessionResponse | 'single';

async function finish(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  user: User,
): Promise<SessionResponse> {
  await refreshProviders(tx, user, ctx.now());
  return issueSession(ctx, tx, user, 'otp', req);
}

const VERIFY_PARAMS = {
  type: 'string',
  token: 'string',
  token_hash: 'string',
  email: 'string',
  phone: 'string',
  redirect_to: 'string',
} as const;

/** POST /verify (`verifyOtp`): a token hash, or an address and its code. */
export async function verifyPost(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await limitRequest(ctx, req, 'verify');
  const p = parseBody(req, 'VerifyParams', VERIFY_PARAMS);
  if (!p.type) {
    throw badRequest(
      'validation_failed',
      'Verify requires a verification type',
    );
  }
  if ((!p.token && !p.token_hash) || (p.token && p.token_hash)) {
    throw badRequest(
      'validation_failed',
      'Verify requires either a token or a token hash',
    );
  }
  let email = '';
  if (p.token) {
    if (p.phone && !p.email) {
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    }
    if (!p.email || p.phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validateEmail(p.email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (p.email || p.phone || p.redirect_to) {
    throw badRequest(
      'validation_failed',
      'Only the token_hash and type should be provided',
    );
  }
  // A code has OTP_MAX_ATTEMPTS guesses; once they are used up it is voided,
  // so the right code fails too and only a new e-mail brings a new one.
  if (p.token && !(await takeCodeAttempt(ctx, email))) {
    await ctx.db.transaction((tx) => voidCodes(tx, email));
    throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
  const hash = p.token_hash || tokenHash(ctx.config.jwtSecret, email, p.token);
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    const { user, type } = p.token_hash
      ? await verifyTokenHash(ctx, tx, p.type, hash)
      : await verifyEmailAndToken(ctx, tx, p.type, email, hash);
    if (user.email) await resetCodeAttempts(tx, user.email);
    if (email) await resetCodeAttempts(tx, email);
    const applied = await applyVerification(ctx, tx, req, user, type, hash);
    return applied === 'single' ? applied : finish(ctx, tx, req, applied);
  });
  if (outcome === 'single') {
    return sendJson(200, { msg: SINGLE_CONFIRMATION, code: '200' });
  }
  return sendJson(200, outcome);
}

/**
 * Voids every e-mailed code of an address (as the current or the new
 * address of an e-mail change): what a guessed-out code comes to.
 */
export async function voidCodes(tx: Queryable, email: string): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `update auth.users
        set confirmation_token = '', recovery_token = '',
            email_change_token_new = '', email_change_token_current = '',
            reauthentication_token = ''
      where lower(email) = $1 or lower(email_change) = $1
      returning id`,
    [email.toLowerCase()],
  );
  for (const { id } of rows) {
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
  }
}
