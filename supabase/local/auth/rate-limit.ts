import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { AuthError } from './errors.ts';

/** The client address limits key on, decided by the gateway (client-address.ts). */
export function clientIp(req: ServiceRequest): string {
  return req.ip;
}

/**
 * Records one event in a sliding window unless `max` events are already in
 * it. Answers 0 when recorded, else the seconds until the oldest event
 * leaves the window (what `Retry-After` says). The advisory lock makes the
 * count and the insert atomic across concurrent requests on a real Postgres.
 */
async function take(
  q: Queryable,
  bucket: string,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  await q.query('select pg_advisory_xact_lock(hashtext($1))', [
    `auth-rate:${bucket}:${key}`,
  ]);
  const { rows } = await q.query<{ n: number; oldest: Date | null }>(
    `select count(*)::int as n, min(created_at) as oldest
       from auth.rate_limit_events
      where bucket = $1 and key = $2 and created_at > $3`,
    [bucket, key, since],
  );
  const n = rows[0]?.n ?? 0;
  if (n >= max) {
    const oldest = rows[0]?.oldest ? new Date(rows[0].oldest) : now;
    const left = oldest.getTime() + windowSeconds * 1000 - now.getTime();
    return Math.max(1, Math.ceil(left / 1000));
  }
  // Events out of the window are never counted again, for any address.
  await q.query(
    `delete from auth.rate_limit_events where bucket = $1 and created_at <= $2`,
    [bucket, since],
  );
  await q.query(
    `insert into auth.rate_limit_events (bucket, key, created_at)
     values ($1, $2, $3)`,
    [bucket, key, now.toISOString()],
  );
  return 0;
}

/** A 429 in GoTrue's shape that also says when to try again. */
export function rateLimited(
  code: 'over_request_rate_limit' | 'over_email_send_rate_limit',
  message: string,
  retryAfterSeconds: number,
): AuthError {
  return new AuthError(429, code, message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Per-IP request buckets and their limits per 5 minutes. */
export type RequestBucket =
  | 'token' // password sign-in and sign-up (hosted "sign-ups and sign-ins")
  | 'refresh'
  | 'verify'
  | 'recover'
  | 'resend'
  | 'otp'
  | 'user';

function limitOf(ctx: BackendContext, bucket: RequestBucket): number {
  const limits = ctx.config.auth.rateLimits;
  return bucket === 'refresh' ? limits.refresh : limits.tokenAndSignup;
}

const RATE_LIMIT_MESSAGE = 'Request rate limit reached';

/**
 * GoTrue's FactorChallenge and FactorVerify limiters: per IP, a token bucket
 * of 30 refilled at RATE_LIMIT_CHALLENGE_AND_VERIFY (15) a minute, kept here
 * as at most 30 requests in the 2 minutes that refill the bucket.
 */
export async function limitMfa(
  ctx: BackendContext,
  req: ServiceRequest,
  bucket: 'mfa_challenge' | 'mfa_verify',
): Promise<void> {
  const perMinute = ctx.config.auth.rateLimits.mfaChallengeAndVerify;
  const burst = 30;
  const window = Math.ceil((burst / perMinute) * 60);
  const wait = await ctx.db.transaction((tx) =>
    take(tx, bucket, clientIp(req), burst, window, ctx.now()),
  );
  if (wait)
    throw rateLimited('over_request_rate_limit', RATE_LIMIT_MESSAGE, wait);
}

/** 429 `over_request_rate_limit` once an IP used up its bucket (5 minutes). */
export async function limitRequest(
  ctx: BackendContext,
  req: ServiceRequest,
  bucket: RequestBucket,
): Promise<void> {
  const wait = await ctx.db.transaction((tx) =>
    take(tx, bucket, clientIp(req), limitOf(ctx, bucket), 300, ctx.now()),
  );
  if (wait)
    throw rateLimited('over_request_rate_limit', RATE_LIMIT_MESSAGE, wait);
}

/**
 * GoTrue's anonymous sign-in limiter (RATE_LIMIT_ANONYMOUS_USERS): sign-ins
 * per IP per hour, 429 `over_request_rate_limit` beyond it.
 */
export async function limitAnonymous(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<void> {
  const max = ctx.config.auth.rateLimits.anonymousUsers;
  const wait = await ctx.db.transaction((tx) =>
    take(tx, 'anonymous', clientIp(req), max, 3600, ctx.now()),
  );
  if (wait)
    throw rateLimited('over_request_rate_limit', RATE_LIMIT_MESSAGE, wait);
}

/**
 * Per-account buckets, keyed on the lower-cased e-mail address whether or
 * not it has an account (so a 429 tells nobody which addresses exist):
 * - `signin`: password attempts; a successful one is handed back
 *   (`refundAccount`), so only failures count;
 * - `email`: sign-ups, recovery, magic-link and resend requests, each of
 *   which mails the address.
 */
export type AccountBucket = 'signin' | 'email';

function accountLimitOf(ctx: BackendContext, bucket: AccountBucket) {
  const limits = ctx.config.auth.accountLimits;
  return bucket === 'signin'
    ? { max: limits.signInFailures, window: limits.signInWindow }
    : { max: limits.emailRequests, window: limits.emailWindow };
}

const KNOWN_BUCKET = 'account-known-address';
/** How long an address the account signed in from stays known. */
const KNOWN_SECONDS = 30 * 86_400;

const knownKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

/**
 * Notes that the account signed in from this address (every new session):
 * from there it keeps an allowance of its own when strangers use up the
 * account's shared one, so an attacker cannot lock the owner out.
 */
export async function rememberAddress(
  ctx: BackendContext,
  q: Queryable,
  req: ServiceRequest,
  email: string | null,
): Promise<void> {
  if (!email) return;
  const key = knownKey(email, clientIp(req));
  await q.query(
    `delete from auth.rate_limit_events where bucket = $1 and key = $2`,
    [KNOWN_BUCKET, key],
  );
  await q.query(
    `insert into auth.rate_limit_events (bucket, key, created_at)
     values ($1, $2, $3)`,
    [KNOWN_BUCKET, key, ctx.now().toISOString()],
  );
}

/**
 * The key an account's attempt is counted under: the address alone, shared
 * by every stranger, or, from an address the account signed in from in the
 * last 30 days, that address and account together.
 */
async function accountKey(
  ctx: BackendContext,
  req: ServiceRequest,
  email: string,
): Promise<string> {
  const own = knownKey(email, clientIp(req));
  const since = new Date(ctx.now().getTime() - KNOWN_SECONDS * 1000);
  const { rows } = await ctx.db.query(
    `select 1 from auth.rate_limit_events
      where bucket = $1 and key = $2 and created_at > $3 limit 1`,
    [KNOWN_BUCKET, own, since.toISOString()],
  );
  return rows.length ? own : email.toLowerCase();
}

/**
 * 429 `over_request_rate_limit` once an account used up its bucket, from
 * any number of addresses. Answers the key counted, to refund it with.
 */
export async function limitAccount(
  ctx: BackendContext,
  req: ServiceRequest,
  bucket: AccountBucket,
  email: string,
): Promise<string> {
  const { max, window } = accountLimitOf(ctx, bucket);
  const key = await accountKey(ctx, req, email);
  const wait = await ctx.db.transaction((tx) =>
    take(tx, `account-${bucket}`, key, max, window, ctx.now()),
  );
  if (wait)
    throw rateLimited('over_request_rate_limit', RATE_LIMIT_MESSAGE, wait);
  return key;
}

/** Hands back the newest event under `key` (a successful sign-in). */
export async function refundAccount(
  q: Queryable,
  bucket: AccountBucket,
  key: string,
): Promise<void> {
  await q.query(
    `delete from auth.rate_limit_events where id = (
       select id from auth.rate_limit_events
        where bucket = $1 and key = $2 order by created_at desc, id desc limit 1)`,
    [`account-${bucket}`, key],
  );
}

const CODE_BUCKET = 'code-attempts';

/**
 * Takes one of the `OTP_MAX_ATTEMPTS` guesses an address has at its current
 * six-digit code (verify and the reauthentication nonce). False when they are
 * used up: the caller then voids the code, so the right code fails too.
 * Counted in its own transaction so a failed guess stays counted.
 */
export async function takeCodeAttempt(
  ctx: BackendContext,
  email: string,
): Promise<boolean> {
  const max = ctx.config.auth.otpMaxAttempts;
  const wait = await ctx.db.transaction((tx) =>
    take(
      tx,
      CODE_BUCKET,
      email.toLowerCase(),
      max,
      OTP_EXPIRY_SECONDS,
      ctx.now(),
    ),
  );
  return wait === 0;
}

/** A new code was sent (or the code was used): its guesses start again. */
export async function resetCodeAttempts(
  q: Queryable,
  email: string,
): Promise<void> {
  await q.query(
    `delete from auth.rate_limit_events where bucket = $1 and key = $2`,
    [CODE_BUCKET, email.toLowerCase()],
  );
}

/**
 * How long an e-mailed code or link stays valid: GoTrue's default
 * MAILER_OTP_EXP of one hour (it was 24 hours here, which gave a brute
 * force of the six digits a whole day).
 */
export const OTP_EXPIRY_SECONDS = 3600;

/**
 * GoTrue's RATE_LIMIT_EMAIL_SENT: e-mails per hour for the whole server,
 * counted inside the sending transaction so a failed send does not count.
 */
export async function limitEmail(
  ctx: BackendContext,
  tx: Queryable,
): Promise<void> {
  const max = ctx.config.auth.rateLimits.emailsPerHour;
  const wait = await take(tx, 'email', '*', max, 3600, ctx.now());
  if (wait) {
    throw rateLimited(
      'over_email_send_rate_limit',
      'email rate limit exceeded',
      wait,
    );
  }
}
