import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type Claims = JWTPayload & {
  role?: string;
  sub?: string;
  email?: string;
  session_id?: string;
};

/** Why a bearer token was refused, in PostgREST's words (PGRST301 / PGRST303). */
export class JwtError extends Error {
  constructor(
    readonly code: 'PGRST301' | 'PGRST303',
    message: string,
  ) {
    super(message);
  }
}

interface Cached {
  claims: Claims;
  exp: number;
}

/**
 * HS256 signing and verification with a small cache of verified tokens: the
 * same access token arrives on every request of a session, and re-verifying it
 * each time is the largest fixed cost of a REST call.
 */
export class JwtService {
  private readonly key: Uint8Array;
  private readonly cache = new Map<string, Cached>();

  constructor(
    secret: string,
    private readonly maxCache = 2000,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    claims: Claims,
    expiresInSeconds: number,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + expiresInSeconds)
      .sign(this.key);
  }

  /** Verifies a token; throws JwtError with PostgREST's codes and messages. */
  async verify(token: string): Promise<Claims> {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(token);
    if (hit) {
      if (hit.exp === 0 || hit.exp + 30 > now) return hit.claims;
      this.cache.delete(token);
      throw new JwtError('PGRST303', 'JWT expired');
    }
    const parts = token.split('.');
    if (parts.length !== 3)
      throw new JwtError(
        'PGRST301',
        `Expected 3 parts in JWT; got ${parts.length}`,
      );
    let claims: Claims;
    try {
      const result = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        clockTolerance: 30,
      });
      claims = result.payload as Claims;
    } catch (e) {
      if (e instanceof errors.JWTExpired)
        throw new JwtError('PGRST303', 'JWT expired');
      if (e instanceof errors.JWTClaimValidationFailed) {
        const msg =
          e.claim === 'nbf'
            ? 'JWT not yet valid'
            : e.claim === 'iat'
              ? 'JWT issued at future'
              : e.message;
        throw new JwtError('PGRST303', msg);
      }
      if (
        e instanceof errors.JOSEAlgNotAllowed ||
        e instanceof errors.JOSENotSupported
      ) {
        throw new JwtError(
          'PGRST301',
          'Wrong or unsupported encoding algorithm',
        );
      }
      if (e instanceof errors.JWSSignatureVerificationFailed) {
        throw new JwtError('PGRST301', 'JWT cryptographic operation failed');
      }
      throw new JwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    for (const k of ['exp', 'nbf', 'iat'] as const) {
      if (claims[k] !== undefined && typeof claims[k] !== 'number') {
        throw new JwtError('PGRST303', `The JWT '${k}' claim must be a number`);
      }
    }
    if (this.cache.size >= this.maxCache) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, { claims, exp: claims.exp ?? 0 });
    return claims;
  }

  /** Forgets a token at once (e.g. after logout revokes its session). */
  forget(token: string) {
    this.cache.delete(token);
  }
}
