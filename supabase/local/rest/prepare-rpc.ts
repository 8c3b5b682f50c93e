// GET / HEAD / POST on /rpc/<function>.
import { RestError } from './errors.ts';
import { negotiate } from './media.ts';
import { buildReadPlan, columnsNeeded } from './plan.ts';
import { appliedHeader } from './prefer.ts';
import {
  checkStrict,
  hasPostgis,
  singularCheck,
  typeHeaders,
} from './prepare-read.ts';
import type { ApiRequest } from './request.ts';
import {
  finalize,
  num,
  outOfRange,
  rangeStatusHeader,
  type Prepared,
  type ResultRow,
} from './respond.ts';
import { callSql, callStatement, findRoutine, type CallArgs } from './rpc.ts';
import { qiKey } from './schema-cache.ts';
import { Params } from './sql-text.ts';
import type { CLogic, ReadNode } from './plan-types.ts';
import type { SchemaCache } from './schema-types.ts';

// Root filter columns must survive the call's column list (embedded and
// null-embed filters are left out: they never name a returned column).
function filterFields(node: ReadNode): string[] {
  const names = (l: CLogic): string[] =>
    l.t === 'filter'
      ? [l.filter.field.name]
      : l.t === 'expr'
        ? l.children.flatMap(names)
        : [];
  return node.where.flatMap(names);
}

export function prepareRpc(
  api: ApiRequest,
  cache: SchemaCache,
  maxRows: number,
): Prepared {
  if (api.action.t !== 'rpc') throw new Error('not an rpc');
  const { name, method } = api.action;
  const { prefs, qp, schema } = api;
  const isPost = method === 'post';
  const direct = new Map<string, string[]>();
  for (const [k, v] of qp.rpcArgs) direct.set(k, [...(direct.get(k) ?? []), v]);
  const keys = new Set(isPost ? api.columns : [...direct.keys()]);
  const raw = ['text', 'xml', 'octet'].includes(api.content.t);
  const fn = findRoutine(cache, schema, name, keys, isPost, !raw);
  const rootName = fn.table ?? fn.name;
  const root = buildReadPlan({
    aggregatesEnabled: api.aggregatesEnabled,
    cache,
    schema,
    rootName,
    rootTable: fn.table
      ? cache.tables.get(qiKey(fn.tableSchema ?? schema, fn.table))
      : undefined,
    qp,
    kind: 'rpc',
    maxRows,
    topRange: api.topRange,
  });
  const output = negotiate(api.accepts, hasPostgis(cache));
  checkStrict(prefs);
  if (
    prefs.handling === 'strict' &&
    prefs.maxAffected !== undefined &&
    !fn.setof
  )
    throw new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  const params = new Params();
  const args: CallArgs =
    isPost && api.payload
      ? { t: 'json', payload: api.payload }
      : { t: 'direct', args: direct };
  const needed = columnsNeeded(root, []);
  const returned = needed.includes('*')
    ? ['*']
    : [...new Set([...needed, ...filterFields(root)])].sort();
  const call = callSql(fn, keys, args, returned, params);
  const head = method === 'head';
  const count = prefs.count !== undefined;
  const sql = callStatement(
    call,
    root,
    fn,
    { cache, params },
    { output, head, count },
  );
  const readOnly = !isPost || fn.volatility !== 'v';
  const applied = appliedHeader({
    count: prefs.count,
    tx: prefs.tx,
    handling: prefs.handling,
    timezone: prefs.timezone,
    maxAffected: prefs.maxAffected,
  });
  const singular = singularCheck(output);
  return {
    sql,
    params: params.values,
    readOnly,
    check(row: ResultRow) {
      singular(row);
      const n = num(row.page_total) ?? 0;
      if (
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
    },
    respond(row: ResultRow) {
      const total = num(row.total_result_set);
      const { status, range } = rangeStatusHeader(
        api.topRange.offset,
        num(row.page_total) ?? 0,
        total,
      );
      const headers: Record<string, string> = {
        'content-range': range,
        ...(applied ? { 'preference-applied': applied } : {}),
      };
      if (fn.isVoid) return finalize(row, 204, headers, '');
      const e =
        status === 416 ? outOfRange(api.topRange.offset, total) : undefined;
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
      return finalize(
        row,
        status,
        { ...headers, ...typeHeaders(output, schema) },
        body,
      );
    },
  };
}
