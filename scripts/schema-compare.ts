// `npm run schema:compare -- [git-ref]`: the schema baseline's equality proof.
// Databases migrated by the migrations of `git-ref` (default: the last commit
// with the 71-file chain) and by today's supabase/migrations must hold the same
// schema (every pg_dump entry: tables, functions, triggers, policies, grants,
// comments, default privileges, storage policies, publications), the same role
// settings and the same rows, without the seed and with it; and, where pg_cron
// is installed, the same again on a server that loads it, schedules included.
// Needs DATABASE_URL (PostgreSQL with pg_dump).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../supabase/local/db/migrate.ts';
import { openPostgres } from '../supabase/local/db/postgres.ts';
import {
  serverWithExtension,
  startPgCluster,
} from '../tests/support/pg-cluster.ts';
import {
  databaseState,
  differences,
  type DatabaseState,
} from './schema/dump.ts';
import { root, serverUrl, withDatabase } from './supabase-cli.ts';

const OLD_CHAIN = 'c8b06fb';
const ref = process.argv[2] ?? OLD_CHAIN;
const server = serverUrl();
if (!server) {
  console.error('schema:compare needs PostgreSQL: set DATABASE_URL.');
  process.exit(1);
}

const oldDir = mkdtempSync(path.join(os.tmpdir(), 'peega-old-chain-'));
const archive = spawnSync(
  'sh',
  [
    '-c',
    `git archive "$1" supabase/migrations | tar -x -C "$2"`,
    'sh',
    ref,
    oldDir,
  ],
  { cwd: root, encoding: 'utf8' },
);
if (archive.status !== 0)
  throw new Error(`git archive ${ref}: ${archive.stderr}`);
const chains = {
  old: path.join(oldDir, 'supabase/migrations'),
  new: path.join(root, 'supabase/migrations'),
};
const seedFile = path.join(root, 'supabase/seed.sql');

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

/** A new database migrated by `dir` (and seeded), as the embedded backend does it; its state. */
async function build(
  serverUrl: string,
  name: string,
  dir: string,
  seed: boolean,
): Promise<DatabaseState> {
  await admin(serverUrl, `drop database if exists ${name} with (force)`);
  await admin(serverUrl, `create database ${name}`);
  const url = withDatabase(serverUrl, name);
  try {
    const db = await openPostgres(url, 2);
    try {
      await migrate(db, { migrationsDir: dir, seedFile, seed });
    } finally {
      await db.close();
    }
    const state = await databaseState(url);
    // A schedule's id counts every cron.schedule call the chain made.
    state.rows = state.rows.map((r) =>
      r.replace(
        /^(INSERT INTO cron\.job \(jobid, .*\) VALUES \()'\d+'/,
        "$1'<id>'",
      ),
    );
    // The seed's random parts: salted password hashes, generated ids (the
    // demo accounts' fixed ids stay as they are), tokens and referral codes.
    if (seed)
      state.rows = state.rows
        .map((r) =>
          r
            .replace(/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/g, '<bcrypt>')
            .replace(
              /\b(?!00000000-)[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g,
              '<uuid>',
            )
            .replace(/'[0-9a-f]{32}'/g, "'<token>'")
            .replace(/'[A-Z0-9]{8}'/g, "'<code>'"),
        )
        .sort();
    return state;
  } finally {
    await admin(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

let failed = false;
async function compare(label: string, serverUrl: string, name: string) {
  for (const seed of [false, true]) {
    const a = await build(serverUrl, name, chains.old, seed);
    const b = await build(serverUrl, name, chains.new, seed);
    const diff = differences(a, b);
    const what = `${a.entries.length} schema entries, ${a.roles.length} role settings, ${a.rows.length} rows`;
    const title = `${label}, ${seed ? 'migrated and seeded' : 'migrated'}`;
    if (diff.length === 0) console.log(`✓ ${title}: identical (${what})`);
    else {
      failed = true;
      console.log(`✗ ${title}: ${diff.length} differences\n${diff.join('\n')}`);
    }
  }
}

try {
  console.log(
    `Old chain: supabase/migrations at ${ref}; new: the working tree.`,
  );
  await compare('PostgreSQL (DATABASE_URL)', server, 'peega_schema_compare');
  const bin = serverWithExtension('pg_cron');
  if (bin) {
    const cluster = await startPgCluster(bin, {
      shared_preload_libraries: 'pg_cron',
      'cron.database_name': 'peega_cron',
    });
    try {
      await compare(
        `PostgreSQL with pg_cron (${bin})`,
        cluster.url('postgres'),
        'peega_cron',
      );
    } finally {
      cluster.stop();
    }
  } else console.log('- pg_cron is not installed: schedules not compared');
} finally {
  rmSync(oldDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
