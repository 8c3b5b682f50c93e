import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { rememberAddress } from './rate-limit.ts';
import {
  AAL2_METHODS,
  createSession,
  sessionAmr,
  type AuthMethod,
} from './sessions.ts';
import { findUserById, userJson, type User } from './users.ts';
import { updateUser } from './user-updates.ts';

/** GoTrue's `AccessTokenResponse`. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

export const issuer = (ctx: BackendContext) =>
  `${ctx.config.publicUrl}/auth/v1`;

/** Signs the access token of §2.4 for a user's session. */
export async function accessToken(
  ctx: BackendContext,
  q: Queryable,
  user: User,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const amr = await sessionAmr(q, sessionId);
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const expiresIn = ctx.config.auth.jwtExpiry;
  const token = await ctx.jwt.sign(
    {
      iss: issuer(ctx),
      sub: user.id,
      aud: user.aud ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? '',
      // `CalculateAALAndAMR`: aal2 once the session's amr has a factor's method.
      aal: amr.some((e) => AAL2_METHODS.includes(e.method)) ? 'aal2' : 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    expiresIn,
    iat,
  );
  return { token, expiresAt: iat + expiresIn, expiresIn };
}

/** The token response for a session, with the user read afresh. */
export async function sessionResponse(
  ctx: BackendContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = (await findUserById(q, userId))!;
  const { token, expiresAt, expiresIn } = await accessToken(
    ctx,
    q,
    user,
    sessionId,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/**
 * `IssueRefreshToken`: a new session, its first refresh token, the `amr`
 * entry, and `last_sign_in_at` set to now.
 */
export async function issueSession(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  method: AuthMethod,
  req: ServiceRequest,
): Promise<SessionResponse> {
  const now = ctx.now();
  const { sessionId, refreshToken } = await createSession(
    tx,
    user.id,
    method,
    req,
    now,
  );
  await updateUser(tx, user.id, { last_sign_in_at: now }, now);
  await rememberAddress(ctx, tx, req, user.email);
  return sessionResponse(ctx, tx, user.id, sessionId, refreshToken);
}
