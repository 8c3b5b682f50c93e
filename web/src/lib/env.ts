import * as z from 'zod/mini';

/** Where the backend publishes the app's runtime configuration. */
export const CONFIG_PATH = '/config.json';

/** A field's message: missing, or present with the wrong kind of value. */
function expected(what: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? 'is missing' : `must be ${what}`,
  };
}

// Not z.httpUrl(): it demands a dotted domain, and local backends answer
// with http://localhost:3000 or an IP address.
const httpUrl = z.url({ protocol: /^https?$/, ...expected('an http(s) URL') });

/**
 * The runtime configuration contract of ARCHITECTURE.md ("Runtime config"):
 * one build of the web app works against any backend. `zod/mini` keeps the
 * start-up bundle small (it ships no locale, hence the explicit messages).
 */
export const envSchema = z.object(
  {
    supabaseUrl: httpUrl,
    supabaseAnonKey: z
      .string(expected('a non-empty string'))
      .check(z.trim(), z.minLength(1, expected('a non-empty string'))),
    demoMode: z.boolean(expected('true or false')),
    extensionUrl: httpUrl,
    linkedinEnabled: z.boolean(expected('true or false')),
    // What the browser needs to start the LinkedIn OpenID Connect flow
    // (never the client secret). Optional: backends from before this
    // contract change leave them out, which reads as "not configured".
    linkedinClientId: z._default(
      z.nullable(
        z
          .string(expected('a string or null'))
          .check(z.trim(), z.minLength(1, expected('a non-empty string'))),
      ),
      null,
    ),
    linkedinAuthorizeUrl: z._default(
      z.nullable(
        z.url({ protocol: /^https?$/, ...expected('an http(s) URL') }),
      ),
      null,
    ),
  },
  expected('a JSON object'),
);

export type Env = z.infer<typeof envSchema>;

/** The configuration could not be loaded or does not follow the contract. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates a parsed `/config.json` body; throws an {@link EnvError}. */
export function parseEnv(json: unknown): Env {
  const result = envSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
  throw new EnvError(`${CONFIG_PATH} is not valid (${problems}).`);
}

/** Fetches and validates `/config.json`; throws an {@link EnvError}. */
export async function fetchEnv(fetchImpl: typeof fetch = fetch): Promise<Env> {
  let response: Response;
  try {
    response = await fetchImpl(CONFIG_PATH, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    throw new EnvError(`The server did not answer ${CONFIG_PATH}.`);
  }
  if (!response.ok) {
    throw new EnvError(
      `The server answered ${CONFIG_PATH} with HTTP ${response.status}.`,
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // A static server's SPA fallback answers with index.html instead.
    throw new EnvError(`The server's ${CONFIG_PATH} is not JSON.`);
  }
  return parseEnv(json);
}

let pending: Promise<Env> | undefined;
let loaded: Env | undefined;

/**
 * Loads the configuration once per page: every call returns the same
 * promise, so React's `use()` can suspend on it. A failure stays failed
 * until the page is reloaded.
 */
export function loadEnv(): Promise<Env> {
  pending ??= fetchEnv().then((env) => {
    loaded = env;
    return env;
  });
  return pending;
}

/** The configuration when it has loaded, else undefined (for static pages). */
export function peekEnv(): Env | undefined {
  return loaded;
}

/** The loaded configuration; throws when {@link loadEnv} has not finished. */
export function getEnv(): Env {
  if (!loaded) {
    throw new EnvError(`${CONFIG_PATH} has not been loaded yet.`);
  }
  return loaded;
}
