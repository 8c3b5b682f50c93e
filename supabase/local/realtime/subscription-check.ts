// What Realtime's insert into `realtime.subscription` checks: the table is in
// the `supabase_realtime` publication, and (trigger
// `subscription_check_filters`) every filter and selected column is readable
// by the subscriber's role and every value fits the column's type.
import { isPgError, type Db } from '../db/types.ts';
import { ensureCapture } from './capture.ts';
import { describeParams, type Parsed } from './subscriptions.ts';
import type { ChangeParams, Entity, Filter } from './types.ts';

interface PublishedTable {
  schema: string;
  table: string;
  captured: boolean;
}

interface ColumnRow {
  name: string;
  type_oid: number;
  readable: boolean;
}

/** A check failed here, coded like the plpgsql raise of Realtime's trigger. */
class CheckFailed extends Error {
  code = 'P0001';
}

const CONDITIONS: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '22001': 'string_data_right_truncation',
  '22023': 'invalid_parameter_value',
  '42704': 'undefined_object',
  '42883': 'undefined_function',
  '2201B': 'invalid_regular_expression',
};

function exceptionText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (!isPgError(e) || !e.code) return message;
  const name = CONDITIONS[e.code];
  return `ERROR ${e.code}${name ? ` (${name})` : ''} ${message}`;
}

async function checkFilter(
  db: Db,
  f: Filter,
  typeOid: number,
  readable: Set<string>,
) {
  if (!readable.has(f.column))
    throw new CheckFailed(`invalid column for filter ${f.column}`);
  await db.query('select realtime.check_filter_value($1, $2::int::oid, $3)', [
    f.op,
    typeOid,
    f.value,
  ]);
}

async function checkEntity(
  db: Db,
  p: ChangeParams,
  t: PublishedTable,
  role: string,
): Promise<Entity> {
  const { rows } = await db.query<ColumnRow>(
    `select a.attname as name, a.atttypid::int as type_oid,
       has_column_privilege($3::text, a.attrelid, a.attnum, 'SELECT') as readable
     from pg_attribute a
     where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass
       and a.attnum > 0 and not a.attisdropped`,
    [t.schema, t.table, role],
  );
  const readable = new Set(rows.filter((r) => r.readable).map((r) => r.name));
  const typeOf = new Map(rows.map((r) => [r.name, r.type_oid]));
  for (const f of p.filters) {
    await checkFilter(db, f, typeOf.get(f.column) ?? 0, readable);
  }
  for (const col of p.select ?? []) {
    if (!readable.has(col))
      throw new CheckFailed(`invalid column for select ${col}`);
  }
  return { schema: t.schema, table: t.table };
}

/**
 * Resolves every entry of a join to the published tables it listens to; the
 * first failure rejects them all, with the message Realtime pushes.
 */
export async function resolveEntities(
  db: Db,
  list: ChangeParams[],
  role: string,
): Promise<Parsed<Entity[][]>> {
  const { rows: published } = await db.query<PublishedTable>(
    `select p.schemaname as schema, p.tablename as table,
       exists (
         select 1 from pg_trigger g
         where g.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
           and g.tgname = 'realtime_capture_changes'
       ) as captured
     from pg_publication_tables p where p.pubname = 'supabase_realtime'`,
  );
  const out: Entity[][] = [];
  for (const p of list) {
    const tables = published.filter(
      (t) =>
        (p.schema === '*' || t.schema === p.schema) &&
        (p.table === '*' || t.table === p.table),
    );
    if (tables.length === 0) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeParams(p)}]`,
      };
    }
    try {
      out.push(
        await Promise.all(tables.map((t) => checkEntity(db, p, t, role))),
      );
    } catch (e) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeParams(p)}]. Exception: ${exceptionText(e)}`,
      };
    }
    // Tables published after start-up get their capture trigger on first use.
    if (tables.some((t) => !t.captured)) await ensureCapture(db);
  }
  return { ok: true, value: out };
}
