import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../supabase/local/config.ts';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import type { Db } from '../../../supabase/local/db/types.ts';
import { startBackend } from '../../../supabase/local/start.ts';
import {
  createDatabaseFrom,
  pgliteTemplate,
  postgresTemplate,
  templateRun,
} from '../../support/templates.ts';

// PEEGA_MIGRATE=0: the backend on a database `supabase db push` migrated
// (docs/deploy.md). It applies nothing itself and refuses a database that
// lacks migrations.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * An empty database, or with `migrated` a copy of this run's migrated
 * template: PGlite, or a new one on DATABASE_URL's server.
 */
async function openDb(migrated = false): Promise<Db> {
  const baseUrl = process.env.DATABASE_URL;
  const run = migrated ? await templateRun() : null;
  const source = {
    migrationsDir: path.join(root, 'supabase/migrations'),
    seedFile: '',
    seed: false,
  };
  if (!baseUrl) {
    const { openPglite } = await import('../../../supabase/local/db/pglite.ts');
    if (!run) {
      const db = await openPglite();
      if (migrated) await migrate(db, source);
      return db;
    }
    return openPglite(undefined, {
      loadDataDir: await pgliteTemplate(run, source),
    });
  }
  const name = `peega_test_${randomBytes(6).toString('hex')}`;
  if (run)
    await createDatabaseFrom(
      baseUrl,
      name,
      await postgresTemplate(run, baseUrl, source),
    );
  else await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const { openPostgres } =
    await import('../../../supabase/local/db/postgres.ts');
  const db = await openPostgres(u.toString(), 2);
  if (migrated && !run) await migrate(db, source);
  return db;
}

const config = () =>
  loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      PEEGA_DATA_DIR: 'memory',
      PEEGA_SEED: 'none',
      PEEGA_MIGRATE: '0',
      PEEGA_AI_WORKER: '0',
      PEEGA_WEBHOOK_WORKER: '0',
      PEEGA_DIGEST_WORKER: '0',
    },
    root,
  );

// A fresh PGlite (initdb) takes long on a loaded machine.
const SLOW = 120_000;

it(
  'refuses a database that lacks migrations, naming them',
  async () => {
    const db = await openDb();
    await expect(startBackend(await config(), { db })).rejects.toThrow(
      /PEEGA_MIGRATE=0 but the database lacks \d+ migration\(s\) \(20261202000000_platform\.sql, .*apply them with `supabase db push`/,
    );
  },
  SLOW,
);

it(
  'starts on a migrated database without touching its schema',
  async () => {
    const db = await openDb(true);
    const cfg = await config();
    // The bootstrap grants this on every migrating start: left revoked, it
    // shows that nothing was applied.
    await db.exec('revoke usage on schema storage from anon');
    const backend = await startBackend(cfg, { db });
    cleanups.push(() => backend.stop());
    expect(backend.migrations.applied).toEqual([]);
    const { rows } = await db.query<{ ok: boolean }>(
      `select has_schema_privilege('anon', 'storage', 'usage') as ok`,
    );
    expect(rows[0]?.ok).toBe(false);
    const res = await fetch(
      `${backend.url}/rest/v1/badges?select=key&limit=1`,
      {
        headers: { apikey: cfg.anonKey },
      },
    );
    expect(res.status).toBe(200);
  },
  SLOW,
);
