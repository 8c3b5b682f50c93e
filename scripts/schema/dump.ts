// What a migrated database holds, read with PostgreSQL's own pg_dump: the
// schema as pg_dump's entries, the role settings, and the rows the migrations
// (and the seed) wrote. Used by `npm run gen:schema` (supabase/schema.sql),
// `npm run schema:compare` (the baseline's equality proof) and
// tests/supabase/schema.test.ts.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export interface DumpEntry {
  type: string;
  schema: string;
  name: string;
  body: string;
}

const key = (e: DumpEntry) => `${e.type}|${e.schema}|${e.name}`;

function pgDump(url: string, args: string[]): string {
  const r = spawnSync('pg_dump', [...args, '--no-owner', url], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw new Error(`pg_dump could not run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr}`);
  return r.stdout;
}

/** Session settings, psql meta-commands and blank runs: not part of an entry. */
function cleanBody(lines: string[]): string {
  return lines
    .filter(
      (l) =>
        !/^SET |^SELECT pg_catalog\.set_config|^\\(un)?restrict |^-- (PostgreSQL database dump complete|Dumped (from|by))/.test(
          l,
        ) && l !== '--',
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** pg_dump's schema-only entries, in its (dependency) order. */
export function schemaEntries(url: string): DumpEntry[] {
  const lines = pgDump(url, ['--schema-only']).split('\n');
  type Parsing = DumpEntry & { lines: string[] };
  const entries: Parsing[] = [];
  let current: Parsing | null = null;
  for (let i = 0; i < lines.length; i++) {
    const m = /^-- Name: (.*); Type: (.*); Schema: (.*); Owner: .*$/.exec(
      lines[i]!,
    );
    if (m && lines[i - 1] === '--' && lines[i + 1] === '--') {
      if (current) entries.push(current);
      current = {
        name: m[1]!,
        type: m[2]!,
        schema: m[3]!,
        body: '',
        lines: [],
      };
      i++;
    } else current?.lines.push(lines[i]!);
  }
  if (current) entries.push(current);
  return entries.map(({ lines: body, ...e }) => ({
    ...e,
    body: cleanBody(body),
  }));
}

/** The entries of `url` that `baseUrl` (the bare platform) lacks or has otherwise. */
export function appEntries(url: string, baseUrl: string): DumpEntry[] {
  const base = new Map(schemaEntries(baseUrl).map((e) => [key(e), e.body]));
  return schemaEntries(url).filter((e) => base.get(key(e)) !== e.body);
}

async function withClient<T>(
  url: string,
  fn: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // Names come out schema-qualified (regclass, regprocedure as text).
    await c.query("set search_path = ''");
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Settings of the API roles (cluster-wide, e.g. statement_timeout, jit). */
export function roleSettings(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ line: string }>(
      `select format('ALTER ROLE %I SET %s;', r.rolname, s.setting) as line
         from pg_db_role_setting d
         join pg_roles r on r.oid = d.setrole
         cross join lateral unnest(d.setconfig) s(setting)
        where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
          and (d.setdatabase = 0 or d.setdatabase = (select oid from pg_database where datname = current_database()))
        order by 1`,
    );
    return rows.map((r) => r.line);
  });
}

/**
 * Every row outside the migration ledger, as INSERT lines sorted within their
 * table; columns of a time type are left out (they hold the moment of the run).
 */
export function tableRows(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const { rows: tables } = await c.query<{ t: string; cols: string[] }>(
      `select c.oid::regclass::text as t,
              array_agg(quote_ident(a.attname) order by a.attnum) as cols
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relkind in ('r', 'p')
          and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')
          and a.atttypid not in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
        group by c.oid
        order by 1`,
    );
    const out: string[] = [];
    for (const { t, cols } of tables) {
      const list = cols.join(', ');
      const { rows } = await c.query<{ line: string }>(
        `select format('INSERT INTO %s (%s) VALUES (%s);', $1::text, $2::text,
                       concat_ws(', ', ${cols.map((col) => `quote_nullable(${col}::text)`).join(', ')})) as line
           from ${t} order by 1`,
        [t, list],
      );
      out.push(...rows.map((r) => r.line));
    }
    return out;
  });
}

export interface DatabaseState {
  entries: DumpEntry[];
  roles: string[];
  rows: string[];
}

export async function databaseState(url: string): Promise<DatabaseState> {
  return {
    entries: schemaEntries(url),
    roles: await roleSettings(url),
    rows: await tableRows(url),
  };
}

/** What differs between two states, one line each (empty: equal). */
export function differences(a: DatabaseState, b: DatabaseState): string[] {
  const out: string[] = [];
  const ea = new Map(a.entries.map((e) => [key(e), e.body]));
  const eb = new Map(b.entries.map((e) => [key(e), e.body]));
  for (const [k, v] of ea) {
    if (!eb.has(k)) out.push(`schema: only in the first: ${k}`);
    else if (eb.get(k) !== v)
      out.push(
        `schema: differs: ${k}\n--- first\n${v}\n--- second\n${eb.get(k)}`,
      );
  }
  for (const k of eb.keys())
    if (!ea.has(k)) out.push(`schema: only in the second: ${k}`);
  const lines = (label: string, x: string[], y: string[]) => {
    const sx = new Set(x);
    const sy = new Set(y);
    for (const l of x)
      if (!sy.has(l)) out.push(`${label}: only in the first: ${l}`);
    for (const l of y)
      if (!sx.has(l)) out.push(`${label}: only in the second: ${l}`);
    if (x.length !== y.length)
      out.push(`${label}: ${x.length} lines against ${y.length}`);
  };
  lines('role settings', a.roles, b.roles);
  lines('rows', a.rows, b.rows);
  return out;
}

/** supabase/schema.sql: what the migrations add to a new project, for reading. */
export async function schemaFile(
  url: string,
  baseUrl: string,
): Promise<string> {
  const entries = appEntries(url, baseUrl);
  const base = new Set(await tableRows(baseUrl));
  const rows = (await tableRows(url)).filter((r) => !base.has(r));
  // Cluster-wide, so the bare database shows them too: all of them.
  const roles = await roleSettings(url);
  const parts = [
    [
      '-- The current schema of Peega, in one file: what supabase/migrations add to a',
      '-- new hosted Supabase project, in pg_dump order. For reading and review only;',
      '-- the migrations are what runs. Generated by `npm run gen:schema` (needs',
      '-- DATABASE_URL); tests/supabase/schema.test.ts fails when it is out of date.',
    ].join('\n'),
    ...entries.map(
      (e) =>
        `-- Name: ${e.name}; Type: ${e.type}; Schema: ${e.schema}\n${e.body}`,
    ),
    `-- Role settings\n${roles.join('\n')}`,
    `-- Rows the migrations write (time columns left out)\n${rows.join('\n')}`,
  ];
  return parts.join('\n\n') + '\n';
}
