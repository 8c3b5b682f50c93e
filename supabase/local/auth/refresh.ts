import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { AuthError, badRequest, OAuthError } from './errors.ts';
import {
  deleteSession,
  findSession,
  grantInfo,
  insertRefreshToken,
  type RefreshTokenRow,
} from './sessions.ts';
import { sessionResponse, type SessionResponse } from './tokens.ts';
import { findUserById } from './users.ts';
import { updateUser } from './user-updates.ts';

const msg = (detail: string) => `Invalid Refresh Token: ${detail}`;

type Outcome = SessionResponse | AuthError;

/**
 * Picks the refresh token to hand out for a presented one (legacy 12-char
 * tokens, `RefreshTokenGrant`): an unrevoked token rotates to a new child; a
 * revoked token that is the parent of the session's active one gets that
 * active token back (the client lost the last answer); another revoked token
 * is tolerated within the reuse interval (concurrent refreshes) and
 * otherwise ends the whole session, as GoTrue's v2 tokens do on reuse.
 */
async function rotate(
  ctx: BackendContext,
  tx: Queryable,
  token: RefreshTokenRow,
  sessionId: string,
): Promise<string | AuthError> {
  const now = ctx.now();
  if (token.revoked) {
    const { rows } = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and revoked = false
        order by id desc limit 1`,
      [sessionId],
    );
    const active = rows[0];
    if (active && active.parent === token.token) return active.token;
    const reuseUntil =
      token.updated_at.getTime() + ctx.config.auth.refreshReuseInterval * 1000;
    if (now.getTime() > reuseUntil) {
      await deleteSession(tx, sessionId);
      return badRequest('refresh_token_already_used', msg('Already Used'));
    }
  } else {
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = $2
        where id = $1`,
      [token.id, now.toISOString()],
    );
  }
  return insertRefreshToken(tx, token.user_id, sessionId, token.token, now);
}

async function grant(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  presented: string,
): Promise<Outcome> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = rows[0];
  const user = token && (await findUserById(tx, token.user_id));
  if (!token || !user) {
    return badRequest(
      'refresh_token_not_found',
      msg('Refresh Token Not Found'),
    );
  }
  const now = ctx.now();
  if (user.banned_until && user.banned_until > now) {
    return badRequest('user_banned', msg('User Banned'));
  }
  const session = token.session_id
    ? await findSession(tx, token.session_id, true)
    : undefined;
  if (!session) {
    await tx.query('delete from auth.refresh_tokens where id = $1', [token.id]);
    return badRequest('session_not_found', msg('No Valid Session Found'));
  }
  if (session.not_after && session.not_after < now) {
    return badRequest('session_expired', msg('Session Expired'));
  }
  const issued = await rotate(ctx, tx, token, session.id);
  if (issued instanceof AuthError) return issued;

  const { userAgent, ip } = grantInfo(req);
  await tx.query(
    `update auth.sessions
        set refreshed_at = ($2::timestamptz at time zone 'utc'),
            updated_at = $2, user_agent = $3, ip = $4::inet
      where id = $1`,
    [session.id, now.toISOString(), userAgent, ip],
  );
  // GoTrue re-saves the user's last_sign_in_at here, which only moves updated_at.
  await updateUser(tx, user.id, {}, now);
  return sessionResponse(ctx, tx, user.id, session.id, issued);
}

/** POST /token?grant_type=refresh_token. */
export async function refreshTokenGrant(
  ctx: BackendContext,
  req: ServiceRequest,
  presented: string,
): Promise<SessionResponse> {
  if (!presented) {
    throw new OAuthError('invalid_request', 'refresh_token required');
  }
  // Errors are returned, not thrown, so that revocations commit with them.
  const outcome = await ctx.db.transaction((tx) =>
    grant(ctx, tx, req, presented),
  );
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
