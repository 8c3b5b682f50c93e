import { CONTACT_EMAIL } from '@shared/domain/brand';
/** Where the backend publishes the app's runtime configuration. */
export const CONFIG_PATH = '/config.json';

/**
 * The runtime configuration contract of ARCHITECTURE.md ("Runtime config"):
 * one build of the web app works against any backend.
 */
export type Env = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  demoMode: boolean;
  extensionUrl: string;
  linkedinEnabled: boolean;
  /**
   * What the browser needs to start the LinkedIn OpenID Connect flow (never
   * the client secret). Backends from before this contract change leave them
   * out, which reads as "not configured".
   */
  linkedinClientId: string | null;
  linkedinAuthorizeUrl: string | null;
  /** Where users write for what only a person can do; older backends leave it out. */
  supportEmail: string | null;
  /** Stripe is configured (#35); older backends leave it out: not configured. */
  billingEnabled: boolean;
};

// Checked by hand rather than with zod: this runs on every page, landing
// pages included, and zod's core would be a sixth of their JavaScript.
type Checked<T> = { value: T } | { problem: string };
type Check<T> = (value: unknown) => Checked<T>;

const problem = (what: string) => (value: unknown) => ({
  problem: value === undefined ? 'is missing' : `must be ${what}`,
});

// Not a "dotted domain" check: local backends answer with
// http://localhost:3000 or an IP address.
const httpUrl: Check<string> = (value) =>
  typeof value === 'string' &&
  URL.canParse(value) &&
  /^https?:$/.test(new URL(value).protocol)
    ? { value }
    : problem('an http(s) URL')(value);

const nonEmpty: Check<string> = (value) =>
  typeof value === 'string' && value.trim()
    ? { value: value.trim() }
    : problem('a non-empty string')(value);

const flag: Check<boolean> = (value) =>
  typeof value === 'boolean' ? { value } : problem('true or false')(value);

/** Optional and nullable: missing reads as null. */
const orNull =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === undefined || value === null ? { value: null } : check(value);

const fields: { [K in keyof Env]: Check<Env[K]> } = {
  supabaseUrl: httpUrl,
  supabaseAnonKey: nonEmpty,
  demoMode: flag,
  extensionUrl: httpUrl,
  linkedinEnabled: flag,
  linkedinClientId: orNull(nonEmpty),
  linkedinAuthorizeUrl: orNull(httpUrl),
  supportEmail: orNull(nonEmpty),
  billingEnabled: (value) =>
    value === undefined ? { value: false } : flag(value),
};

/** The configuration could not be loaded or does not follow the contract. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates a parsed `/config.json` body; throws an {@link EnvError}. */
export function parseEnv(json: unknown): Env {
  const invalid = (problems: string) =>
    new EnvError(`${CONFIG_PATH} is not valid (${problems}).`);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw invalid('must be a JSON object');
  }
  const input = json as Record<string, unknown>;
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, check] of Object.entries(fields)) {
    const checked = (check as Check<unknown>)(input[key]);
    if ('problem' in checked) problems.push(`${key}: ${checked.problem}`);
    else env[key] = checked.value;
  }
  if (problems.length > 0) throw invalid(problems.join('; '));
  return env as Env;
}

declare global {
  interface Window {
    /** /config.json, requested by index.html before any script loads. */
    __peegaConfig?: Promise<Response | undefined>;
  }
}

/** The request index.html started, once (its body can be read only once). */
function earlyResponse(): Promise<Response | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__peegaConfig;
  delete window.__peegaConfig;
  return early;
}

/** Fetches and validates `/config.json`; throws an {@link EnvError}. */
export async function fetchEnv(fetchImpl: typeof fetch = fetch): Promise<Env> {
  let response: Response | undefined;
  try {
    // index.html asks for it with the page, not after the JavaScript; a
    // failed early request is simply made again here.
    response = await earlyResponse();
    response ??= await fetchImpl(CONFIG_PATH, {
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

/** The support address: the backend's (`/config.json`), else the brand's. */
export function supportEmail(): string {
  return peekEnv()?.supportEmail ?? CONTACT_EMAIL;
}
