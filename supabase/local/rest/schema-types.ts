// The schema cache's types (PostgREST's SchemaCache records): a leaf module,
// so the cache, its builders and the relationship detection import one way.

export interface Column {
  name: string;
  /** format_type with modifiers, schema-qualified: `character varying(10)`. */
  type: string;
  /** The type below any domain: `tsvector`, `jsonb`, `integer`. */
  baseType: string;
  typeOid: number;
  nullable: boolean;
  default?: string;
  isIdentity: boolean;
  identityAlways: boolean;
  isGenerated: boolean;
  description: string | null;
}

export interface Table {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  pk: string[];
  columns: Column[];
  columnMap: Map<string, Column>;
  description: string | null;
}

export interface RoutineParam {
  name: string;
  /** pg_proc.proargmodes: i(n), o(ut), b (inout), v(ariadic), t(able). */
  mode: string;
  type: string;
  typeOid: number;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  oid: number;
  schema: string;
  name: string;
  params: RoutineParam[];
  /** OUT / TABLE columns (for generated types). */
  outParams: RoutineParam[];
  returnType: string;
  returnTypeOid: number;
  setof: boolean;
  /** Returns rows of a composite (table row, TABLE(...), OUT params). */
  composite: boolean;
  /** Table/view whose rows it returns, if any: embeds and `*` work on it. */
  table?: string;
  tableSchema?: string;
  isVoid: boolean;
  volatility: 'v' | 's' | 'i';
  hasVariadic: boolean;
  rows: number;
  /** Relation of its single argument's row type (computed fields/relationships). */
  argRelid: number | null;
  retRelid: number;
  description: string | null;
}

export interface PgType {
  oid: number;
  name: string;
  schema: string;
  formatted: string;
  kind: string;
  relid: number;
  elem: number;
  base: number;
  enumValues: string[] | null;
}

export interface SchemaCache {
  schemas: string[];
  /** Every non-system relation, keyed `schema.name`. */
  tables: Map<string, Table>;
  tablesByOid: Map<number, Table>;
  /** Relationships keyed by origin `schema.name`, sorted as PostgREST does. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** Every function of the exposed schemas, callable or not (type generation). */
  allRoutines: Routine[];
  types: Map<number, PgType>;
  /** Lower-cased type names and aliases → SQL type text. */
  castTypes: Map<string, string>;
  roleSettings: Map<string, [string, string][]>;
}

export type Cardinality = 'o2m' | 'm2o' | 'o2o' | 'm2m' | 'computed';

export interface Junction {
  table: Table;
  cons1: string;
  cons2: string;
  /** (origin column, junction column) */
  colsSource: [string, string][];
  /** (target column, junction column) */
  colsTarget: [string, string][];
}

export interface Relationship {
  table: Table;
  foreignTable: Table;
  isSelf: boolean;
  card: Cardinality;
  constraint: string;
  /** (origin column, foreign column) for o2m/m2o/o2o. */
  columns: [string, string][];
  /** o2o: whether the origin is the referenced (parent) side. */
  isParent: boolean;
  junction?: Junction;
  fn?: Routine;
  toOne: boolean;
}
