import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig, type BackendConfig } from '../../supabase/local/config.ts';
import {
  startBackend,
  type RunningBackend,
} from '../../supabase/local/start.ts';
import type { BackendContext } from '../../supabase/local/context.ts';
import type { Db } from '../../supabase/local/db/types.ts';
import type { CatalogStore } from '../../supabase/local/rest/index.ts';
import {
  catalogStore,
  createDatabaseFrom,
  pgliteTemplate,
  postgresCatalogKey,
  postgresTemplate,
  templateKey,
  templateRun,
} from './templates.ts';

export interface TestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  ctx: BackendContext;
  backend: RunningBackend;
  /** A supabase-js client that keeps no session on disk and never refreshes by itself. */
  client(key?: string, headers?: Record<string, string>): SupabaseClient;
  stop(): Promise<void>;
}

/** A supabase-js client for tests: no stored session, no background refresh. */
export function createTestClient(
  url: string,
  key: string,
  headers: Record<string, string> = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { headers },
    // Node 20 has no global WebSocket; realtime-js takes `ws` instead.
    realtime: { transport: WebSocket as never },
  });
}

export interface TestBackendOptions {
  env?: Record<string, string>;
  /** Folder of `*.sql` files applied after the platform objects (default: the app's migrations). */
  migrationsDir?: string;
  /** Apply supabase/seed.sql on the new database (default false). */
  seed?: boolean;
  now?: () => Date;
  /** Overrides of the webhook worker (fetch, lookup, backoff). */
  webhooks?: Parameters<typeof startBackend>[1] extends infer O
    ? O extends { webhooks?: infer W }
      ? W
      : never
    : never;
  /** Last word on the functions' secrets (AI_MAX_ATTEMPTS, JOB_BACKOFF_MS…). */
  functionEnv?: Record<string, string>;
  /**
   * On DATABASE_URL's server: start on a copy of this database, migrated
   * elsewhere (`supabase db push`), without migrating it (PEEGA_MIGRATE=0).
   */
  copyOf?: string;
  /** Last word on the configuration, e.g. another functions folder. */
  configure?: (config: BackendConfig) => void;
  /** The first schema-cache load's rows (default: the template's, when started from one). */
  catalog?: CatalogStore;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts an embedded backend on a free loopback port: PGlite in memory, or a
 * fresh database on the server of DATABASE_URL (dropped again on stop).
 */
export async function startTestBackend(
  options: TestBackendOptions = {},
): Promise<TestBackend> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    name = `peega_test_${randomBytes(6).toString('hex')}`;
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const config = await loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      PEEGA_DATA_DIR: 'memory',
      PEEGA_SEED: options.seed ? 'demo' : 'none',
      // Every test signs in from 127.0.0.1: GoTrue's per-IP limit would trip
      // suites that are not about it (the rate-limit test sets its own).
      PEEGA_RATE_LIMIT_TOKEN: '100000',
      PEEGA_RATE_LIMIT_REFRESH: '100000',
      // The same for the per-account limits (one address signs in many
      // times in some suites); tests/security/auth-limits.test.ts sets real ones.
      PEEGA_RATE_LIMIT_ACCOUNT_SIGNIN: '100000',
      PEEGA_RATE_LIMIT_ACCOUNT_EMAIL: '100000',
      // Tests that watch feedback rows change would race the AI worker;
      // the AI tests turn it on.
      PEEGA_AI_WORKER: '0',
      // The same for webhook deliveries; the webhook tests turn it on.
      PEEGA_WEBHOOK_WORKER: '0',
      PEEGA_DIGEST_WORKER: '0',
      // PEEGA_TEST_DEMO=0 runs a suite against a non-demo backend (its own
      // generated secret and keys, no mailbox, no demo-only settings), as
      // `node scripts/test-db.mjs security` does for the attack suites.
      // Sign-ups stay auto-confirmed unless a test asks otherwise.
      // A test that chooses its mode itself gets that mode's own defaults.
      ...(process.env.PEEGA_TEST_DEMO === '0' &&
      options.env?.PEEGA_DEMO === undefined
        ? { PEEGA_DEMO: '0', PEEGA_AUTH_AUTOCONFIRM: '1' }
        : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    root,
  );
  config.webDist = undefined;
  if (options.migrationsDir) config.migrationsDir = options.migrationsDir;
  options.configure?.(config);

  // Under Vitest, start from a copy of this run's migrated template
  // (tests/support/templates.ts); the product's start-up then finds every
  // migration applied. Elsewhere (benchmarks), bootstrap as `npm start` does.
  const run = await templateRun();
  let db: Db | undefined;
  let catalog: CatalogStore | undefined;
  if (baseUrl && name && config.databaseUrl === databaseUrl) {
    if (options.copyOf) {
      // A database migrated elsewhere (`supabase db push`), taken as it is.
      await createDatabaseFrom(baseUrl, name, options.copyOf);
      config.migrate = false;
    } else if (run) {
      const template = await postgresTemplate(run, baseUrl, config);
      await createDatabaseFrom(baseUrl, name, template);
      catalog = catalogStore(run, postgresCatalogKey(run, config));
    } else {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
    }
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else if (run && !config.databaseUrl && config.dataDir === 'memory') {
    const { openPglite } = await import('../../supabase/local/db/pglite.ts');
    db = await openPglite(undefined, {
      loadDataDir: await pgliteTemplate(run, config),
    });
    catalog = catalogStore(run, templateKey('pglite', config));
  }
  let backend: RunningBackend;
  try {
    backend = await startBackend(config, {
      now: options.now,
      webhooks: options.webhooks,
      // Suites call the AI preview from one address far more often than a
      // person would; the limit's own test sets it low.
      functionEnv: {
        AI_PREVIEW_PER_ACCOUNT: '100000',
        AI_PREVIEW_PER_ADDRESS: '100000',
        ...options.functionEnv,
      },
      db,
      catalog: options.catalog ?? catalog,
    });
  } catch (e) {
    await dropDatabase?.();
    throw e;
  }
  return {
    url: backend.url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    ctx: backend.ctx,
    backend,
    client(key = config.anonKey, headers = {}) {
      return createTestClient(backend.url, key, headers);
    },
    async stop() {
      await backend.stop();
      await dropDatabase?.();
    },
  };
}
