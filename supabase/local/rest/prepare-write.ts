// POST / PATCH / DELETE / PUT on a table or view.
import { RestError } from './errors.ts';
import { negotiate } from './media.ts';
import { mutationSql, writeStatement } from './mutate.ts';
import { buildReadPlan, columnsNeeded } from './plan.ts';
import { appliedHeader } from './prefer.ts';
import {
  checkStrict,
  findTable,
  hasPostgis,
  singularCheck,
  typeHeaders,
} from './prepare-read.ts';
import type { ApiRequest } from './request.ts';
import {
  contentRange,
  finalize,
  num,
  type Prepared,
  type ResultRow,
} from './respond.ts';
import { Params } from './sql-text.ts';
import type { Column, SchemaCache, Table } from './schema-types.ts';

function checkPut(api: ApiRequest, table: Table): void {
  const { qp } = api;
  const pk = new Set(table.pk);
  const keys = qp.filterKeys;
  const ok =
    qp.logic.length === 0 &&
    pk.size > 0 &&
    keys.size === pk.size &&
    [...keys].every((k) => pk.has(k)) &&
    qp.filters.every(
      ([path, f]) =>
        path.length > 0 ||
        (!f.expr.not &&
          f.expr.op.t === 'quant' &&
          f.expr.op.op === 'eq' &&
          !f.expr.op.quant),
    );
  if (!ok)
    throw new RestError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    );
}

function resolveColumns(table: Table, names: string[]): Column[] {
  return [...new Set(names)].sort().map((n) => {
    const c = table.columnMap.get(n);
    if (!c) throw RestError.columnNotFound(table.name, n);
    return c;
  });
}

export function prepareWrite(api: ApiRequest, cache: SchemaCache): Prepared {
  if (api.action.t !== 'mutate') throw new Error('not a mutation');
  const { name, kind } = api.action;
  const { prefs, qp, schema } = api;
  const table = findTable(cache, schema, name);
  const root = buildReadPlan({
    aggregatesEnabled: api.aggregatesEnabled,
    cache,
    schema,
    rootName: name,
    rootTable: table,
    qp,
    kind: 'mutate',
    maxRows: Infinity,
    topRange: { offset: 0 },
  });
  if (kind === 'upsert-put') checkPut(api, table);
  const cols = kind === 'delete' ? [] : resolveColumns(table, api.columns);
  checkStrict(prefs);
  const output = negotiate(api.accepts, hasPostgis(cache));
  const rep = prefs.representation;
  const full = rep === 'representation';
  const returnings =
    rep === undefined || rep === 'minimal' ? [] : columnsNeeded(root, table.pk);
  const params = new Params();
  const env = { cache, params };
  const mutation = mutationSql({
    kind,
    table,
    cols,
    payload: api.payload,
    prefs,
    onConflict: qp.onConflict,
    rootFilters: qp.filters.filter(([p]) => p.length === 0).map(([, f]) => f),
    rootLogic: qp.logic.filter(([p]) => p.length === 0).map(([, t]) => t),
    returnings,
    cache,
    params,
  });
  const merge =
    kind === 'upsert-put' ||
    (kind === 'insert' && prefs.resolution === 'merge-duplicates');
  const sql = writeStatement(mutation, full ? root : undefined, env, {
    output,
    locationPk:
      kind === 'insert' && rep === 'headers-only' ? table.pk : undefined,
    trackInserted: merge,
  });
  const resolutionApplies =
    kind === 'insert' && (table.pk.length > 0 || qp.onConflict !== undefined);
  const applied = appliedHeader({
    resolution: resolutionApplies ? prefs.resolution : undefined,
    missing: kind === 'insert' || kind === 'update' ? prefs.missing : undefined,
    representation: rep,
    count: prefs.count,
    tx: prefs.tx,
    handling: prefs.handling,
    timezone: prefs.timezone,
    maxAffected:
      kind === 'update' || kind === 'delete' ? prefs.maxAffected : undefined,
  });
  const singular = singularCheck(output);
  const counted = prefs.count !== undefined;

  const check = (row: ResultRow) => {
    const n = num(row.page_total) ?? 0;
    if (kind === 'upsert-put') {
      if (n !== 1)
        throw new RestError(
          400,
          'PGRST115',
          'Payload values do not match URL in primary key column(s)',
        );
      return;
    }
    singular(row);
    if (
      (kind === 'update' || kind === 'delete') &&
      prefs.handling === 'strict' &&
      prefs.maxAffected !== undefined &&
      n > prefs.maxAffected
    )
      throw new RestError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${n} rows`,
      );
  };

  const respond = (row: ResultRow) => {
    const n = num(row.page_total) ?? 0;
    const headers: Record<string, string> = {};
    const total = counted ? n : undefined;
    if (kind === 'update')
      headers['content-range'] = contentRange(0, n - 1, total);
    else if (kind !== 'upsert-put')
      headers['content-range'] = contentRange(1, 0, total);
    const loc = row.header ?? [];
    if (kind === 'insert' && rep === 'headers-only' && loc.length > 0) {
      const q = loc
        .map((kv) => {
          const i = kv.indexOf('=');
          return `${encodeURIComponent(kv.slice(0, i))}=${encodeURIComponent(kv.slice(i + 1))}`;
        })
        .join('&');
      headers.location = `/${name}?${q}`;
    }
    if (applied) headers['preference-applied'] = applied;
    const inserted = row.response_inserted ?? null;
    let status: number;
    if (kind === 'insert')
      status = merge ? (inserted !== null && inserted > 0 ? 201 : 200) : 201;
    else if (kind === 'upsert-put')
      status = full ? ((inserted ?? 0) > 0 ? 201 : 200) : 204;
    else status = full ? 200 : 204;
    if (!full) return finalize(row, status, headers, '');
    return finalize(
      row,
      status,
      { ...headers, ...typeHeaders(output, schema) },
      row.body ?? '',
    );
  };

  return { sql, params: params.values, readOnly: false, check, respond };
}
