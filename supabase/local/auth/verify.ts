import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { validateEmail } from './email.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { parseBody } from './params.ts';
import { limitRequest } from './rate-limit.ts';
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
  const hash = p.token_hash || tokenHash(email, p.token);
  const outcome: Outcome = await ctx.db.transaction(async (tx) => {
    const { user, type } = p.token_hash
      ? await verifyTokenHash(ctx, tx, p.type, hash)
      : await verifyEmailAndToken(ctx, tx, p.type, email, hash);
    const applied = await applyVerification(ctx, tx, req, user, type, hash);
    return applied === 'single' ? applied : finish(ctx, tx, req, applied);
  });
  if (outcome === 'single') {
    return sendJson(200, { msg: SINGLE_CONFIRMATION, code: '200' });
  }
  return sendJson(200, outcome);
}
