// SQL for read plans: the (embedding) select, the count query, and the
// outer statement that aggregates the body in Postgres (json_agg / csv), as
// PostgREST's QueryBuilder and Statements do.
import type { SelectField } from './ast.ts';
import type { Output } from './media.ts';
import { castType, fieldSql, logicSql, type FieldCtx } from './sql-fields.ts';
import { ident, type Params } from './sql-text.ts';
import type { CLogic, ReadNode } from './plan-types.ts';
import type { SchemaCache } from './schema-types.ts';

interface Env {
  cache: SchemaCache;
  params: Params;
}

const ctxOf = (node: ReadNode, env: Env): FieldCtx => ({
  qual: node.qual,
  table: node.table,
  cache: env.cache,
  params: env.params,
});

/** A select item's expression: the field, its cast, and its aggregate with the aggregate's cast. */
function selectExprSql(s: SelectField, ctx: FieldCtx): string {
  let expr =
    s.agg === 'count' && s.field.name === '*' ? '*' : fieldSql(s.field, ctx);
  if (s.cast) expr = `CAST( ${expr} AS ${castType(ctx.cache, s.cast)} )`;
  if (s.agg) {
    expr = `${s.agg}(${expr})`;
    if (s.aggCast)
      expr = `CAST( ${expr} AS ${castType(ctx.cache, s.aggCast)} )`;
  }
  return expr;
}

function selectItemSql(s: SelectField, ctx: FieldCtx): string {
  const expr = selectExprSql(s, ctx);
  // An aggregate is named after its function, as PostgREST names it.
  const name = s.alias ?? s.agg;
  return name ? `${expr} AS ${ident(name)}` : expr;
}

const isEmptyEmbed = (n: ReadNode): boolean =>
  n.select.length === 0 && n.children.every(isEmptyEmbed);

/** Names a spread child contributes to its parent's row. */
function spreadNames(n: ReadNode): string[] {
  const own = n.select.flatMap((s) => {
    if (s.alias) return [s.alias];
    if (s.agg) return [s.agg];
    if (s.field.name !== '*') return [s.field.name];
    if (n.rel?.toOne) return ['*'];
    return n.table?.columns.map((c) => c.name) ?? [];
  });
  const rels = n.children.flatMap((c) =>
    c.spread ? spreadNames(c) : isEmptyEmbed(c) ? [] : [c.alias ?? c.name],
  );
  return [...own, ...rels];
}

/**
 * GROUP BY of a node with aggregates: every other selected field and
 * embedded resource (PostgREST's automatic grouping).
 */
function groupSql(node: ReadNode, env: Env): string {
  if (!node.select.some((s) => s.agg)) return '';
  const ctx = ctxOf(node, env);
  const keys = [
    ...node.select.filter((s) => !s.agg).map((s) => selectExprSql(s, ctx)),
    ...joinSelects(node).map((j) => j.replace(/ AS "(?:[^"]|"")*"$/, '')),
  ];
  return keys.length ? ` GROUP BY ${keys.join(', ')}` : '';
}

function joinSelects(node: ReadNode): string[] {
  return node.children.flatMap((c) => {
    const agg = ident(c.aggAlias);
    if (c.spread)
      return spreadNames(c).map((n) =>
        n === '*' ? `${agg}.*` : `${agg}.${ident(n)}`,
      );
    if (isEmptyEmbed(c)) return [];
    const name = ident(c.alias ?? c.name);
    return c.rel?.toOne
      ? [`row_to_json(${agg}.*)::jsonb AS ${name}`]
      : [`COALESCE( ${agg}.${agg}, '[]') AS ${name}`];
  });
}

function joinSql(c: ReadNode, env: Env): string {
  const sub = readQuery(c, env);
  const agg = ident(c.aggAlias);
  const kw = c.join === 'inner' ? 'INNER' : 'LEFT';
  if (c.rel?.toOne) return ` ${kw} JOIN LATERAL ( ${sub} ) AS ${agg} ON TRUE`;
  const cond = c.join === 'inner' ? `${agg} IS NOT NULL` : 'TRUE';
  const spreadAggs = c.spread
    ? spreadNames(c).map(
        (n) =>
          `, COALESCE(json_agg(${agg}.${ident(n)}),'[]')::jsonb AS ${ident(n)}`,
      )
    : [];
  return ` ${kw} JOIN LATERAL ( SELECT json_agg(${agg})::jsonb AS ${agg}${spreadAggs.join(
    '',
  )} FROM (${sub} ) AS ${agg} ) AS ${agg} ON ${cond}`;
}

function whereSql(node: ReadNode, env: Env, count: boolean): string[] {
  const ctx = ctxOf(node, env);
  const nullEmbed = (l: Extract<CLogic, { t: 'nullEmbed' }>) =>
    count
      ? `${l.not ? '' : 'NOT '}EXISTS (${countQuery(l.child, env)})`
      : `${ident(l.child.aggAlias)} IS ${l.not ? '' : 'NOT '}DISTINCT FROM NULL`;
  return [
    ...node.where.map((l) => logicSql(l, ctx, nullEmbed)),
    ...node.joinConds,
  ];
}

function fromSql(node: ReadNode): string {
  const alias = node.fromAlias ? ` AS ${ident(node.fromAlias)}` : '';
  return ` FROM ${node.fromSql}${alias}`;
}

function orderSql(node: ReadNode, env: Env): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((o) => {
    const ctx = o.relation
      ? { ...ctxOf(node, env), qual: ident(o.relation), table: undefined }
      : ctxOf(node, env);
    const dir = o.dir ? ` ${o.dir.toUpperCase()}` : '';
    const nulls = o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : '';
    return `${fieldSql(o.field, ctx)}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function rangeSql(node: ReadNode, env: Env): string {
  const { offset, limit } = node.range;
  if (offset === 0 && limit === undefined) return '';
  const l = limit === undefined ? 'ALL' : env.params.add(String(limit));
  return ` LIMIT ${l} OFFSET ${env.params.add(String(offset))}`;
}

/** The SELECT of one node with its embedded children joined laterally. */
export function readQuery(node: ReadNode, env: Env): string {
  const ctx = ctxOf(node, env);
  const plain =
    node.select.length === 0 && node.children.length === 0
      ? [`${node.qual}.*`]
      : node.select.map((s) => selectItemSql(s, ctx));
  const items = [...plain, ...joinSelects(node)];
  const where = whereSql(node, env, false);
  return (
    `SELECT ${items.join(', ')}${fromSql(node)}` +
    node.children.map((c) => joinSql(c, env)).join('') +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    groupSql(node, env) +
    orderSql(node, env) +
    rangeSql(node, env)
  );
}

/** Rows of the root before limit/offset; `!inner` embeds become EXISTS. */
export function countQuery(node: ReadNode, env: Env): string {
  const conds = [
    ...whereSql(node, env, true),
    ...node.children
      .filter((c) => c.join === 'inner')
      .map((c) => `EXISTS (${countQuery(c, env)} )`),
  ];
  return `SELECT 1${fromSql(node)}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`;
}

/** How a function's result is aggregated into the body. */
export type ResultShape =
  'rows' | 'single-row' | 'scalar' | 'setof-scalar' | 'void';

export function bodySql(output: Output, shape: ResultShape, head: boolean) {
  if (head || shape === 'void') return "''::text";
  const scalar = shape === 'scalar' || shape === 'setof-scalar';
  const row = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const strip = (s: string, on: boolean) => (on ? `json_strip_nulls(${s})` : s);
  switch (output.t) {
    case 'single':
      return `coalesce(${strip(`json_agg(${row})->0`, output.strip)}, 'null')::text`;
    case 'json':
      return shape === 'single-row' || shape === 'scalar'
        ? `coalesce(${strip(`json_agg(${row})->0`, output.strip)}, 'null')::text`
        : `coalesce(${strip(`json_agg(${row})`, output.strip)}, '[]')::text`;
    case 'csv':
      return (
        "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k" +
        ' FROM (SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)' +
        " || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')"
      );
    case 'geojson':
      return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text";
  }
}

export const GUC_COLUMNS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, " +
  "nullif(current_setting('response.status', true), '') AS response_status";

/** GET/HEAD on a relation: one statement for rows, count and body. */
export function readStatement(
  root: ReadNode,
  env: Env,
  opts: { output: Output; head: boolean; count: boolean },
): string {
  const select = readQuery(root, env);
  const countCte = opts.count
    ? `, pgrst_source_count AS (${countQuery(root, env)})`
    : '';
  const total = opts.count
    ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
    : 'null::bigint';
  return (
    `WITH pgrst_source AS ( ${select} )${countCte} SELECT ${total} AS total_result_set, ` +
    `pg_catalog.count(_postgrest_t) AS page_total, ${bodySql(opts.output, 'rows', opts.head)} AS body, ` +
    `${GUC_COLUMNS} FROM ( SELECT * FROM pgrst_source ) _postgrest_t`
  );
}
