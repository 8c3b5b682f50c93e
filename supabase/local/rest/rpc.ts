// RPC: overload resolution by argument names (v14 findProc), the call
// statement (callPlanToQuery + mainCall), and PGRST202/203 errors.
import { RestError } from './errors.ts';
import { fuzzyOne } from './fuzzy.ts';
import type { Output } from './media.ts';
import { jsonBodySql, type Payload } from './mutate.ts';
import { qiKey } from './schema-cache.ts';
import {
  bodySql,
  countQuery,
  GUC_COLUMNS,
  readQuery,
  type ResultShape,
} from './sql-builder.ts';
import { arrayLiteral, ident, qident, type Params } from './sql-text.ts';
import type { ReadNode } from './plan-types.ts';
import type { Routine, SchemaCache } from './schema-types.ts';

const sameSet = (a: Set<string>, b: Set<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

function matches(
  fn: Routine,
  keys: Set<string>,
  isPost: boolean,
  json: boolean,
) {
  if (fn.params.length === 0) return keys.size === 0 && (!isPost || json);
  const req = new Set(fn.params.filter((p) => p.required).map((p) => p.name));
  const opt = new Set(fn.params.filter((p) => !p.required).map((p) => p.name));
  if (opt.size === 0) return sameSet(keys, req);
  if (req.size === 0) return [...keys].every((k) => opt.has(k));
  return sameSet(new Set([...keys].filter((k) => !opt.has(k))), req);
}

const singleUnnamedJson = (fn: Routine) =>
  fn.params.length === 1 &&
  fn.params[0]?.name === '' &&
  ['json', 'jsonb'].includes(fn.params[0].type);

function noRpc(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  overloads: Routine[],
): RestError {
  const func = `${schema}.${name}`;
  const list = keys.length ? `(${keys.join(', ')})` : ' without parameters';
  const det = keys.length
    ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    : ' without parameters';
  const listText = (ks: string[]) => `(${[...ks].sort().join(', ')})`;
  let hint: string | undefined;
  if (overloads.length === 0) {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    hint = fuzzyOne(names, name, 0.75);
  } else {
    const sigs = overloads.map((o) => listText(o.params.map((p) => p.name)));
    const best = fuzzyOne(sigs, listText(keys));
    hint = best === undefined ? undefined : name + best;
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${list} in the schema cache`,
    `Searched for the function ${func}${det}${
      isPost ? ' or with a single unnamed json/jsonb parameter' : ''
    }, but no matches were found in the schema cache.`,
    hint === undefined
      ? null
      : `Perhaps you meant to call the function ${schema}.${hint}`,
  );
}

/** Picks the function called by `name` with argument names `keys`. */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: Set<string>,
  isPost: boolean,
  jsonBody: boolean,
): Routine {
  const overloads = cache.routines.get(qiKey(schema, name)) ?? [];
  const named = overloads.filter((f) => matches(f, keys, isPost, jsonBody));
  const fallback = overloads.filter(
    (f) =>
      !matches(f, keys, isPost, jsonBody) &&
      isPost &&
      jsonBody &&
      singleUnnamedJson(f),
  );
  const pick = named.length ? named : fallback;
  const [one] = pick;
  if (pick.length === 1 && one) return one;
  if (pick.length === 0)
    throw noRpc(cache, schema, name, [...keys].sort(), isPost, overloads);
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${pick
      .map(
        (f) =>
          `${f.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
      )
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

export function resultShape(fn: Routine): ResultShape {
  if (fn.isVoid) return 'void';
  if (fn.composite) return fn.setof ? 'rows' : 'single-row';
  return fn.setof ? 'setof-scalar' : 'scalar';
}

export type CallArgs =
  | { t: 'json'; payload: Payload }
  | { t: 'direct'; args: Map<string, string[]> };

/** `SELECT … FROM f(…) pgrst_call` (the pgrst_source CTE of a call). */
export function callSql(
  fn: Routine,
  keys: Set<string>,
  args: CallArgs,
  returned: string[],
  params: Params,
): string {
  const shape = resultShape(fn);
  const scalar =
    shape === 'scalar' || shape === 'setof-scalar' || shape === 'void';
  const fq = qident(fn.schema, fn.name);
  const callIt = (a: string) =>
    scalar
      ? `(SELECT ${fq}(${a}) pgrst_scalar) pgrst_call`
      : `${fq}(${a}) pgrst_call`;
  const cols = scalar
    ? 'pgrst_call.pgrst_scalar'
    : returned.length === 0
      ? '*'
      : returned.includes('*')
        ? 'pgrst_call.*'
        : returned.map((c) => `pgrst_call.${ident(c)}`).join(', ');
  const only = fn.params[0];
  if (fn.params.length === 1 && only && only.name === '') {
    const value =
      args.t === 'json'
        ? args.payload.raw
        : JSON.stringify(
            Object.fromEntries([...args.args].map(([k, v]) => [k, v.at(-1)])),
          );
    return `SELECT ${cols} FROM ${callIt(`${params.add(value)}::${only.type}`)}`;
  }
  const used = fn.params.filter((p) => keys.has(p.name));
  if (used.length === 0) return `SELECT ${cols} FROM ${callIt('')}`;
  if (args.t === 'json') {
    const from = jsonBodySql(args.payload, used, params, {
      withDefaults: false,
      limitOne: true,
    });
    const list = used
      .map(
        (p) =>
          `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`,
      )
      .join(', ');
    return `SELECT ${cols} ${from}, LATERAL ${callIt(list)}`;
  }
  const list = used
    .map((p) => {
      const vals = args.args.get(p.name) ?? [];
      const v = p.variadic ? arrayLiteral(vals) : (vals.at(-1) ?? '');
      return `${p.variadic ? 'VARIADIC ' : ''}${ident(p.name)} := ${params.add(v)}::${p.type}`;
    })
    .join(', ');
  return `SELECT ${cols} FROM ${callIt(list)}`;
}

export function callStatement(
  call: string,
  root: ReadNode,
  fn: Routine,
  env: { cache: SchemaCache; params: Params },
  opts: { output: Output; head: boolean; count: boolean },
): string {
  const select = readQuery(root, env);
  const countCte = opts.count
    ? `, pgrst_source_count AS (${countQuery(root, env)}) `
    : ' ';
  const total = opts.count
    ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
    : 'null::bigint';
  const pageTotal = fn.setof ? 'pg_catalog.count(_postgrest_t)' : '1';
  return (
    `WITH pgrst_source AS (${call})${countCte}SELECT ${total} AS total_result_set, ` +
    `${pageTotal} AS page_total, ${bodySql(opts.output, resultShape(fn), opts.head)} AS body, ` +
    `${GUC_COLUMNS} FROM (${select}) _postgrest_t`
  );
}
