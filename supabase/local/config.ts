import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { parse as parseToml } from 'smol-toml';

/** The Supabase CLI's well-known local-development secret and keys (demo mode only). */
export const DEMO_JWT_SECRET =
  'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** A Postgres function GoTrue calls as an auth hook (`pg-functions://postgres/<schema>/<name>`). */
export interface PgHook {
  schema: string;
  name: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** The `[auth]` table of supabase/config.toml, or {} when unreadable. */
function readAuthToml(configTomlPath: string): Record<string, unknown> {
  try {
    const doc = parseToml(readFileSync(configTomlPath, 'utf8')) as Record<
      string,
      unknown
    >;
    return (doc.auth as Record<string, unknown> | undefined) ?? {};
  } catch {
    return {};
  }
}

/**
 * The password minimum `supabase config push` gives hosted GoTrue:
 * `[auth] minimum_password_length` (GoTrue's own floor, 6, when absent).
 */
export function readPasswordMinimum(configTomlPath: string): number {
  const value = readAuthToml(configTomlPath).minimum_password_length;
  return typeof value === 'number' && value >= 6 ? value : 6;
}

/**
 * The enabled `[auth.hook.<name>]` of supabase/config.toml that points at a
 * Postgres function, as hosted GoTrue reads it; null when off or absent.
 */
export function readPgHook(
  configTomlPath: string,
  hook: string,
): PgHook | null {
  const section = (
    readAuthToml(configTomlPath).hook as
      Record<string, { enabled?: unknown; uri?: unknown }> | undefined
  )?.[hook];
  if (section?.enabled !== true || typeof section.uri !== 'string') return null;
  const m = /^pg-functions:\/\/postgres\/([^/]+)\/([^/]+)$/.exec(section.uri);
  if (!m || !IDENT.test(m[1]!) || !IDENT.test(m[2]!)) return null;
  return { schema: m[1]!, name: m[2]! };
}

export interface AuthConfig {
  /**
   * Sign-ups are confirmed at once (GoTrue's MAILER_AUTOCONFIRM). Default:
   * on in demo mode only; outside it an address must be proven (DECISIONS).
   */
  autoconfirm: boolean;
  /**
   * Seconds after sign-in during which a session may set a new password
   * without the current password or a reauthentication nonce (GoTrue's
   * 24 hours for UpdatePasswordRequireReauthentication).
   */
  passwordChangeRecentSeconds: number;
  /** Wrong guesses an e-mailed six-digit code survives (PEEGA_OTP_MAX_ATTEMPTS). */
  otpMaxAttempts: number;
  /** The auth hooks of supabase/config.toml that the embedded GoTrue runs, as hosted GoTrue does. */
  hooks: { mfaVerificationAttempt: PgHook | null };
  /**
   * Per-account limits (keyed on the e-mail address), on top of the per-IP
   * ones, so rotating addresses does not buy more guesses.
   */
  accountLimits: {
    /** Failed password sign-ins per account per `signInWindow` seconds. */
    signInFailures: number;
    signInWindow: number;
    /** Sign-up, recovery, magic-link and resend requests per address per `emailWindow`. */
    emailRequests: number;
    emailWindow: number;
  };
  /**
   * GoTrue's password policy: GOTRUE_PASSWORD_MIN_LENGTH (never below
   * config.toml's `minimum_password_length`, the product's 8 of DECISIONS.md
   * that `config push` gives hosted GoTrue) and
   * GOTRUE_PASSWORD_REQUIRED_CHARACTERS (character sets separated by `:`,
   * `\:` for a colon; a password needs one character of each). Default: 8,
   * none required, as the product's rule and hosted Supabase's default.
   */
  password: { minLength: number; requiredCharacters: string[] };
  /**
   * `signInAnonymously()` (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED): off by
   * default, as on hosted Supabase.
   */
  anonymousUsers: boolean;
  /**
   * Linking and unlinking identities by hand
   * (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED): off by default, as on hosted.
   */
  manualLinking: boolean;
  jwtExpiry: number;
  /** Seconds in which a used refresh token may be used again (GoTrue's default 10). */
  refreshReuseInterval: number;
  rateLimits: {
    /** Sign-in and sign-up requests per IP per 5 minutes. */
    tokenAndSignup: number;
    /** Refresh-token grants per IP per 5 minutes. */
    refresh: number;
    /** E-mails sent per hour (whole server), as GoTrue's RATE_LIMIT_EMAIL_SENT. */
    emailsPerHour: number;
    /** Minimum seconds between two e-mails of one kind to one user (GoTrue's 60). */
    emailFrequency: number;
    /** Anonymous sign-ins per IP per hour (GOTRUE_RATE_LIMIT_ANONYMOUS_USERS, 30). */
    anonymousUsers: number;
    /** MFA challenges and verifications per IP per minute (GoTrue's RATE_LIMIT_CHALLENGE_AND_VERIFY, 15). */
    mfaChallengeAndVerify: number;
  };
}

export interface BackendConfig {
  port: number;
  host: string;
  /** Public base URL (what clients use); links in e-mails point here. */
  publicUrl: string;
  /** Folder for the database and stored files, or 'memory'. */
  dataDir: string;
  databaseUrl?: string;
  /**
   * Addresses of reverse proxies whose X-Forwarded-For is believed
   * (PEEGA_TRUSTED_PROXIES, comma-separated); none by default.
   */
  trustedProxies: string[];
  demoMode: boolean;
  seed: boolean;
  /**
   * Apply the platform objects and pending migrations on start (default).
   * PEEGA_MIGRATE=0: the database was prepared and migrated elsewhere
   * (`supabase db push`); start-up only checks that nothing is pending.
   */
  migrate: boolean;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Opaque `sb_publishable_…` keys that stand for `anon` (PEEGA_PUBLISHABLE_KEYS). */
  publishableKeys: string[];
  /** Opaque `sb_secret_…` keys that stand for `service_role` (PEEGA_SECRET_KEYS). */
  secretKeys: string[];
  /**
   * Every API request needs a project key, as on hosted Supabase (on by
   * default; PEEGA_REQUIRE_APIKEY=0 is the Supabase CLI gateway's laxer way,
   * demo mode only).
   */
  requireApiKey: boolean;
  /**
   * Honour `Prefer: tx=rollback` (PostgREST's db-tx-end=commit-allow-override).
   * Hosted Supabase runs with `commit`: off unless PEEGA_ALLOW_TX_ROLLBACK is
   * set for tests, and never outside demo mode.
   */
  allowTxRollback: boolean;
  auth: AuthConfig;
  /** Where "Download Extension" points; unset means the backend's own /extension page. */
  extensionUrl?: string;
  /** The support address the app shows (PEEGA_SUPPORT_EMAIL; brand's contact by default). */
  supportEmail?: string;
  /** The billing functions have Stripe's key and prices (#35, docs/billing.md). */
  billingEnabled: boolean;
  linkedinEnabled: boolean;
  /**
   * What the browser needs to start the LinkedIn OpenID Connect flow (never
   * the client secret); null when verification is not configured.
   */
  linkedin: { clientId: string; authorizeUrl: string } | null;
  /** Folder of the built web app to serve, if any. */
  webDist?: string;
  migrationsDir: string;
  seedFile: string;
  /** Serve the mail catcher at /_mail (demo mode only by default: it shows recovery links). */
  mailbox: boolean;
  smtpUrl?: string;
  smtpFrom: string;
  functionsDir: string;
  /** WXT's output folder (`.output`): the unpacked extension and its zip. */
  extensionOutputDir: string;
  configToml: string;
  /** Process variables handed to edge functions as secrets (PEEGA_FUNCTION_SECRETS, comma-separated). */
  functionSecrets: string[];
  /**
   * Where functions run (PEEGA_FUNCTIONS_RUNTIME): 'node' calls each
   * function's handler.ts in this process (default: measured faster, see
   * docs/background-jobs.md); 'deno' runs each index.ts, what hosted Supabase
   * deploys, in real Deno.
   */
  functionsRuntime: 'node' | 'deno';
  /**
   * The tracker tokens' encryption key the `integrations` functions get as
   * PEEGA_INTEGRATIONS_KEY (#22): that variable, else generated once and kept
   * in the data folder (a fresh one per run in memory).
   */
  integrationsKey: string;
  /**
   * Run the AI processing worker over the feedback queue (PEEGA_AI_WORKER,
   * default on; the test backend turns it off unless a test asks for it).
   */
  aiWorker: boolean;
  /**
   * Run the company webhook delivery worker (PEEGA_WEBHOOK_WORKER, default
   * on; the test backend turns it off unless a test asks for it).
   */
  webhookWorker: boolean;
  /** How long a webhook receiver may take to answer (PEEGA_WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /**
   * Send companies their daily digest of new feedback and the company
   * invitation e-mails (PEEGA_DIGEST_WORKER, default on; off in test backends).
   */
  digestWorker: boolean;
  /**
   * PostgREST's settings from the environment, by their PGRST_* names
   * (PGRST_DB_SCHEMAS, PGRST_DB_AGGREGATES_ENABLED, PGRST_DB_PLAN_ENABLED);
   * the in-database configuration overrides them (rest/config.ts).
   */
  pgrstEnv: Record<string, string>;
}

type Env = Record<string, string | undefined>;

/**
 * Where the backend serves itself (GoTrue's API_EXTERNAL_URL, the project URL
 * on hosted): PEEGA_PUBLIC_URL when set, else http://localhost:$PORT, without
 * trailing slashes. The emulator owns its configuration; npm start builds the
 * extension for the same address by the product's rule
 * (shared/domain/public-url.ts), and a unit test holds the two equal.
 */
export function publicUrlOf(env: Env): string {
  const explicit = env.PEEGA_PUBLIC_URL?.trim();
  const port = env.PORT?.trim() || '3000';
  return (explicit || `http://localhost:${port}`).replace(/\/+$/, '');
}

/**
 * GoTrue's `PasswordRequiredCharacters.Decode`: sets separated by `:`, where
 * a `\:` at the end of a part joins it with the next one as a literal colon.
 */
export function requiredCharacterSets(value: string): string[] {
  const parts = value.split(':');
  for (let i = 0; i < parts.length - 1; i += 1) {
    const part = parts[i]!;
    if (part === '') continue;
    if (part.endsWith('\\')) {
      parts[i] = `${part.slice(0, -1)}:${parts[i + 1]}`;
      parts[i + 1] = '';
    }
  }
  return parts.filter((p) => p !== '');
}

const flag = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === ''
    ? fallback
    : !['0', 'false', 'no', 'off'].includes(v.toLowerCase());

async function roleKey(secret: string, role: string): Promise<string> {
  return new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(new TextEncoder().encode(secret));
}

/**
 * Outside demo mode the JWT secret is generated once and kept in the data folder
 * (or taken from PEEGA_JWT_SECRET); the public demo secret is refused there.
 */
function productionSecret(env: Env, dataDir: string): string {
  const given = env.PEEGA_JWT_SECRET;
  if (given) {
    if (given === DEMO_JWT_SECRET) {
      throw new Error(
        'PEEGA_JWT_SECRET is the public demo secret; refuse to run outside demo mode with it',
      );
    }
    if (given.length < 32)
      throw new Error('PEEGA_JWT_SECRET must have at least 32 characters');
    return given;
  }
  if (dataDir === 'memory') return randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept === DEMO_JWT_SECRET)
      throw new Error(`${file} holds the public demo secret`);
    return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** 32 random bytes (base64), kept like the JWT secret; see BackendConfig.integrationsKey. */
function integrationsKey(env: Env, dataDir: string): string {
  const given = env.PEEGA_INTEGRATIONS_KEY?.trim();
  if (given) {
    if (Buffer.from(given, 'base64').length !== 32)
      throw new Error('PEEGA_INTEGRATIONS_KEY must be 32 bytes in base64');
    return given;
  }
  if (dataDir === 'memory') return randomBytes(32).toString('base64');
  const file = path.join(dataDir, 'integrations-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

/** The Supabase CLI's well-known local opaque keys (demo mode only). */
export const DEMO_PUBLISHABLE_KEY =
  'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEMO_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Opaque keys from the environment; in demo mode the CLI's well-known ones
 * too (as public as the demo service-role JWT). Outside demo mode a secret key
 * must be long and not the public demo one.
 */
function opaqueKeys(env: Env, demoMode: boolean) {
  const publishableKeys = list(env.PEEGA_PUBLISHABLE_KEYS);
  const secretKeys = list(env.PEEGA_SECRET_KEYS);
  for (const k of publishableKeys) {
    if (!k.startsWith('sb_publishable_'))
      throw new Error(
        'PEEGA_PUBLISHABLE_KEYS: each key starts with sb_publishable_',
      );
  }
  for (const k of secretKeys) {
    if (!k.startsWith('sb_secret_'))
      throw new Error('PEEGA_SECRET_KEYS: each key starts with sb_secret_');
    if (
      !demoMode &&
      (k === DEMO_SECRET_KEY || k.length < 32 + 'sb_secret_'.length)
    )
      throw new Error(
        'PEEGA_SECRET_KEYS: outside demo mode each secret key needs 32 random characters after sb_secret_ and cannot be the public demo key',
      );
  }
  if (demoMode) {
    publishableKeys.push(DEMO_PUBLISHABLE_KEY);
    secretKeys.push(DEMO_SECRET_KEY);
  }
  return { publishableKeys, secretKeys };
}

/** Settings that only a test or a laptop may loosen, refused outside demo mode. */
function demoOnly(env: Env, demoMode: boolean) {
  const allowTxRollback = flag(env.PEEGA_ALLOW_TX_ROLLBACK, false);
  const requireApiKey = flag(env.PEEGA_REQUIRE_APIKEY, true);
  if (!demoMode && allowTxRollback)
    throw new Error('PEEGA_ALLOW_TX_ROLLBACK is for tests in demo mode only');
  if (!demoMode && !requireApiKey)
    throw new Error('PEEGA_REQUIRE_APIKEY=0 is for demo mode only');
  return { allowTxRollback, requireApiKey };
}

/** Reads the contracts of ARCHITECTURE.md from the environment. */
export async function loadConfig(
  env: Env = process.env,
  root = process.cwd(),
): Promise<BackendConfig> {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = env.PEEGA_DATA_DIR ?? path.join(root, '.data');
  const demoMode = flag(env.PEEGA_DEMO, true);
  const jwtSecret = demoMode ? DEMO_JWT_SECRET : productionSecret(env, dataDir);
  const publicUrl = publicUrlOf(env);
  const anonKey = demoMode ? DEMO_ANON_KEY : await roleKey(jwtSecret, 'anon');
  const serviceRoleKey = demoMode
    ? DEMO_SERVICE_ROLE_KEY
    : await roleKey(jwtSecret, 'service_role');
  const webDist = path.join(root, 'web', 'dist');
  return {
    pgrstEnv: Object.fromEntries(
      Object.entries(env).filter(
        (e): e is [string, string] =>
          e[0].startsWith('PGRST_') && e[1] !== undefined,
      ),
    ),
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    trustedProxies: (env.PEEGA_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    demoMode,
    seed: (env.PEEGA_SEED ?? 'demo') !== 'none' && demoMode,
    migrate: flag(env.PEEGA_MIGRATE, true),
    jwtSecret,
    anonKey,
    serviceRoleKey,
    ...opaqueKeys(env, demoMode),
    ...demoOnly(env, demoMode),
    auth: {
      autoconfirm: flag(env.PEEGA_AUTH_AUTOCONFIRM, demoMode),
      passwordChangeRecentSeconds: 24 * 3600,
      otpMaxAttempts: Number(env.PEEGA_OTP_MAX_ATTEMPTS ?? 5),
      hooks: {
        mfaVerificationAttempt: readPgHook(
          path.join(root, 'supabase', 'config.toml'),
          'mfa_verification_attempt',
        ),
      },
      accountLimits: {
        signInFailures: Number(env.PEEGA_RATE_LIMIT_ACCOUNT_SIGNIN ?? 10),
        signInWindow: 15 * 60,
        emailRequests: Number(env.PEEGA_RATE_LIMIT_ACCOUNT_EMAIL ?? 5),
        emailWindow: 3600,
      },
      password: {
        minLength: Math.max(
          readPasswordMinimum(path.join(root, 'supabase', 'config.toml')),
          Number(env.GOTRUE_PASSWORD_MIN_LENGTH) || 0,
        ),
        requiredCharacters: requiredCharacterSets(
          env.GOTRUE_PASSWORD_REQUIRED_CHARACTERS ?? '',
        ),
      },
      anonymousUsers: flag(env.GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED, false),
      manualLinking: flag(env.GOTRUE_SECURITY_MANUAL_LINKING_ENABLED, false),
      jwtExpiry: Number(env.PEEGA_JWT_EXPIRY ?? 3600),
      refreshReuseInterval: 10,
      rateLimits: {
        tokenAndSignup: Number(env.PEEGA_RATE_LIMIT_TOKEN ?? 30),
        refresh: Number(env.PEEGA_RATE_LIMIT_REFRESH ?? 150),
        emailsPerHour: Number(env.PEEGA_RATE_LIMIT_EMAIL ?? 30),
        emailFrequency: 60,
        anonymousUsers: Number(env.GOTRUE_RATE_LIMIT_ANONYMOUS_USERS ?? 30),
        mfaChallengeAndVerify: Number(env.PEEGA_RATE_LIMIT_MFA ?? 15),
      },
    },
    extensionUrl: env.PEEGA_EXTENSION_URL || undefined,
    supportEmail: env.PEEGA_SUPPORT_EMAIL?.trim() || undefined,
    billingEnabled: Boolean(
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_PRICE_PRO &&
      env.STRIPE_PRICE_ADVANCED,
    ),
    linkedinEnabled: Boolean(
      env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET,
    ),
    linkedin:
      env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
        ? {
            clientId: env.LINKEDIN_CLIENT_ID,
            authorizeUrl:
              env.LINKEDIN_AUTHORIZE_URL ||
              'https://www.linkedin.com/oauth/v2/authorization',
          }
        : null,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    migrationsDir: path.join(root, 'supabase', 'migrations'),
    seedFile: path.join(root, 'supabase', 'seed.sql'),
    mailbox: flag(env.PEEGA_MAILBOX, demoMode),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM ?? 'Peega <no-reply@peega.app>',
    functionsDir: path.join(root, 'supabase', 'functions'),
    extensionOutputDir: path.join(root, '.output'),
    configToml: path.join(root, 'supabase', 'config.toml'),
    functionSecrets: (
      env.PEEGA_FUNCTION_SECRETS ??
      'LINKEDIN_CLIENT_ID,LINKEDIN_CLIENT_SECRET,LINKEDIN_TOKEN_URL,LINKEDIN_USERINFO_URL,LINKEDIN_ISSUER,AI_PROVIDER,AI_BASE_URL,AI_API_KEY,AI_MODEL,AI_TIMEOUT_MS,AI_PREVIEW_PER_ACCOUNT,AI_PREVIEW_PER_ADDRESS,DOMAIN_VERIFICATION_FILE_URL,DOMAIN_VERIFICATION_HOME_URL,EMAIL_API_URL,EMAIL_API_KEY,EMAIL_FROM,EMAIL_MAX_ATTEMPTS,SITE_URL,PEEGA_GITHUB_API_URL,PEEGA_LINEAR_API_URL,TRACKER_TIMEOUT_MS,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET,STRIPE_PRICE_PRO,STRIPE_PRICE_ADVANCED,STRIPE_API_URL'
    )
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    functionsRuntime: env.PEEGA_FUNCTIONS_RUNTIME === 'deno' ? 'deno' : 'node',
    integrationsKey: integrationsKey(env, dataDir),
    aiWorker: flag(env.PEEGA_AI_WORKER, true),
    webhookWorker: flag(env.PEEGA_WEBHOOK_WORKER, true),
    webhookTimeoutMs: Number(env.PEEGA_WEBHOOK_TIMEOUT_MS ?? 5000),
    digestWorker: flag(env.PEEGA_DIGEST_WORKER, true),
  };
}
