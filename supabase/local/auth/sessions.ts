import { isIP } from 'node:net';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { clientIp } from './rate-limit.ts';
import { newId, newRefreshToken } from './secrets.ts';
import { INSTANCE_ID } from './users.ts';

/** Ways a session was authenticated, as GoTrue records them in `amr`. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'invite'
  | 'email/signup'
  | 'email_change'
  | 'anonymous';

/** The amr methods that make a session aal2 (`AMRClaim.IsAAL2Claim`). */
export const AAL2_METHODS = ['totp', 'mfa/phone', 'mfa/webauthn'];

export interface SessionRow {
  id: string;
  user_id: string;
  not_after: Date | null;
}

export interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** The user agent and address GoTrue keeps on a session (`FillGrantParams`). */
export function grantInfo(req: ServiceRequest) {
  const ip = clientIp(req).replace(/^::ffff:(?=\d+\.)/, '');
  return {
    userAgent: req.headers['user-agent'] || null,
    ip: isIP(ip) ? ip : null,
  };
}

/** A new session with its first refresh token and its `amr` entry. */
export async function createSession(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  req: ServiceRequest,
  now: Date,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = newId();
  const at = now.toISOString();
  const { userAgent, ip } = grantInfo(req);
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal,
       user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $4, $5::inet)`,
    [sessionId, userId, at, userAgent, ip],
  );
  const refreshToken = await insertRefreshToken(
    tx,
    userId,
    sessionId,
    null,
    now,
  );
  await addAmrClaim(tx, sessionId, method, at);
  return { sessionId, refreshToken };
}

/** `AddClaimToSession`: the method joins the session's amr, or is renewed. */
export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: string,
  at: string,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at,
       authentication_method)
     values ($1, $2, $3, $3, $4)
     on conflict (session_id, authentication_method)
     do update set updated_at = excluded.updated_at`,
    [newId(), sessionId, at, method],
  );
}

export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
  now: Date,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked,
       created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, $4, $4, $5, $6)`,
    [INSTANCE_ID, token, userId, now.toISOString(), parent, sessionId],
  );
  return token;
}

/** The session's `amr` claim, newest first (`CalculateAALAndAMR`). */
export async function sessionAmr(
  q: Queryable,
  sessionId: string,
): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await q.query<{ method: string; updated_at: Date }>(
    `select authentication_method as method, updated_at
       from auth.mfa_amr_claims where session_id = $1
      order by updated_at desc`,
    [sessionId],
  );
  return rows.map((r) => ({
    method: r.method,
    timestamp: Math.floor(r.updated_at.getTime() / 1000),
  }));
}

export async function findSession(
  q: Queryable,
  id: string,
  lock = false,
): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>(
    `select id, user_id, not_after from auth.sessions where id = $1${
      lock ? ' for update' : ''
    }`,
    [id],
  );
  return rows[0];
}

/** The session's authenticator assurance level ('aal1', 'aal2'). */
export async function sessionAal(
  q: Queryable,
  id: string,
): Promise<string | null> {
  const { rows } = await q.query<{ aal: string | null }>(
    'select aal from auth.sessions where id = $1',
    [id],
  );
  return rows[0]?.aal ?? null;
}

/** `models.LogoutSession`. */
export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.sessions where id = $1', [id]);
}

/** `models.Logout`, or `LogoutAllExceptMe` when a session is kept. */
export async function deleteUserSessions(
  q: Queryable,
  userId: string,
  keep?: string,
): Promise<void> {
  if (keep) {
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      keep,
    ]);
    return;
  }
  await q.query('delete from auth.sessions where user_id = $1', [userId]);
  await q.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
}
