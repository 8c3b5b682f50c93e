// Test-only fast path: a migrated (and, when asked, seeded) database is built
// once per key, and every test backend starts from a copy of it
// instead of bootstrapping from nothing (PGlite: initdb, platform objects,
// every migration, the seed). The copy is then migrated by the product's own
// start-up, which finds every migration applied and skips it.
//
// Keys hash what the database is built from (platform.sql, the migrations
// folder, the seed and the code that applies them, the PGlite version, and
// the day: the seed is relative to now()), so fixtures folders get their own
// templates. PGlite templates are kept between runs, PostgreSQL ones for one
// run (tests/support/template-setup.ts).
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BackendConfig } from '../../supabase/local/config.ts';
import type { CatalogStore } from '../../supabase/local/rest/index.ts';
import type { CatalogRows } from '../../supabase/local/rest/schema-cache.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';

/** What the Vitest global setup hands the workers. */
export interface TemplateRun {
  /** Folder of this run's PGlite tarballs. */
  dir: string;
  /** Prefix of this run's template databases on PostgreSQL. */
  runId: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    peegaTemplates: TemplateRun | null;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The current run, or null outside Vitest, without the setup, or with PEEGA_TEST_TEMPLATES=0. */
export async function templateRun(): Promise<TemplateRun | null> {
  if (!process.env.VITEST || process.env.PEEGA_TEST_TEMPLATES === '0') {
    return null;
  }
  const { inject } = await import('vitest');
  try {
    return inject('peegaTemplates') ?? null;
  } catch {
    return null;
  }
}

function pgliteVersion(): string {
  const file = path.join(
    root,
    'node_modules/@electric-sql/pglite/package.json',
  );
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string })
    .version;
}

type Source = Pick<BackendConfig, 'migrationsDir' | 'seedFile' | 'seed'>;

function seeds(config: Source): boolean {
  return config.seed && !!config.seedFile && existsSync(config.seedFile);
}

/** A hash of everything the migrated database is made of. */
export function templateKey(kind: 'pglite' | 'postgres', config: Source) {
  const h = createHash('sha256');
  const add = (s: string | Buffer) => {
    h.update(String(s.length));
    h.update(':');
    h.update(s);
  };
  add(kind);
  add(kind === 'pglite' ? pgliteVersion() : '');
  for (const f of ['platform.sql', 'migrate.ts'])
    add(readFileSync(path.join(root, 'supabase/local/db', f), 'utf8'));
  const dir = path.resolve(root, config.migrationsDir);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
  for (const f of files) {
    add(f);
    add(readFileSync(path.join(dir, f)));
  }
  if (seeds(config)) {
    add(readFileSync(config.seedFile!));
    // The seed dates rows from today (UTC): a run that crosses midnight
    // seeds afresh, as a start without the template would.
    add(new Date().toISOString().slice(0, 10));
  } else add('no seed');
  return h.digest('hex').slice(0, 16);
}

const migrateOptions = (config: Source) => ({
  migrationsDir: config.migrationsDir,
  seedFile: config.seedFile,
  seed: config.seed,
});

const pgliteTemplates = new Map<string, Promise<Blob>>();

/**
 * The tarball of a migrated PGlite data folder for `config`: read from this
 * run's folder, or built and put there with an atomic rename (two workers
 * may build the same one at once; either result is the same).
 */
export function pgliteTemplate(run: TemplateRun, config: Source) {
  const key = templateKey('pglite', config);
  let blob = pgliteTemplates.get(key);
  if (!blob) {
    blob = (async () => {
      const file = path.join(run.dir, `pglite-${key}.tar`);
      if (!existsSync(file)) {
        // A new data folder may number its objects differently.
        for (const f of readdirSync(run.dir, { withFileTypes: true }))
          if (f.name.startsWith(`catalog-${key}-`))
            rmSync(path.join(run.dir, f.name), { force: true });
        const { openPglite } =
          await import('../../supabase/local/db/pglite.ts');
        const db = await openPglite();
        try {
          await migrate(db, migrateOptions(config));
          const tar = await db.dumpDataDir();
          mkdirSync(run.dir, { recursive: true });
          const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
          writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()));
          renameSync(tmp, file);
        } finally {
          await db.close();
        }
      }
      return new Blob([readFileSync(file)]);
    })();
    pgliteTemplates.set(key, blob);
    blob.catch(() => pgliteTemplates.delete(key));
  }
  return blob;
}

/**
 * The catalog rows (rest/index.ts CatalogStore) of the first backend started
 * from template `key`, in a file of this run's folder: copies of a template
 * keep its object ids, so the others build their schema cache from these
 * rows instead of querying the catalog (about 80 ms a start).
 */
export function catalogStore(run: TemplateRun, key: string): CatalogStore {
  const file = (schemas: string[]) =>
    path.join(
      run.dir,
      `catalog-${key}-${createHash('sha256').update(schemas.join(',')).digest('hex').slice(0, 8)}.json`,
    );
  return {
    get(schemas) {
      try {
        return JSON.parse(readFileSync(file(schemas), 'utf8')) as CatalogRows;
      } catch {
        return undefined;
      }
    },
    set(rows) {
      const to = file(rows.schemas);
      mkdirSync(run.dir, { recursive: true });
      const tmp = `${to}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(tmp, JSON.stringify(rows));
      renameSync(tmp, to);
    },
  };
}

/** The catalog key of a PostgreSQL template: its ids are this run's. */
export const postgresCatalogKey = (run: TemplateRun, config: Source) =>
  `pg-${run.runId}-${templateKey('postgres', config)}`;

function databaseUrl(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(
  baseUrl: string,
  fn: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database for `config` on the server of
 * `baseUrl`. Workers of one run take an advisory lock on the name, so one
 * builds it (under a temporary name, then renamed) while the others wait
 * and use it: concurrent renames to one name fail in the catalogue's unique
 * index, and parallel builds of the same schema only waste the cores.
 */
export function postgresTemplate(
  run: TemplateRun,
  baseUrl: string,
  config: Source,
): Promise<string> {
  const key = templateKey('postgres', config);
  let name = postgresTemplates.get(key);
  if (!name) {
    name = withAdmin(baseUrl, async (admin) => {
      const final = `peega_tpl_${run.runId}_${key}`;
      await admin.query('select pg_advisory_lock(hashtext($1))', [final]);
      try {
        const r = await admin.query(
          'select 1 from pg_database where datname = $1',
          [final],
        );
        if (r.rowCount === 1) return final;
        const tmp = `peega_tplb_${run.runId}_${randomBytes(6).toString('hex')}`;
        await admin.query(`create database ${tmp}`);
        try {
          const { openPostgres } =
            await import('../../supabase/local/db/postgres.ts');
          const db = await openPostgres(databaseUrl(baseUrl, tmp), 2);
          try {
            await migrate(db, migrateOptions(config));
          } finally {
            await db.close();
          }
          await admin.query(`alter database ${tmp} rename to ${final}`);
        } catch (e) {
          await admin.query(`drop database if exists ${tmp} with (force)`);
          throw e;
        }
        return final;
      } finally {
        await admin.query('select pg_advisory_unlock(hashtext($1))', [final]);
      }
    });
    postgresTemplates.set(key, name);
    name.catch(() => postgresTemplates.delete(key));
  }
  return name;
}

/**
 * Creates database `name` as a copy of `template`. A copy needs the template
 * to have no other session; autovacuum may briefly hold one, so retry.
 */
export async function createDatabaseFrom(
  baseUrl: string,
  name: string,
  template: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(baseUrl, (c) =>
        c.query(`create database ${name} template ${template}`),
      );
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 10) throw e;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Drops this run's template databases (global teardown). */
export async function dropPostgresTemplates(
  baseUrl: string,
  runId: string,
): Promise<void> {
  await withAdmin(baseUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database
        where datname like 'peega\\_tpl\\_' || $1 || '\\_%'
           or datname like 'peega\\_tplb\\_' || $1 || '\\_%'`,
      [runId],
    );
    for (const r of rows) {
      await c.query(`drop database if exists ${r.datname} with (force)`);
    }
  });
}
