import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { parseBody, queryValue } from './params.ts';
import {
  passwordWeakness,
  spendPasswordCheck,
  verifyPassword,
} from './passwords.ts';
import { redeemAuthCode } from './pkce.ts';
import { limitAccount, limitRequest, refundAccount } from './rate-limit.ts';
import { refreshTokenGrant } from './refresh.ts';
import type { AuthMethod } from './sessions.ts';
import { issueSession } from './tokens.ts';
import { findUserByEmail, findUserById } from './users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

/** `ResourceOwnerPasswordGrant` for e-mail users. */
async function passwordGrant(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const p = parseBody(req, 'PasswordGrantParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
  });
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (!p.email && p.phone) {
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!p.email) throw badRequest('validation_failed', 'missing email or phone');

  // Every attempt takes a slot of the account's bucket before the password
  // is compared (so parallel guesses cannot overrun it); a right password
  // hands it back, so only failures count. Unknown addresses count alike.
  const account = await limitAccount(ctx, req, 'signin', p.email.trim());
  const user = await findUserByEmail(ctx.db, p.email);
  if (!user || !user.encrypted_password) {
    await spendPasswordCheck(p.password);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (user.banned_until && user.banned_until > ctx.now()) {
    throw badRequest('user_banned', 'User is banned');
  }
  if (!(await verifyPassword(p.password, user.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  await refundAccount(ctx.db, 'signin', account);
  if (!user.email_confirmed_at) {
    throw badRequest('email_not_confirmed', 'Email not confirmed');
  }
  const weak = passwordWeakness(ctx.config.auth.password, p.password);
  const session = await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, user, 'login', { provider: 'email' });
    return issueSession(ctx, tx, user, 'password', req);
  });
  if (weak) {
    session.weak_password = { message: weak.message, reasons: weak.reasons };
  }
  return sendJson(200, session);
}

/** `PKCE`: the session for an e-mail link's auth code and its verifier. */
async function pkceGrant(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const p = parseBody(req, 'PKCEGrantParams', {
    auth_code: 'string',
    code_verifier: 'string',
  });
  if (!p.auth_code || !p.code_verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await ctx.db.transaction(async (tx) => {
    const flow = await redeemAuthCode(ctx, tx, p.auth_code, p.code_verifier);
    const user = (await findUserById(tx, flow.userId))!;
    await audit(ctx, tx, req, user, 'login');
    return issueSession(ctx, tx, user, flow.method as AuthMethod, req);
  });
  return sendJson(200, session);
}

/** POST /token: the grant named by `grant_type`, rate limited per IP. */
export async function token(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const grantType = queryValue(req, 'grant_type');
  if (grantType === 'password') {
    await limitRequest(ctx, req, 'token');
    return passwordGrant(ctx, req);
  }
  if (grantType === 'refresh_token') {
    await limitRequest(ctx, req, 'refresh');
    const p = parseBody(req, 'RefreshTokenGrantParams', {
      refresh_token: 'string',
    });
    return sendJson(200, await refreshTokenGrant(ctx, req, p.refresh_token));
  }
  if (grantType === 'pkce') {
    await limitRequest(ctx, req, 'refresh');
    return pkceGrant(ctx, req);
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}
