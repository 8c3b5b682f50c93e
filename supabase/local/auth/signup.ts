import type { BackendContext } from '../context.ts';
import { isPgError } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import {
  confirmEmail,
  createEmailUser,
  emailIdentityData,
  insertUser,
} from './accounts.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { parseBody } from './params.ts';
import { createFlowState, pkceChallenge, type Challenge } from './pkce.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { limitAccount, limitAnonymous, limitRequest } from './rate-limit.ts';
import { redirectTarget } from './redirect.ts';
import { newId } from './secrets.ts';
import { issueSession } from './tokens.ts';
import {
  AUDIENCE,
  findUserById,
  findUserByEmail,
  userJson,
  type User,
} from './users.ts';
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
 * What a repeated sign-up with confirmations on answers: GoTrue's
 * `sanitizeUser` (a new id, no confirmation, the sign-up's data), but shaped
 * exactly as a new user's answer, with the e-mail identity a new user gets.
 * GoTrue's own answer has `identities: []`, which is the well-known way to
 * tell a registered address from a new one (L8).
 */
function obfuscatedUser(
  email: string,
  data: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const id = newId();
  const identityData = emailIdentityData(id, email, data);
  return userJson({
    id,
    aud: AUDIENCE,
    role: AUDIENCE,
    email,
    phone: null,
    email_confirmed_at: null,
    invited_at: null,
    phone_confirmed_at: null,
    confirmation_sent_at: now,
    confirmed_at: null,
    recovery_sent_at: null,
    email_change: '',
    email_change_sent_at: null,
    phone_change: '',
    phone_change_sent_at: null,
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: identityData,
    created_at: now,
    updated_at: now,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
    identities: [
      {
        id: newId(),
        provider_id: id,
        user_id: id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: now,
        created_at: now,
        updated_at: now,
        email,
      },
    ],
    factors: [],
  } as unknown as User);
}

/** POST /signup (`api.Signup`), e-mail sign-ups only. */
export async function signup(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const p = parseBody(req, 'SignupParams', SIGNUP_PARAMS);
  if (!p.email && !p.phone) {
    if (!ctx.config.auth.anonymousUsers) {
      throw unprocessable(
        'anonymous_provider_disabled',
        'Anonymous sign-ins are disabled',
      );
    }
    await limitAnonymous(ctx, req);
    return signupAnonymously(ctx, req, p.data ?? {});
  }
  await limitRequest(ctx, req, 'token');
  if (!p.password) {
    throw badRequest('validation_failed', 'Signup requires a valid password');
  }
  checkPasswordStrength(ctx.config.auth.password, p.password);
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
  const email = validateEmail(p.email);
  await limitAccount(ctx, req, 'email', email);
  const attempt = {
    email,
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
      // Demo mode only by default (config.ts): GoTrue's answer, which tells
      // that the address is registered; demo accounts are not secret.
      throw unprocessable('user_already_exists', 'User already registered');
    }
    // A new address costs a password hash and a mail: spend the hash here
    // too, so the answer's time does not tell the two apart either.
    await hashPassword(password);
    return sendJson(200, obfuscatedUser(email, data, ctx.now()));
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

/**
 * `SignupAnonymously`: a user with no e-mail, password or identity,
 * `is_anonymous` set (and so the JWT's `is_anonymous` claim), the sign-up's
 * data as its user metadata and no provider in its app metadata, signed in
 * at once (`amr` method `anonymous`).
 */
async function signupAnonymously(
  ctx: BackendContext,
  req: ServiceRequest,
  data: Record<string, unknown>,
): Promise<ServiceResponse> {
  const session = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const id = await insertUser(
      tx,
      {
        email: null,
        passwordHash: null,
        userMetadata: data,
        appMetadata: {},
        isAnonymous: true,
      },
      now,
    );
    const user = (await findUserById(tx, id))!;
    return issueSession(ctx, tx, user, 'anonymous', req);
  });
  return sendJson(200, session);
}
