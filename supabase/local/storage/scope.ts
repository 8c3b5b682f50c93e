import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { bearer, type ServiceRequest } from '../http.ts';
import { identify, UnknownKey } from '../identity.ts';
import { JwtError, type Claims } from '../jwt.ts';
import type { BlobStore } from './blob-store.ts';
import { ERRORS, fromPgError, validationError } from './errors.ts';

/** What every Storage route is built from. */
export interface StorageDeps {
  ctx: BackendContext;
  blobs: BlobStore;
}

/** Who a request acts as, as Storage's JWT plugin decides it. */
export interface Principal {
  role: string;
  claims: Claims;
  /** The raw token (`request.jwt`), empty when none was verified. */
  jwt: string;
  /** False when the token was missing or invalid (anon fallback). */
  authenticated: boolean;
}

export const anonPrincipal = (): Principal => ({
  role: 'anon',
  claims: { role: 'anon' },
  jwt: '',
  authenticated: false,
});

/**
 * Verifies the bearer token. Routes Storage marks `allowInvalidJwt` fall back
 * to anon on a bad token; the others answer AccessDenied. A missing token or
 * an opaque publishable key is anon, as the gateway would make it.
 */
export async function resolvePrincipal(
  ctx: BackendContext,
  req: ServiceRequest,
  allowInvalid: boolean,
): Promise<Principal> {
  try {
    const id = await identify(ctx, bearer(req));
    if (id.kind === 'none') return anonPrincipal();
    if (id.kind === 'key') {
      return id.role === 'service_role' ? superUser(ctx) : anonPrincipal();
    }
    const role = typeof id.claims.role === 'string' ? id.claims.role : 'anon';
    return { role, claims: id.claims, jwt: id.token, authenticated: true };
  } catch (err) {
    if (!(err instanceof JwtError) && !(err instanceof UnknownKey)) throw err;
    if (allowInvalid) return anonPrincipal();
    throw ERRORS.accessDenied(err.message);
  }
}

/** The role Storage's `asSuperUser()` switches to for bucket lookups. */
export function superUser(ctx: BackendContext): Principal {
  return {
    role: 'service_role',
    claims: { role: 'service_role' },
    jwt: ctx.config.serviceRoleKey,
    authenticated: true,
  };
}

export const ownerOf = (p: Principal): string | undefined =>
  typeof p.claims.sub === 'string' ? p.claims.sub : undefined;

/** What one scoped transaction runs as and for which request. */
export interface Scope extends StorageDeps {
  req: ServiceRequest;
  principal: Principal;
  /** `storage.operation`, e.g. `storage.object.upload`. */
  operation: string;
}

/** The scope of a route that authenticates its caller. */
export async function requestScope(
  deps: StorageDeps,
  req: ServiceRequest,
  operation: string,
  allowInvalidJwt = false,
): Promise<Scope> {
  // No credentials at all: Storage's route schema requires the header.
  if (!req.headers.authorization && !req.headers.apikey) {
    throw validationError(
      "headers must have required property 'authorization'",
    );
  }
  const principal = await resolvePrincipal(deps.ctx, req, allowInvalidJwt);
  return { ...deps, req, operation, principal };
}

/**
 * Runs `fn` in one transaction with the settings of Storage's `scope.ts`, so
 * RLS policies see `auth.uid()`, `auth.role()` and `auth.jwt()`. Postgres
 * errors leave as Storage errors.
 */
export async function inScope<T>(
  scope: Scope,
  fn: (tx: Queryable) => Promise<T>,
  principal: Principal = scope.principal,
): Promise<T> {
  const { req } = scope;
  const settings = {
    'request.jwt.claim.role': principal.role,
    'request.jwt': principal.jwt,
    'request.jwt.claim.sub': ownerOf(principal) ?? '',
    'request.jwt.claims': JSON.stringify(principal.claims),
    'request.headers': JSON.stringify(req.headers),
    'request.method': req.method,
    'request.path': req.rawQuery ? `${req.path}?${req.rawQuery}` : req.path,
    'storage.operation': scope.operation,
    'storage.allow_delete_query': 'true',
  };
  try {
    return await scope.ctx.db.transaction(fn, {
      role: principal.role,
      settings,
    });
  } catch (err) {
    throw fromPgError(err) ?? err;
  }
}

/** The same transaction as the service role (Storage's `asSuperUser()`). */
export function asSuperUser<T>(
  scope: Scope,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return inScope(scope, fn, superUser(scope.ctx));
}

const ROLLBACK = Symbol('rollback');

/**
 * Storage's `testPermission`: runs the statements as the caller and rolls
 * them back, so RLS is asked without changing anything.
 */
export async function testPermission(
  scope: Scope,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await inScope(scope, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}
