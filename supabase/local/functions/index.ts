import path from 'node:path';
import type { BackendContext } from '../context.ts';
import {
  bearer,
  json,
  type Handler,
  type ServiceRequest,
  type ServiceResponse,
} from '../http.ts';
import { identify, UnknownKey } from '../identity.ts';
import { JwtError } from '../jwt.ts';
import { discoverFunctions, readEnvFile } from './registry.ts';

export interface FunctionsOptions {
  functionsDir: string;
  configToml?: string;
  /** Names of process environment variables handed to functions as secrets. */
  secretNames?: string[];
}

const HOP_BY_HOP = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
]);

const notFound = () =>
  json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

/**
 * `/functions/v1/<name>[/sub/path]`: runs the pure handler beside each Deno
 * entry with the request as the edge runtime would pass it. Functions answer
 * their own CORS preflights, as on hosted Supabase.
 */
export function createFunctionsService(
  ctx: BackendContext,
  options: FunctionsOptions,
): Handler {
  const functions = discoverFunctions(options.functionsDir, options.configToml);
  const fileSecrets = readEnvFile(path.join(options.functionsDir, '.env'));

  const env = (): Record<string, string> => {
    const secrets: Record<string, string> = { ...fileSecrets };
    for (const name of options.secretNames ?? []) {
      const v = process.env[name];
      if (v !== undefined) secrets[name] = v;
    }
    return {
      ...secrets,
      SUPABASE_URL: ctx.config.publicUrl,
      SUPABASE_ANON_KEY: ctx.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
      ...(ctx.config.databaseUrl
        ? { SUPABASE_DB_URL: ctx.config.databaseUrl }
        : {}),
    };
  };

  return async (req: ServiceRequest): Promise<ServiceResponse> => {
    const m = /^\/([^/?]+)(\/.*)?$/.exec(req.path);
    const entry = m ? functions.get(m[1]!) : undefined;
    if (!m || !entry) return notFound();

    if (entry.verifyJwt && req.method !== 'OPTIONS') {
      const token = bearer(req);
      if (!token)
        return json(401, {
          code: 'UNAUTHORIZED_NO_AUTH_HEADER',
          message: 'Missing authorization header',
        });
      try {
        await identify(ctx, token);
      } catch (e) {
        if (e instanceof JwtError || e instanceof UnknownKey)
          return json(401, { code: 401, message: 'Invalid JWT' });
        throw e;
      }
    }

    const url = new URL(
      `/${m[1]}${m[2] ?? ''}${req.rawQuery ? `?${req.rawQuery}` : ''}`,
      ctx.config.publicUrl,
    );
    const hasBody =
      !['GET', 'HEAD'].includes(req.method) && req.body.length > 0;
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)),
    );
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? new Uint8Array(req.body) : undefined,
    });

    let response: Response;
    try {
      const handler = await entry.load();
      response = await handler(request, env());
    } catch (e) {
      console.error(`[functions] ${entry.name} threw:`, e);
      return json(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      out[k] = v;
    });
    return {
      status: response.status,
      headers: out,
      body: new Uint8Array(await response.arrayBuffer()),
    };
  };
}
