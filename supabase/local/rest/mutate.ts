// INSERT / UPDATE / DELETE / PUT statements (v14 mutatePlanToQuery and
// Statements.mainWrite): the JSON body is bound once and expanded in SQL
// with json_to_record(set), so Postgres does all type conversion.
import type { Filter, LogicTree } from './ast.ts';
import type { Output } from './media.ts';
import { toLogic } from './plan.ts';
import type { Preferences } from './prefer.ts';
import { bodySql, GUC_COLUMNS, readQuery } from './sql-builder.ts';
import { filterSql, logicSql, type FieldCtx } from './sql-fields.ts';
import { arrayLiteral, ident, qident, type Params } from './sql-text.ts';
import type { ReadNode } from './plan-types.ts';
import type { Column, SchemaCache, Table } from './schema-types.ts';

export interface Payload {
  /** The JSON text as received. */
  raw: string;
  isObject: boolean;
}

export type Mutation = 'insert' | 'update' | 'delete' | 'upsert-put';

export interface MutationInput {
  kind: Mutation;
  table: Table;
  cols: Column[];
  payload?: Payload;
  prefs: Preferences;
  onConflict?: string[];
  rootFilters: Filter[];
  rootLogic: LogicTree[];
  returnings: string[];
  cache: SchemaCache;
  params: Params;
}

const INSERTED_PLUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'";
const INSERTED_MINUS =
  "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'";

function returningSql(t: Table, returnings: string[]): string {
  if (returnings.length === 0) return 'RETURNING 1';
  const q = qident(t.schema, t.name);
  return `RETURNING ${returnings.map((c) => (c === '*' ? `${q}.*` : `${q}.${ident(c)}`)).join(', ')}`;
}

/** FROM … pgrst_body: the payload as typed rows (PostgREST's fromJsonBodyF). */
export function jsonBodySql(
  payload: Payload,
  cols: { name: string; type: string; default?: string }[],
  params: Params,
  opts: { withDefaults: boolean; limitOne: boolean },
): string {
  const { isObject } = payload;
  const jb = opts.withDefaults ? 'jsonb' : 'json';
  let sql = `FROM (SELECT ${params.add(payload.raw)}::${jb} AS json_data) pgrst_payload, `;
  let source = 'pgrst_payload.json_data';
  if (opts.withDefaults) {
    const defs = cols
      .filter((c) => c.default !== undefined)
      .map((c) => `${params.add(c.name)}::text, ${c.default}`)
      .join(', ');
    const obj = `jsonb_build_object(${defs})`;
    sql += isObject
      ? `LATERAL (SELECT ${obj} || pgrst_payload.json_data AS val) pgrst_json_defs, `
      : `LATERAL (SELECT jsonb_agg(${obj} || elem) AS val from jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `;
    source = 'pgrst_json_defs.val';
  }
  const limit = opts.limitOne ? ' LIMIT 1' : '';
  if (cols.length === 0) {
    const rows = isObject
      ? '(values(1)) _ '
      : `${jb}_array_elements(${source}) _ `;
    return `${sql}LATERAL (SELECT FROM ${rows}) pgrst_body `;
  }
  const fn = `${jb}_to_record${isObject ? '' : 'set'}`;
  const names = cols.map((c) => ident(c.name)).join(', ');
  const typed = cols.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  return `${sql}LATERAL (SELECT ${names} FROM ${fn}(${source}) AS _(${typed})${limit}) pgrst_body `;
}

function whereRoot(input: MutationInput, qual: string): string {
  const ctx: FieldCtx = {
    qual,
    table: input.table,
    cache: input.cache,
    params: input.params,
  };
  const parts = [
    ...input.rootLogic.map((t) => logicSql(toLogic(t), ctx, () => 'true')),
    ...input.rootFilters.map((f) => filterSql(f, ctx)),
  ];
  return parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
}

export function mutationSql(input: MutationInput): string {
  const { table: t, cols, prefs, params } = input;
  const q = qident(t.schema, t.name);
  const withDefaults = prefs.missing === 'default';
  const ret = returningSql(t, input.returnings);
  if (input.kind === 'delete')
    return `DELETE FROM ${q} ${whereRoot(input, q)} ${ret}`;
  const payload = input.payload ?? { raw: '{}', isObject: true };
  if (input.kind === 'update') {
    if (cols.length === 0) {
      const name = ident(t.name);
      const sel = input.returnings.length
        ? input.returnings
            .map((c) => (c === '*' ? `${name}.*` : `${name}.${ident(c)}`))
            .join(', ')
        : 'NULL';
      return `SELECT ${sel} FROM ${q} WHERE false`;
    }
    const set = cols
      .map((c) => `${ident(c.name)} = "pgrst_body".${ident(c.name)}`)
      .join(', ');
    const body = jsonBodySql(payload, cols, params, {
      withDefaults,
      limitOne: false,
    });
    return `UPDATE ${q} SET ${set} ${body}${whereRoot(input, q)} ${ret}`;
  }
  const isPut = input.kind === 'upsert-put';
  const names = cols.map((c) => ident(c.name));
  const colList = cols.length ? `(${names.join(', ')}) ` : ' ';
  const selected = cols.map((c) => `"pgrst_body".${ident(c.name)}`).join(', ');
  const body = jsonBodySql(payload, cols, params, {
    withDefaults: withDefaults && !isPut,
    limitOne: false,
  });
  const merge = isPut || prefs.resolution === 'merge-duplicates';
  let sql = `INSERT INTO ${q}${colList}SELECT ${selected} ${body}`;
  if (isPut) {
    const putWhere = whereRoot(input, '"pgrst_body"').replace(/^ WHERE /, '');
    sql += `WHERE ${INSERTED_PLUS}${putWhere ? ` AND ${putWhere}` : ''}`;
  } else if (merge) sql += `WHERE ${INSERTED_PLUS}`;
  const target = isPut ? t.pk : (input.onConflict ?? t.pk);
  if ((isPut || prefs.resolution) && target.length > 0) {
    sql += ` ON CONFLICT(${target.map(ident).join(', ')}) `;
    if (!merge || cols.length === 0) sql += 'DO NOTHING';
    else
      sql += `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}WHERE ${INSERTED_MINUS}`;
  }
  return `${sql} ${ret}`;
}

/** The outer statement of a write: body, Location parts, inserted count. */
export function writeStatement(
  mutation: string,
  root: ReadNode | undefined,
  env: { cache: SchemaCache; params: Params },
  opts: {
    output: Output;
    locationPk?: string[];
    trackInserted: boolean;
  },
): string {
  const select = root ? readQuery(root, env) : 'SELECT * FROM pgrst_source';
  const body = root ? bodySql(opts.output, 'rows', false) : "''::text";
  const location = opts.locationPk
    ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN coalesce((WITH data AS (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) SELECT array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')) FROM data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key = ANY (${env.params.add(
        arrayLiteral(opts.locationPk),
      )}::text[])), array[]::text[]) ELSE array[]::text[] END`
    : 'array[]::text[]';
  const inserted = opts.trackInserted
    ? "nullif(current_setting('pgrst.inserted', true),'')::int"
    : 'null::int';
  return (
    `WITH pgrst_source AS (${mutation}) SELECT null::bigint AS total_result_set, ` +
    `pg_catalog.count(_postgrest_t) AS page_total, ${location} AS header, ${body} AS body, ` +
    `${GUC_COLUMNS}, ${inserted} AS response_inserted FROM (${select}) _postgrest_t`
  );
}
