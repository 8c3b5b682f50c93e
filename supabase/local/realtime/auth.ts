import { decodeJwt, errors, jwtVerify } from 'jose';
import { isOpaqueKey, roleOfKey } from '../api-keys.ts';
import type { BackendContext } from '../context.ts';
import type { RealtimeClaims } from './types.ts';

export type TokenProblem =
  'expired' | 'missing_claims' | 'malformed' | 'signature';

export type TokenCheck =
  | { ok: true; claims: RealtimeClaims }
  | { ok: false; problem: TokenProblem; message: string };

const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';
const MALFORMED = 'The token provided is not a valid JWT';

const fail = (problem: TokenProblem, message: string): TokenCheck => ({
  ok: false,
  problem,
  message,
});

/**
 * Validates a token as Realtime does (`ChannelsAuthorization.authorize_conn`):
 * HS* signature with the project secret, `role` and `exp` required, no
 * clock leeway. Configured project keys stand for their role.
 */
export async function checkToken(
  ctx: BackendContext,
  raw: string,
): Promise<TokenCheck> {
  const now = ctx.now();
  const seconds = Math.floor(now.getTime() / 1000);
  // Configured project keys stand for their role, as the gateway maps them;
  // an unconfigured `sb_…` key is refused like a forged signature.
  if (isOpaqueKey(raw)) {
    const role = roleOfKey(ctx.config, raw);
    if (!role) return fail('signature', 'Failed to validate JWT signature');
    return { ok: true, claims: { role, exp: seconds + 3600 } };
  }
  const token = raw.replace(/\s/g, '');
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return fail('malformed', MALFORMED);
  }
  try {
    const { payload } = await jwtVerify(
      token,
      new TextEncoder().encode(ctx.config.jwtSecret),
      {
        algorithms: ['HS256', 'HS384', 'HS512'],
        currentDate: now,
      },
    );
    if (typeof payload.role !== 'string' || payload.exp === undefined) {
      return fail('missing_claims', MISSING_CLAIMS);
    }
    return { ok: true, claims: payload as RealtimeClaims };
  } catch (e) {
    if (e instanceof errors.JWTExpired && typeof exp === 'number') {
      return fail(
        'expired',
        `Token has expired ${seconds - Math.round(exp)} seconds ago`,
      );
    }
    if (
      e instanceof errors.JWTClaimValidationFailed ||
      e instanceof errors.JWTInvalid
    ) {
      return fail('malformed', MALFORMED);
    }
    return fail('signature', 'Failed to validate JWT signature');
  }
}

/** Body of the refused WebSocket upgrade (`UserSocket.handle_error`). */
export function connectError(problem: TokenProblem): string {
  const messages: Record<TokenProblem, string> = {
    expired: 'Token has expired',
    missing_claims: MISSING_CLAIMS,
    malformed: MALFORMED,
    signature: 'Failed to validate JWT signature',
  };
  return messages[problem];
}

/** Reason of a refused join (`RealtimeChannel.join/3`). */
export function joinError(check: {
  problem: TokenProblem;
  message: string;
}): string {
  const codes: Record<TokenProblem, string> = {
    expired: 'InvalidJWTToken',
    missing_claims: 'InvalidJWTToken',
    malformed: 'MalformedJWT',
    signature: 'JwtSignatureError',
  };
  return `${codes[check.problem]}: ${check.message}`;
}

/** Message of the `system` error that closes a channel on a refused token update. */
export function refreshError(check: {
  problem: TokenProblem;
  message: string;
}): string {
  // Realtime inspects the bare error atom for signature failures.
  return check.problem === 'signature' ? ':signature_error' : check.message;
}
