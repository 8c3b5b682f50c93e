// GET / HEAD on a table or view.
import { RestError } from './errors.ts';
import { fuzzyOne } from './fuzzy.ts';
import { contentTypeOf, negotiate, type Output } from './media.ts';
import { buildReadPlan } from './plan.ts';
import { appliedHeader, type Preferences } from './prefer.ts';
import type { ApiRequest } from './request.ts';
import {
  finalize,
  num,
  outOfRange,
  rangeStatusHeader,
  type Prepared,
  type ResultRow,
} from './respond.ts';
import { qiKey } from './schema-cache.ts';
import { countQuery, readStatement } from './sql-builder.ts';
import { Params } from './sql-text.ts';
import type { SchemaCache, Table } from './schema-types.ts';

export function findTable(
  cache: SchemaCache,
  schema: string,
  name: string,
): Table {
  const t = cache.tables.get(qiKey(schema, name));
  if (t) return t;
  const names = [...cache.tables.values()]
    .filter((x) => x.schema === schema)
    .map((x) => x.name);
  const hit = names.length < 500 ? fuzzyOne(names, name, 0.75) : undefined;
  throw new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    hit === undefined ? null : `Perhaps you meant the table '${schema}.${hit}'`,
  );
}

export function checkStrict(prefs: Preferences): void {
  if (prefs.handling === 'strict' && prefs.invalid.length > 0)
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
}

export function singularCheck(output: Output) {
  return (row: ResultRow) => {
    const n = num(row.page_total) ?? 0;
    if (output.t === 'single' && n !== 1) throw RestError.singular(n);
  };
}

export const hasPostgis = (cache: SchemaCache) =>
  [...cache.routines.keys()].some((k) => k.endsWith('.st_asgeojson'));

/** Content-Type (and Content-Profile, since two schemas are exposed). */
export const typeHeaders = (output: Output, schema: string) => ({
  'content-type': contentTypeOf(output),
  'content-profile': schema,
});

export function prepareRead(
  api: ApiRequest,
  cache: SchemaCache,
  maxRows: number,
): Prepared {
  if (api.action.t !== 'read') throw new Error('not a read');
  const { name, head } = api.action;
  const table = findTable(cache, api.schema, name);
  const root = buildReadPlan({
    aggregatesEnabled: api.aggregatesEnabled,
    cache,
    schema: api.schema,
    rootName: name,
    rootTable: table,
    qp: api.qp,
    kind: 'read',
    maxRows,
    topRange: api.topRange,
  });
  const output = negotiate(api.accepts, hasPostgis(cache));
  checkStrict(api.prefs);
  const params = new Params();
  // Planned counts need no exact count; estimated ones start from it.
  const count = api.prefs.count !== undefined && api.prefs.count !== 'planned';
  const sql = readStatement(root, { cache, params }, { output, head, count });
  const mode = api.prefs.count;
  const countParams = new Params();
  const countPlan =
    mode === 'planned' || mode === 'estimated'
      ? {
          mode,
          sql: `EXPLAIN (FORMAT JSON) ${countQuery(root, { cache, params: countParams })}`,
          params: countParams.values,
        }
      : undefined;
  const { prefs, topRange, qp, schema } = api;
  const applied = appliedHeader({
    count: prefs.count,
    tx: prefs.tx,
    handling: prefs.handling,
    timezone: prefs.timezone,
  });
  return {
    sql,
    params: params.values,
    readOnly: true,
    check: singularCheck(output),
    ...(countPlan ? { countPlan } : {}),
    respond(row) {
      const total = num(row.total_result_set);
      const { status, range } = rangeStatusHeader(
        topRange.offset,
        num(row.page_total) ?? 0,
        total,
      );
      const headers: Record<string, string> = {
        'content-range': range,
        'content-location': `/${name}${qp.canonical ? `?${qp.canonical}` : ''}`,
        ...typeHeaders(output, schema),
        ...(applied ? { 'preference-applied': applied } : {}),
      };
      const e = status === 416 ? outOfRange(topRange.offset, total) : undefined;
      const body = e
        ? JSON.stringify({
            code: e.code,
            details: e.details,
            hint: e.hint,
            message: e.message,
          })
        : head
          ? ''
          : (row.body ?? '');
      return finalize(row, status, headers, body);
    },
  };
}
