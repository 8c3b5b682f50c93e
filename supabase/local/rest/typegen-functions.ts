// The `Functions` section of generated types: which functions appear, their
// Args and Returns (with SetofOptions), as postgres-meta's typegen writes them.
import { nullable, pgNameOf, tsType, type TypeScope } from './typegen-types.ts';
import type { Routine, RoutineParam, Table } from './schema-types.ts';

// json, jsonb, text: the unnamed parameter types PostgREST can call.
const UNNAMED_OK = new Set([114, 3802, 25]);

export interface FnInfo {
  fn: Routine;
  /** pg_get_function_arguments / pg_get_function_result, default search path. */
  argumentTypes: string;
  result: string;
}

const allArgs = (fn: Routine): RoutineParam[] =>
  [
    ...new Map([...fn.params, ...fn.outParams].map((p) => [p, p])).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
const inArgs = (fn: Routine) =>
  allArgs(fn).filter((p) => ['i', 'b', 'v'].includes(p.mode));
const isRowType = (s: TypeScope, oid: number) =>
  (s.cache.types.get(oid)?.relid ?? 0) > 0;

function returnTable(s: TypeScope, fn: Routine): string | null {
  if (!fn.retRelid) return null;
  const t = s.cache.tablesByOid.get(fn.retRelid);
  if (t && s.schemas.includes(t.schema)) return t.name;
  return s.cache.types.get(fn.returnTypeOid)?.name ?? null;
}

export function includeFunction(s: TypeScope, fn: Routine): boolean {
  const args = inArgs(fn);
  const [only] = args;
  return (
    args.length === 0 ||
    !args.some((a) => a.name === '') ||
    args.every(
      (a) => a.name !== '' || (!a.required && UNNAMED_OK.has(a.typeOid)),
    ) ||
    (args.length === 1 &&
      only !== undefined &&
      (UNNAMED_OK.has(only.typeOid) || isRowType(s, only.typeOid)))
  );
}

function argTs(s: TypeScope, schema: string, a: RoutineParam) {
  return tsType(s, schema, pgNameOf(s, a.typeOid) ?? '');
}

export function columnsTs(
  s: TypeScope,
  schema: string,
  t: Table,
  optional = false,
) {
  return [...t.columns]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(
      (c) =>
        `${JSON.stringify(c.name)}${optional ? '?' : ''}: ${nullable(tsType(s, schema, pgNameOf(s, c.typeOid) ?? ''), c.nullable)}`,
    );
}

export function returnType(s: TypeScope, schema: string, fn: Routine): string {
  const tableArgs = allArgs(fn).filter((a) => a.mode === 't');
  if (tableArgs.length > 0)
    return `{\n${tableArgs.map((a) => `${JSON.stringify(a.name)}: ${argTs(s, schema, a)}`).join('\n')} }`;
  const rel = s.cache.tablesByOid.get(fn.retRelid);
  if (rel && rel.schema === schema)
    return `{\n${columnsTs(s, schema, rel).join(',\n')} }`;
  const t = s.cache.types.get(fn.returnTypeOid);
  return t ? tsType(s, schema, t.name) : 'unknown';
}

function withSetof(s: TypeScope, fn: Routine, ret: string): string {
  const to = returnTable(s, fn);
  const setofTable = fn.setof && fn.retRelid > 0;
  const many = fn.rows > 1;
  const opts = (from: string, one: boolean, setof: boolean) =>
    `SetofOptions: {\nfrom: ${JSON.stringify(from)}\nto: ${JSON.stringify(to)}\nisOneToOne: ${one}\nisSetofReturn: ${setof} }`;
  let setofOptions = to ? opts('*', !many, fn.setof) : '';
  const args = allArgs(fn);
  const [first] = args;
  if (args.length === 1 && first && isRowType(s, first.typeOid)) {
    const rt = s.cache.types.get(first.typeOid);
    const from = rt?.formatted.replace(/^public\./, '') ?? '';
    if (setofTable && to) setofOptions = opts(from, !many, true);
    else if (to && !setofTable) setofOptions = opts(from, true, false);
  }
  const collapsible = !many && to !== null;
  return `${ret}${fn.setof && !collapsible ? '[]' : ''}\n${setofOptions}`;
}

function argsTs(s: TypeScope, schema: string, args: RoutineParam[]) {
  if (args.length === 0) return 'never';
  return `{ ${args
    .map(
      (a) =>
        `${JSON.stringify(a.name)}${a.required ? '' : '?'}: ${argTs(s, schema, a)}`,
    )
    .join(', ')} }`;
}

function conflict(
  s: TypeScope,
  schema: string,
  fns: FnInfo[],
  info: FnInfo,
): string | null {
  if (fns.length <= 1) return null;
  const { fn } = info;
  const args = inArgs(fn);
  const typeName = (oid: number) => s.cache.types.get(oid)?.name ?? 'unknown';
  const choose = (list: string) =>
    `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
  if (args.length === 0) {
    const other = fns.find(({ fn: o }) => {
      const oa = inArgs(o);
      return (
        o !== fn && oa.length === 1 && oa[0]?.name === '' && !oa[0].required
      );
    });
    if (other)
      return choose(
        `${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeOid)})`,
      );
  }
  const [a0] = args;
  if (args.length === 1 && a0 && a0.name !== '') {
    const same = fns.filter(({ fn: o }) => {
      const oa = inArgs(o);
      return (
        o !== fn &&
        oa.length === 1 &&
        oa[0]?.name === a0.name &&
        oa[0].typeOid !== a0.typeOid
      );
    });
    if (same.length > 0)
      return choose(
        [info, ...same]
          .map((x) => inArgs(x.fn))
          .sort((x, y) => (x[0]?.typeOid ?? 0) - (y[0]?.typeOid ?? 0))
          .map(
            (xs) =>
              `${schema}.${fn.name}(${xs.map((x) => `${x.name} => ${typeName(x.typeOid)}`).join(', ')})`,
          )
          .join(', '),
      );
  }
  return null;
}

export function signatures(
  s: TypeScope,
  schema: string,
  fns: FnInfo[],
): string {
  return fns
    .map((info) => {
      const { fn } = info;
      const args = inArgs(fn);
      const err = conflict(s, schema, fns, info);
      const [only] = args;
      const rowError =
        args.length === 1 &&
        only?.name === '' &&
        isRowType(s, only.typeOid) &&
        returnTable(s, fn) === null;
      let ret = returnType(s, schema, fn);
      if (err) ret = `{ error: true } & ${JSON.stringify(err)}`;
      else if (rowError)
        ret = `{ error: true } & ${JSON.stringify(
          `the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`,
        )}`;
      return `{ Args: ${argsTs(s, schema, args)}; Returns: ${withSetof(s, fn, ret)} }`;
    })
    .join(' |\n');
}
