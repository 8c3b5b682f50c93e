import { errors, jwtVerify, type JWTPayload } from 'jose';
import { isOpaqueKey, roleOfKey } from '../api-keys.ts';
import type { BackendContext } from '../context.ts';
import type { ServiceRequest } from '../http.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { isUuid } from './secrets.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, type User } from './users.ts';

export type TokenClaims = JWTPayload & {
  role?: string;
  session_id?: string;
};

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** GoTrue's `extractBearerToken` (`(?i)^bearer (\S+$)`). */
export function bearerToken(req: ServiceRequest): string {
  const m = /^bearer (\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) {
    throw new AuthError(
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    );
  }
  return m[1]!;
}

// golang-jwt's wording of why a token was refused.
function reason(e: unknown, token: string): string {
  if (token.split('.').length !== 3) {
    return 'token is malformed: token contains an invalid number of segments';
  }
  if (e instanceof errors.JWTExpired) {
    return 'token has invalid claims: token is expired';
  }
  if (e instanceof errors.JWTClaimValidationFailed) {
    return e.claim === 'nbf'
      ? 'token has invalid claims: token is not valid yet'
      : `token has invalid claims: ${e.message}`;
  }
  if (e instanceof errors.JWSSignatureVerificationFailed) {
    return 'token signature is invalid: signature is invalid';
  }
  if (e instanceof errors.JOSEAlgNotAllowed) {
    return 'token signature is invalid: signing method is invalid';
  }
  return 'token is malformed: could not JSON decode header';
}

/** `parseJWTClaims`: HS256 with the project secret, at the injectable clock. */
export async function verifyToken(
  ctx: BackendContext,
  token: string,
): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(
      token,
      new TextEncoder().encode(ctx.config.jwtSecret),
      { algorithms: ['HS256'], currentDate: ctx.now() },
    );
    return payload as TokenClaims;
  } catch (e) {
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${reason(e, token)}`,
    );
  }
}

export interface Authenticated {
  token: string;
  claims: TokenClaims;
  user: User;
  session?: SessionRow;
}

/** `requireAuthentication`: a valid user token whose user and session exist. */
export async function requireUser(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<Authenticated> {
  const token = bearerToken(req);
  const claims = await verifyToken(ctx, token);
  if (!claims.sub) {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) {
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) {
    throw forbidden(
      'user_not_found',
      'User from sub claim in JWT does not exist',
    );
  }
  let session: SessionRow | undefined;
  const sid = claims.session_id;
  if (sid && sid !== NIL_UUID) {
    if (typeof sid !== 'string' || !isUuid(sid)) {
      throw forbidden(
        'bad_jwt',
        'invalid claim: session_id claim must be a UUID',
      );
    }
    session = await findSession(ctx.db, sid);
    if (!session) {
      throw forbidden(
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
  }
  if (user.banned_until && user.banned_until > ctx.now()) {
    throw forbidden('user_banned', 'User is banned');
  }
  return { token, claims, user, session };
}

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/** `requireAdminCredentials`: a token whose role is an admin role. */
export async function requireAdmin(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<TokenClaims> {
  const token = bearerToken(req);
  // A configured secret key is the service role, as the gateway maps it.
  if (isOpaqueKey(token)) {
    if (roleOfKey(ctx.config, token) === 'service_role') {
      return { role: 'service_role' };
    }
    throw forbidden('not_admin', 'User not allowed');
  }
  const claims = await verifyToken(ctx, token);
  if (!ADMIN_ROLES.includes(claims.role ?? '')) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
