// The one place that decides which project key a request carries and what
// role it stands for, for every service (REST, auth, storage, realtime,
// functions). Like hosted Supabase's gateway: a key is valid only if it equals
// one the project configured; an opaque `sb_secret_…` that nobody configured
// is no key at all.
import { hash, timingSafeEqual } from 'node:crypto';
import type { BackendConfig } from './config.ts';
import { json, type ServiceRequest, type ServiceResponse } from './http.ts';

export type KeyRole = 'anon' | 'service_role';

/** What a string in `apikey` (or a bearer that is not a JWT) is. */
export type KeyKind = 'publishable' | 'secret' | 'legacy';

export const isOpaqueKey = (s: string) =>
  s.startsWith('sb_publishable_') || s.startsWith('sb_secret_');

// Comparing digests keeps the compare constant-time whatever the lengths.
// The one-shot hash: a Hash object per request cost more than the digest.
const digest = (s: string) => hash('sha256', s, 'buffer');
// The configured keys' digests, computed once each (a handful of strings):
// every request hashes only the key it brings, not every configured key again.
const configured = new Map<string, Buffer>();
const digestOfConfigured = (s: string) => {
  let d = configured.get(s);
  if (!d) {
    if (configured.size >= 64) configured.clear();
    d = digest(s);
    configured.set(s, d);
  }
  return d;
};
const same = (a: Buffer, b: string) =>
  timingSafeEqual(a, digestOfConfigured(b));

/**
 * The role of a configured key, or undefined for anything else. Every
 * configured key is compared (no early exit), so the time taken says nothing
 * about which key came close.
 */
export function roleOfKey(
  config: Pick<
    BackendConfig,
    'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'
  >,
  key: string,
): KeyRole | undefined {
  const d = digest(key);
  let role: KeyRole | undefined;
  if (same(d, config.anonKey)) role = 'anon';
  for (const k of config.publishableKeys) if (same(d, k)) role ??= 'anon';
  if (same(d, config.serviceRoleKey)) role = 'service_role';
  for (const k of config.secretKeys) if (same(d, k)) role = 'service_role';
  return role;
}

/** The `apikey` a request carries: header first, then `?apikey=`. */
export function apiKeyOf(req: {
  headers: Record<string, string>;
  url: URL;
}): string | undefined {
  const h = req.headers.apikey?.split(',')[0]?.trim();
  return h || req.url.searchParams.get('apikey') || undefined;
}

/** Hosted Supabase's gateway bodies for a missing or an unknown key. */
export function missingKey(): ServiceResponse {
  return json(401, {
    message: 'No API key found in request',
    hint: 'No `apikey` request header or url param was found.',
  });
}

export function invalidKey(): ServiceResponse {
  return json(401, {
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  });
}

/**
 * Paths a browser opens without headers, which the hosted gateway lets
 * through without a key: e-mail links and OAuth hops of auth, public and
 * signed storage URLs (the token in the URL is the credential), and edge
 * functions (they decide for themselves, `verify_jwt`).
 */
export function keyExempt(prefix: string, path: string): boolean {
  switch (prefix) {
    case '/auth/v1':
      return /^\/(verify|callback|authorize|\.well-known\/jwks\.json)\/?$/.test(
        path,
      );
    case '/storage/v1':
      return /^\/(object|render\/image)\/(public|sign|upload\/sign)\//.test(
        path,
      );
    case '/functions/v1':
      return true;
    default:
      return false;
  }
}

/**
 * The gateway's key check for one request: undefined lets it through, else
 * the 401 to answer. A key that is present is always checked, even on an
 * exempt path: an unknown key is never silently ignored.
 */
export function gatewayKeyCheck(
  config: BackendConfig,
  prefix: string,
  req: ServiceRequest,
): ServiceResponse | undefined {
  const key = apiKeyOf(req);
  if (key === undefined) {
    if (!config.requireApiKey || keyExempt(prefix, req.path)) return undefined;
    return missingKey();
  }
  return roleOfKey(config, key) ? undefined : invalidKey();
}
