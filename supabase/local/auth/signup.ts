import type { BackendContext } from '../context.ts';
import { isPgError } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { confirmEmail, createEmailUser } from './accounts.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { parseBody } from './params.ts';
import { createFlowState, pkceChallenge, type Challenge } from './pkce.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { limitRequest } from './rate-limit.ts';
import { redirectTarget } from './redirect.ts';
import { goTime, newId } from './secrets.ts';
import { issueSession } from './tokens.ts';
import { findUserById, findUserByEmail, userJson, type User } from './users.ts';
import { sendConfirmation } from './verification-mail.ts';

const SIGNUP_PARAMS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'map',
  channel: 'string',
  code_challenge_method: 'string',
  code_challenge: 'string',
} as const;

/**
 * `sanitizeUser`: what a repeated sign-up with confirmations on answers, so
 * that nobody learns whether the address is registered (no identities).
 */
function obfuscatedUser(
  existing: User,
  data: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const at = goTime(now);
  return {
    ...userJson(existing),
    id: newId(),
    role: '',
    phone: '',
    email_confirmed_at: undefined,
    phone_confirmed_at: undefined,
    confirmed_at: undefined,
    new_email: undefined,
    email_change_sent_at: undefined,
    last_sign_in_at: undefined,
    confirmation_sent_at: at,
    created_at: at,
    updated_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
  };
}

/** POST /signup (`api.Signup`), e-mail sign-ups only. */
export async function signup(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const p = parseBody(req, 'SignupParams', SIGNUP_PARAMS);
  if (!p.email && !p.phone) {
    throw unprocessable(
      'anonymous_provider_disabled',
      'Anonymous sign-ins are disabled',
    );
  }
  await limitRequest(ctx, req, 'token');
  if (!p.password) {
    throw badRequest('validation_failed', 'Signup requires a valid password');
  }
  checkPasswordStrength(p.password);
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  const challenge = pkceChallenge(p.code_challenge_method, p.code_challenge);
  if (!p.email) {
    throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  }
  const attempt = {
    email: validateEmail(p.email),
    password: p.password,
    data: p.data ?? {},
    challenge,
  };
  try {
    return await register(ctx, req, attempt);
  } catch (e) {
    // A concurrent sign-up of the same address won the unique index: answer
    // as for any existing address.
    if (isPgError(e) && e.code === '23505') return register(ctx, req, attempt);
    throw e;
  }
}

interface Attempt {
  email: string;
  password: string;
  data: Record<string, unknown>;
  challenge: Challenge | undefined;
}

/** The part of `api.Signup` after validation. */
async function register(
  ctx: BackendContext,
  req: ServiceRequest,
  { email, password, data, challenge }: Attempt,
): Promise<ServiceResponse> {
  const redirectTo = redirectTarget(ctx, req);
  const { autoconfirm } = ctx.config.auth;

  const existing = await findUserByEmail(ctx.db, email);
  // An unconfirmed account is not handed to whoever signs up again when
  // confirmations are off: it could belong to someone else.
  if (existing && (existing.email_confirmed_at || autoconfirm)) {
    await ctx.db.transaction((tx) =>
      audit(ctx, tx, req, existing, 'user_repeated_signup', {
        provider: 'email',
      }),
    );
    if (autoconfirm) {
      throw unprocessable('user_already_exists', 'User already registered');
    }
    return sendJson(200, obfuscatedUser(existing, data, ctx.now()));
  }
  const passwordHash = existing ? null : await hashPassword(password);

  const answer = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const user = existing
      ? (await findUserById(tx, existing.id, true))!
      : await createEmailUser(tx, { email, passwordHash, data }, now);
    if (autoconfirm) {
      await audit(ctx, tx, req, user, 'user_signedup', { provider: 'email' });
      await confirmEmail(tx, user, now);
      await audit(ctx, tx, req, user, 'login', { provider: 'email' });
      return issueSession(ctx, tx, user, 'password', req);
    }
    await audit(ctx, tx, req, user, 'user_confirmation_requested', {
      provider: 'email',
    });
    if (challenge) {
      await createFlowState(tx, user.id, 'email/signup', challenge, now);
    }
    await sendConfirmation(ctx, tx, user, redirectTo, !!challenge);
    return userJson((await findUserById(tx, user.id))!);
  });
  return sendJson(200, answer);
}
