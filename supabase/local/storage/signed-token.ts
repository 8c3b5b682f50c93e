import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { BackendContext } from '../context.ts';
import { ERRORS } from './errors.ts';

export type SignedScope = 'download' | 'upload';

export interface SignedPayload extends JWTPayload {
  url: string;
  scope?: SignedScope;
  owner?: string;
  upsert?: boolean;
  /** Image transformations a render URL was signed with. */
  transformations?: string;
  exp: number;
}

/** Hosted Storage's UPLOAD_SIGNED_URL_EXPIRATION_TIME (2 hours). */
export const UPLOAD_URL_EXPIRES_IN = 7200;

// jose refuses `exp` beyond what a JWT NumericDate can hold.
const MAX_EXPIRES_IN = 2 ** 31;

const key = (ctx: BackendContext) =>
  new TextEncoder().encode(ctx.config.jwtSecret);

/** `expiresIn` of a sign request: whole seconds, at least one. */
export function mustBeValidExpiresIn(value: number): number {
  const seconds = Math.floor(value);
  if (
    !Number.isSafeInteger(seconds) ||
    seconds < 1 ||
    seconds > MAX_EXPIRES_IN
  ) {
    throw ERRORS.invalidParameter('expiresIn');
  }
  return seconds;
}

/** A signed-URL token as Storage's `signJWT` makes it, on the backend clock. */
export function signUrlToken(
  ctx: BackendContext,
  claims: Omit<SignedPayload, 'exp'>,
  expiresIn: number,
): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key(ctx));
}

const hasScope = (p: SignedPayload, scope: SignedScope) =>
  p.scope === scope ||
  // Tokens from before scoping: only upload tokens carry `upsert`.
  (p.scope === undefined && 'upsert' in p === (scope === 'upload'));

/**
 * Storage's `verifyObjectSignature`: signature and expiry (jose's messages
 * as InvalidJWT), then scope and the exact `<bucket>/<name>` it was made for.
 */
export async function verifyUrlToken(
  ctx: BackendContext,
  token: string,
  url: string,
  scope: SignedScope,
): Promise<SignedPayload> {
  let payload: SignedPayload;
  try {
    const result = await jwtVerify<SignedPayload>(token, key(ctx), {
      algorithms: ['HS256'],
      currentDate: ctx.now(),
    });
    payload = result.payload;
  } catch (err) {
    throw ERRORS.invalidJwt(err instanceof Error ? err.message : undefined);
  }
  if (!hasScope(payload, scope)) {
    throw ERRORS.invalidSignature(`Token is not scoped for ${scope}`);
  }
  if (payload.url !== url) throw ERRORS.invalidSignature();
  if (
    typeof payload.exp !== 'number' ||
    payload.exp * 1000 < ctx.now().getTime()
  ) {
    throw ERRORS.expiredToken();
  }
  return payload;
}
