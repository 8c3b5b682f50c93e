// Who is asking and the transaction settings PostgREST derives from it:
// role and claims from the bearer JWT, request.* settings, search_path.
import type { BackendContext } from '../context.ts';
import type { ServiceRequest } from '../http.ts';
import { bearer } from '../http.ts';
import { identify, UnknownKey } from '../identity.ts';
import { JwtError } from '../jwt.ts';
import { RestError } from './errors.ts';
import { showStr } from './parsec-chars.ts';
import { ident } from './sql-text.ts';
import type { SchemaCache } from './schema-types.ts';

export interface Auth {
  role: string;
  claims: Record<string, unknown>;
}

function fixed(role: string): Auth {
  return { role, claims: { role } };
}

export async function authenticate(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<Auth> {
  try {
    const id = await identify(ctx, bearer(req));
    if (id.kind === 'none') return fixed('anon');
    if (id.kind === 'key') return fixed(id.role);
    const role =
      typeof id.claims.role === 'string' && id.claims.role
        ? id.claims.role
        : 'anon';
    return { role, claims: { ...id.claims, role } };
  } catch (e) {
    if (e instanceof UnknownKey) {
      throw new RestError(
        401,
        'PGRST301',
        e.message,
        null,
        'Double check your Supabase `anon` or `service_role` API key.',
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    if (!(e instanceof JwtError)) throw e;
    throw new RestError(401, e.code, e.message, null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description=${showStr(e.message)}`,
    });
  }
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

const searchPaths = new Map<string, string>();

/** `"schema", "public", "extensions"`, made once per schema. */
function searchPath(schema: string): string {
  let path = searchPaths.get(schema);
  if (path === undefined) {
    path = [schema, 'public', 'extensions'].map(ident).join(', ');
    if (searchPaths.size >= 100) searchPaths.clear();
    searchPaths.set(schema, path);
  }
  return path;
}

/** The request's headers as JSON, without the cookie (it has a setting of its own). */
function headersJson(headers: Record<string, string>): string {
  if (headers.cookie === undefined) return JSON.stringify(headers);
  const rest: Record<string, string> = {};
  for (const k in headers) if (k !== 'cookie') rest[k] = headers[k]!;
  return JSON.stringify(rest);
}

export function requestSettings(
  req: ServiceRequest,
  auth: Auth,
  schema: string,
  cache: SchemaCache,
  timezone: string | undefined,
): Record<string, string> {
  const settings: Record<string, string> = {
    search_path: searchPath(schema),
  };
  for (const [k, v] of cache.roleSettings.get(auth.role) ?? []) settings[k] = v;
  settings['request.jwt.claims'] = JSON.stringify(auth.claims);
  settings['request.method'] = req.method;
  settings['request.path'] = req.path;
  settings['request.headers'] = headersJson(req.headers);
  settings['request.cookies'] = JSON.stringify(cookiesOf(req.headers.cookie));
  if (timezone) settings.timezone = timezone;
  return settings;
}
