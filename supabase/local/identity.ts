// Who a bearer token says the caller is, decided the same way for every
// service: a configured project key stands for its role, anything else must
// be a JWT signed with the project's secret.
import { isOpaqueKey, roleOfKey, type KeyRole } from './api-keys.ts';
import type { BackendContext } from './context.ts';
import type { Claims } from './jwt.ts';

export type Identity =
  | { kind: 'none' }
  | { kind: 'key'; role: KeyRole }
  | { kind: 'jwt'; claims: Claims; token: string };

/** An opaque `sb_…` key that the project did not configure. */
export class UnknownKey extends Error {
  constructor() {
    super('Invalid API key');
  }
}

/**
 * Resolves a bearer token. Throws UnknownKey for an unconfigured opaque key
 * and the JwtService's JwtError for a JWT that does not verify.
 */
export async function identify(
  ctx: BackendContext,
  token: string | undefined,
): Promise<Identity> {
  if (!token) return { kind: 'none' };
  if (isOpaqueKey(token)) {
    const role = roleOfKey(ctx.config, token);
    if (!role) throw new UnknownKey();
    return { kind: 'key', role };
  }
  return { kind: 'jwt', claims: await ctx.jwt.verify(token), token };
}
