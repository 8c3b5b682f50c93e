import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const platformSql = readFileSync(
  fileURLToPath(new URL('./platform.sql', import.meta.url)),
  'utf8',
);

/** A migration that failed: start-up stops with the file name and Postgres's message. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const msg = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${file} failed: ${msg}`, { cause });
  }
}

/**
 * Roles and their settings are cluster-wide, but advisory locks are per
 * database: two databases bootstrapping on one server at once (a test per
 * database) can collide on the role catalogue, in the platform script or in
 * a migration that sets a role's settings (`alter role anon set …`).
 */
async function installPlatform(db: Db): Promise<void> {
  await retryingCatalogRaces(() =>
    db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(727274)');
      await tx.exec(platformSql);
    }),
  );
}

/**
 * Runs a transaction again when it lost a race on the cluster-wide catalogue
 * ("tuple concurrently updated" on a role's settings, a duplicate role, a
 * deadlock): it was rolled back whole, and what it does is idempotent.
 */
async function retryingCatalogRaces(
  run: () => Promise<void>,
  attempts = 5,
): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await run();
      return;
    } catch (e) {
      const code = (e as { code?: string }).code;
      const retryable =
        code === 'XX000' ||
        code === '23505' ||
        code === '40001' ||
        code === '40P01';
      if (!retryable || i >= attempts) throw e;
      await new Promise((r) =>
        setTimeout(r, 50 * i + Math.floor(Math.random() * 50)),
      );
    }
  }
}

export interface MigrateOptions {
  migrationsDir: string;
  /** Applied once, on a database that had no migration before. */
  seedFile?: string;
  seed: boolean;
}

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Installs the platform objects hosted Supabase provides, then applies each
 * pending `*.sql` migration once, in name order, in its own transaction.
 */
export async function migrate(
  db: Db,
  options: MigrateOptions,
): Promise<MigrateResult> {
  await installPlatform(db);

  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const seededBefore = await db.query(
    'select 1 from supabase_migrations.seed_files limit 1',
  );
  const fresh = done.size === 0 && seededBefore.rows.length === 0;
  const files = existsSync(options.migrationsDir)
    ? readdirSync(options.migrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
  // As `supabase db push` refuses a remote whose ledger names versions the
  // folder lacks: such a database was built by another migration chain (the
  // old files the schema baseline replaced), and applying ours would fail.
  const known = new Set(files.map((f) => f.split('_')[0] ?? f));
  const foreign = [...done].filter((v) => !known.has(v)).sort();
  if (foreign.length > 0)
    throw new Error(
      `The database records ${foreign.length} migration(s) that ${path.basename(options.migrationsDir)} does not have ` +
        `(${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}): it was built by another migration chain, ` +
        `such as the one the schema baseline replaced. Start from a new database: remove the data folder ` +
        `(PEEGA_DATA_DIR, .data by default) or use a new DATABASE_URL.`,
    );
  const applied: string[] = [];
  for (const file of files) {
    const version = file.split('_')[0] ?? file;
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(options.migrationsDir, file), 'utf8');
    try {
      await retryingCatalogRaces(() =>
        db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query(
            `insert into supabase_migrations.schema_migrations (version, name, statements, statements_hash)
             values ($1, $2, array[$3::text], md5($3))`,
            // The CLI's name: the file's without the version and `.sql`.
            [version, file.replace(/^[^_]*_/, '').replace(/\.sql$/, ''), sql],
          );
        }),
      );
    } catch (e) {
      throw new MigrationError(file, e);
    }
    applied.push(file);
  }

  let seeded = false;
  if (
    fresh &&
    options.seed &&
    options.seedFile &&
    existsSync(options.seedFile)
  ) {
    const sql = readFileSync(options.seedFile, 'utf8');
    const seedPath = `supabase/${path.basename(options.seedFile)}`;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          // Where the CLI records it: not a migration the CLI lacks a file for.
          `insert into supabase_migrations.seed_files (path, hash)
           values ($1, encode(sha256(convert_to($2, 'UTF8')), 'hex'))
           on conflict (path) do update set hash = excluded.hash`,
          [seedPath, sql],
        );
      });
    } catch (e) {
      throw new MigrationError(path.basename(options.seedFile), e);
    }
    seeded = true;
  }
  return { applied, seeded };
}

/**
 * For a database migrated elsewhere (`supabase db push`): throws unless the
 * ledger records every migration of the folder.
 */
export async function assertMigrated(
  db: Db,
  migrationsDir: string,
): Promise<void> {
  const { rows } = await db.query<{ ledger: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as ledger`,
  );
  const done = new Set(
    rows[0]?.ledger
      ? (
          await db.query<{ version: string }>(
            'select version from supabase_migrations.schema_migrations',
          )
        ).rows.map((r) => r.version)
      : [],
  );
  const pending = (existsSync(migrationsDir) ? readdirSync(migrationsDir) : [])
    .filter((f) => f.endsWith('.sql') && !done.has(f.split('_')[0] ?? f))
    .sort();
  if (pending.length > 0)
    throw new Error(
      `PEEGA_MIGRATE=0 but the database lacks ${pending.length} migration(s) ` +
        `(${pending.join(', ')}): apply them with \`supabase db push\` first`,
    );
}
