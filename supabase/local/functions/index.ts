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
import {
  denoBinary,
  startDenoFunction,
  type DenoFunction,
} from './deno-runtime.ts';
import {
  discoverFunctions,
  readEnvFile,
  type FunctionHandler,
} from './registry.ts';

export interface FunctionsOptions {
  functionsDir: string;
  configToml?: string;
  /** Names of process environment variables handed to functions as secrets. */
  secretNames?: string[];
  /** 'node': each handler.ts in this process; 'deno': each index.ts in real Deno. */
  runtime?: 'node' | 'deno';
  /** Secrets the backend itself adds to the operator's (which it may look at), under them. */
  defaults?: (secrets: Record<string, string>) => Record<string, string>;
  /** Last word on secrets (tests: short backoff). */
  overrides?: Record<string, string>;
  /** In-process handlers that replace a function's (tests: injected network). */
  handlers?: Record<string, FunctionHandler>;
}

export interface FunctionsService {
  handler: Handler;
  /** Calls a function as the service role, as pg_cron and pg_net do on hosted Supabase. */
  invokeAsService(
    name: string,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<Response>;
  stop(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'host',
]);

const notFound = () =>
  json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

/**
 * `/functions/v1/<name>[/sub/path]`: runs each function with the request as
 * the edge runtime would pass it, in this process or in Deno. Functions
 * answer their own CORS preflights, as on hosted Supabase.
 */
export function createFunctionsService(
  ctx: BackendContext,
  options: FunctionsOptions,
): FunctionsService {
  const functions = discoverFunctions(options.functionsDir, options.configToml);
  const fileSecrets = readEnvFile(path.join(options.functionsDir, '.env'));
  const denos = new Map<string, DenoFunction>();

  const env = (): Record<string, string> => {
    const secrets: Record<string, string> = { ...fileSecrets };
    for (const name of options.secretNames ?? []) {
      const v = process.env[name];
      if (v !== undefined) secrets[name] = v;
    }
    return {
      ...options.defaults?.(secrets),
      ...secrets,
      ...options.overrides,
      SUPABASE_URL: ctx.config.publicUrl,
      SUPABASE_ANON_KEY: ctx.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
      ...(ctx.config.databaseUrl
        ? { SUPABASE_DB_URL: ctx.config.databaseUrl }
        : {}),
    };
  };

  async function run(name: string, request: Request): Promise<Response> {
    const own = options.handlers?.[name];
    if (options.runtime === 'deno' && !own) {
      let deno = denos.get(name);
      if (!deno) {
        deno = startDenoFunction(
          denoBinary(),
          path.join(options.functionsDir, name),
          env(),
        );
        denos.set(name, deno);
      }
      return deno.fetch(request);
    }
    const entry = functions.get(name)!;
    const handler = own ?? (await entry.load());
    return handler(request, env());
  }

  const handler: Handler = async (
    req: ServiceRequest,
  ): Promise<ServiceResponse> => {
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
      response = await run(entry.name, request);
    } catch (e) {
      console.error(`[functions] ${entry.name} threw:`, e);
      return json(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      if (!HOP_BY_HOP.has(k) && k !== 'date') out[k] = v;
    });
    return {
      status: response.status,
      headers: out,
      body: new Uint8Array(await response.arrayBuffer()),
    };
  };

  return {
    handler,
    invokeAsService(name, body, signal) {
      if (!functions.has(name))
        return Promise.reject(new Error(`No function ${name}`));
      return run(
        name,
        new Request(new URL(`/${name}`, ctx.config.publicUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            apikey: ctx.config.serviceRoleKey,
            authorization: `Bearer ${ctx.config.serviceRoleKey}`,
          },
          body: JSON.stringify(body),
          signal,
        }),
      );
    },
    async stop() {
      await Promise.all([...denos.values()].map((d) => d.stop()));
      denos.clear();
    },
  };
}
