import type { PgType, SchemaCache, Table } from './schema-types.ts';
// Postgres type → TypeScript type, as `supabase gen types typescript`
// (postgres-meta's typegen) maps them.

const NUMBER = ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'];
const STRING = [
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
];

export interface TypeScope {
  cache: SchemaCache;
  /** Schemas the output describes. */
  schemas: string[];
  /** Standalone composite types (pg_class relkind 'c') by type oid. */
  composites: Map<number, { name: string; typeOid: number }[]>;
}

const tablesNamed = (s: TypeScope, name: string, views: boolean): Table[] =>
  [...s.cache.tables.values()].filter(
    (t) =>
      t.name === name && t.isView === views && s.schemas.includes(t.schema),
  );

function pickInSchema<T extends { schema: string }>(
  xs: T[],
  schema: string,
): T | undefined {
  return xs.find((x) => x.schema === schema) ?? xs[0];
}

const dbRef = (schema: string, kind: string, name: string) =>
  `Database[${JSON.stringify(schema)}][${JSON.stringify(kind)}][${JSON.stringify(name)}]`;

export function tsType(s: TypeScope, schema: string, pgName: string): string {
  if (pgName === 'bool') return 'boolean';
  if (NUMBER.includes(pgName)) return 'number';
  if (STRING.includes(pgName)) return 'string';
  if (pgName === 'json' || pgName === 'jsonb') return 'Json';
  if (pgName === 'void') return 'undefined';
  if (pgName === 'record') return 'Record<string, unknown>';
  if (pgName.startsWith('_'))
    return `(${tsType(s, schema, pgName.slice(1))})[]`;
  const types = [...s.cache.types.values()];
  const enums = types.filter(
    (t) => t.name === pgName && (t.enumValues?.length ?? 0) > 0,
  );
  const en = pickInSchema(enums, schema);
  if (en)
    return s.schemas.includes(en.schema)
      ? dbRef(en.schema, 'Enums', en.name)
      : (en.enumValues ?? []).map((v) => JSON.stringify(v)).join('|');
  const comps = types.filter(
    (t) => t.name === pgName && s.composites.has(t.oid),
  );
  const comp = pickInSchema(comps, schema);
  if (comp)
    return s.schemas.includes(comp.schema)
      ? dbRef(comp.schema, 'CompositeTypes', comp.name)
      : 'unknown';
  for (const [views, kind] of [
    [false, 'Tables'],
    [true, 'Views'],
  ] as const) {
    const t = pickInSchema(tablesNamed(s, pgName, views), schema);
    if (t) return `${dbRef(t.schema, kind, t.name)}["Row"]`;
  }
  return 'unknown';
}

/** The typname a column or argument is described by (domains by their base). */
export function pgNameOf(s: TypeScope, oid: number): string | undefined {
  const t: PgType | undefined = s.cache.types.get(oid);
  if (!t) return undefined;
  if (t.kind === 'd' && t.base)
    return s.cache.types.get(t.base)?.name ?? t.name;
  return t.name;
}

export const nullable = (ts: string, isNullable: boolean) =>
  ts === 'unknown' || ts === 'any' || !isNullable ? ts : `${ts} | null`;
