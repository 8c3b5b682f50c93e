// Building the schema cache's structures from catalog rows.
import type {
  Column,
  PgType,
  Routine,
  RoutineParam,
  Table,
} from './schema-types.ts';

export const qiKey = (schema: string, name: string) => `${schema}.${name}`;

export interface ColumnRow {
  relid: number;
  name: string;
  type: string;
  base_type: string;
  type_oid: number;
  nullable: boolean;
  default_expr: string | null;
  is_identity: boolean;
  identity_always: boolean;
  is_generated: boolean;
  description: string | null;
}

export interface RoutineRow {
  oid: number;
  schema: string;
  name: string;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  /** int8[]: node-postgres leaves the elements as strings. */
  arg_type_oids: (number | string)[];
  nargs: number;
  ndefaults: number;
  ret_oid: number;
  ret_type: string;
  ret_kind: string;
  setof: boolean;
  volatility: 'v' | 's' | 'i';
  variadic: boolean;
  rows: number;
  has_out: boolean;
  ret_relid: number;
  arg0_relid: number | null;
  description: string | null;
}

const CAST_ALIASES: Record<string, string> = {
  int: 'integer',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  real: 'real',
  float: 'double precision',
  'double precision': 'double precision',
  boolean: 'boolean',
  decimal: 'numeric',
  dec: 'numeric',
  varchar: 'character varying',
  'character varying': 'character varying',
  char: 'character',
  character: 'character',
  'bit varying': 'bit varying',
  'timestamp with time zone': 'timestamp with time zone',
  'timestamp without time zone': 'timestamp without time zone',
  'time with time zone': 'time with time zone',
  'time without time zone': 'time without time zone',
};

const cmp = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/** Lexicographic order of lists, a prefix first (Haskell's list `Ord`). */
function cmpList<T>(a: T[], b: T[], each: (x: T, y: T) => number): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = each(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

// RoutineParam's derived Ord: name, type, (type with its length), required,
// variadic; Bool orders False first.
const cmpParam = (a: Routine['params'][number], b: Routine['params'][number]) =>
  cmp(a.name, b.name) ||
  cmp(a.type, b.type) ||
  cmp(Number(a.required), Number(b.required)) ||
  cmp(Number(a.variadic), Number(b.variadic));

const VOLATILITY = { v: 0, s: 1, i: 2 } as const;

/**
 * PostgREST's `Ord Routine` (SchemaCache/Routine.hs), by which it sorts the
 * overloads of a name: fewer parameters first, then schema, name,
 * description (none first), the parameters, the return type (single before
 * setof, scalar before composite), volatility and variadic. PGRST203 lists
 * its candidates in this order.
 */
export function compareRoutines(a: Routine, b: Routine): number {
  if (a.schema === b.schema && a.name === b.name) {
    const byCount = cmp(a.params.length, b.params.length);
    if (byCount !== 0) return byCount;
  }
  return (
    cmp(a.schema, b.schema) ||
    cmp(a.name, b.name) ||
    cmp(a.description !== null, b.description !== null) ||
    cmp(a.description ?? '', b.description ?? '') ||
    cmpList(a.params, b.params, cmpParam) ||
    cmp(Number(a.setof), Number(b.setof)) ||
    cmp(Number(a.composite), Number(b.composite)) ||
    cmp(a.returnType, b.returnType) ||
    cmp(VOLATILITY[a.volatility], VOLATILITY[b.volatility]) ||
    cmp(Number(a.hasVariadic), Number(b.hasVariadic))
  );
}

export function buildRoutines(
  rows: RoutineRow[],
  tablesByOid: Map<number, Table>,
) {
  const out = new Map<string, Routine[]>();
  // Computed relationships take an unnamed row argument, so they are kept
  // apart from the callable functions.
  const all: Routine[] = [];
  for (const r of rows) {
    const params: RoutineParam[] = [];
    const outParams: RoutineParam[] = [];
    let inIndex = 0;
    let unnamed = 0;
    let unnamedType = '';
    r.arg_types.forEach((type, i) => {
      const mode = r.arg_modes[i] ?? 'i';
      const p: RoutineParam = {
        name: r.arg_names[i] ?? '',
        mode,
        type,
        typeOid: Number(r.arg_type_oids[i] ?? 0),
        required: false,
        variadic: mode === 'v',
      };
      if (mode === 'o' || mode === 't') {
        outParams.push(p);
        return;
      }
      if (mode === 'b') outParams.push(p);
      inIndex++;
      p.required = inIndex <= r.nargs - r.ndefaults;
      if (p.name === '') {
        unnamed++;
        unnamedType = type;
      }
      params.push(p);
    });
    const table = r.ret_relid ? tablesByOid.get(r.ret_relid) : undefined;
    const routine: Routine = {
      oid: r.oid,
      schema: r.schema,
      name: r.name,
      params,
      outParams,
      returnType: r.ret_type,
      returnTypeOid: r.ret_oid,
      setof: r.setof,
      composite: r.ret_kind === 'c' || r.has_out,
      table: table?.name,
      tableSchema: table?.schema,
      isVoid: r.ret_type === 'void',
      volatility: r.volatility,
      hasVariadic: r.variadic,
      rows: r.rows,
      argRelid: r.arg0_relid && r.nargs === 1 ? r.arg0_relid : null,
      retRelid: r.ret_relid,
      description: r.description,
    };
    all.push(routine);
    // PostgREST can only call functions whose parameters are all named, or
    // whose single unnamed parameter takes the whole body.
    const callable =
      unnamed === 0 ||
      (unnamed === 1 &&
        ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamedType));
    if (!callable) continue;
    const key = qiKey(r.schema, r.name);
    // Newest first, like PostgREST's HashMap.fromListWith (++), then sorted.
    out.set(key, [routine, ...(out.get(key) ?? [])]);
  }
  for (const overloads of out.values()) overloads.sort(compareRoutines);
  return { callable: out, all };
}

export function buildTables(
  tableRows: Omit<Table, 'pk' | 'columns' | 'columnMap' | 'isView'>[],
  columnRows: ColumnRow[],
  pks: Map<number, string[]>,
) {
  const tables = new Map<string, Table>();
  const tablesByOid = new Map<number, Table>();
  for (const t of tableRows) {
    const table: Table = {
      ...t,
      isView: t.kind === 'v' || t.kind === 'm',
      pk: pks.get(t.oid) ?? [],
      columns: [],
      columnMap: new Map(),
    };
    tables.set(qiKey(t.schema, t.name), table);
    tablesByOid.set(t.oid, table);
  }
  for (const c of columnRows) {
    const table = tablesByOid.get(c.relid);
    if (!table) continue;
    const col: Column = {
      name: c.name,
      type: c.type,
      baseType: c.base_type,
      typeOid: c.type_oid,
      nullable: c.nullable,
      default: c.default_expr ?? undefined,
      isIdentity: c.is_identity,
      identityAlways: c.identity_always,
      isGenerated: c.is_generated,
      description: c.description,
    };
    table.columns.push(col);
    table.columnMap.set(col.name, col);
  }
  return { tables, tablesByOid };
}

export function buildCastTypes(types: PgType[], schemas: string[]) {
  const cast = new Map<string, string>();
  const visible = ['pg_catalog', 'extensions', ...schemas];
  for (const s of [...visible].reverse()) {
    for (const t of types) {
      if (t.schema !== s) continue;
      cast.set(t.name.toLowerCase(), t.formatted);
      cast.set(t.formatted.toLowerCase(), t.formatted);
    }
  }
  for (const [alias, target] of Object.entries(CAST_ALIASES))
    cast.set(alias, target);
  return cast;
}

/** Reads the schema cache for the exposed `schemas`. */
