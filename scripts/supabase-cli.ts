// The real Supabase CLI (the pinned `supabase` dev dependency) against a
// PostgreSQL database: prepare one as hosted Supabase prepares a project,
// push the migrations, generate types, run the advisors and the lint.
// Used by `npm run gen:types`, `npm run test:supabase` and tests/supabase.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const TYPES_FILE = path.join(root, 'shared/db/database.types.ts');
export const SCHEMA_FILE = path.join(root, 'supabase/schema.sql');
const bin = path.join(root, 'node_modules/.bin/supabase');

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The CLI's URL: without TLS on loopback (it would otherwise print a warning
 * into the generated types on stdout).
 */
function cliUrl(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('sslmode')) u.searchParams.set('sslmode', 'disable');
  return u.toString();
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `supabase <args…> --remote=<url>` in the repository and returns its output. */
export function supabase(args: string[], url: string): CliResult {
  const r = spawnSync(bin, [...args, `--remote=${cliUrl(url)}`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SUPABASE_YES: '1', DO_NOT_TRACK: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

async function admin<T>(
  url: string,
  fn: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A new database on the server of `serverUrl` with what a new hosted project
 * has before its first migration: the roles (anon, authenticated,
 * service_role, authenticator, supabase_admin) and the auth, storage and
 * extensions schemas. That is the embedded backend's own bootstrap
 * (supabase/local/db/platform.sql), so both start from the same platform.
 */
export async function prepareHostedLike(
  serverUrl: string,
  prefix = 'peega_push',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = withDatabase(serverUrl, name);
  const drop = () =>
    admin(serverUrl, (c) =>
      c.query(`drop database if exists ${name} with (force)`),
    ).then(() => undefined);
  try {
    const platform = readFileSync(
      path.join(root, 'supabase/local/db/platform.sql'),
      'utf8',
    );
    // Roles are cluster-wide: serialise with other bootstraps on the server.
    await admin(url, async (c) => {
      await c.query('begin');
      await c.query('select pg_advisory_xact_lock(727274)');
      await c.query(platform);
      await c.query('commit');
    });
  } catch (e) {
    await drop();
    throw e;
  }
  return { name, url, drop };
}

/** `supabase db push`: applies supabase/migrations and records them in the CLI's ledger. */
export function push(url: string): CliResult {
  return supabase(['db', 'push', '--yes'], url);
}

/** `supabase gen types typescript --schema public`, formatted with the repository's Prettier settings. */
export async function generateTypes(url: string): Promise<string> {
  const r = supabase(['gen', 'types', 'typescript', '--schema', 'public'], url);
  if (r.status !== 0)
    throw new Error(`supabase gen types failed:\n${r.stderr}`);
  const options = (await resolveConfig(TYPES_FILE)) ?? {};
  return format(r.stdout, { ...options, filepath: TYPES_FILE });
}

/** Where `npm run gen:types` and `test:supabase` find PostgreSQL. */
export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}
