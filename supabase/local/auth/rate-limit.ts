import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { tooManyRequests } from './errors.ts';

/** The client address limits key on, decided by the gateway (client-address.ts). */
export function clientIp(req: ServiceRequest): string {
  return req.ip;
}

/**
 * Records one event in a sliding window unless `max` events are already in
 * it; answers whether it was recorded. The advisory lock makes the count and
 * the insert atomic across concurrent requests on a real Postgres.
 */
async function take(
  q: Queryable,
  bucket: string,
  key: string,
  max: number,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  await q.query('select pg_advisory_xact_lock(hashtext($1))', [
    `auth-rate:${bucket}:${key}`,
  ]);
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from auth.rate_limit_events
      where bucket = $1 and key = $2 and created_at > $3`,
    [bucket, key, since],
  );
  if ((rows[0]?.n ?? 0) >= max) return false;
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
  return true;
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

/** 429 `over_request_rate_limit` once an IP used up its bucket (5 minutes). */
export async function limitRequest(
  ctx: BackendContext,
  req: ServiceRequest,
  bucket: RequestBucket,
): Promise<void> {
  const ok = await ctx.db.transaction((tx) =>
    take(tx, bucket, clientIp(req), limitOf(ctx, bucket), 300, ctx.now()),
  );
  if (!ok) {
    throw tooManyRequests(
      'over_request_rate_limit',
      'Request rate limit reached',
    );
  }
}

/**
 * GoTrue's RATE_LIMIT_EMAIL_SENT: e-mails per hour for the whole server,
 * counted inside the sending transaction so a failed send does not count.
 */
export async function limitEmail(
  ctx: BackendContext,
  tx: Queryable,
): Promise<void> {
  const max = ctx.config.auth.rateLimits.emailsPerHour;
  if (!(await take(tx, 'email', '*', max, 3600, ctx.now()))) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      'email rate limit exceeded',
    );
  }
}
