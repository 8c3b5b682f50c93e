// The schema cache: relations, columns, keys, relationships and functions of
// the database, read from pg_catalog in a few queries (PostgREST's
// SchemaCache), plus what type-casts and role settings need.
import type { Db } from '../db/types.ts';
import {
  COLUMNS_SQL,
  CONSTRAINTS_SQL,
  ROLE_SETTINGS_SQL,
  ROUTINES_SQL,
  TABLES_SQL,
  TYPES_SQL,
  VIEW_DEPS_SQL,
} from './catalog.ts';
export { qiKey } from './schema-build.ts';
import {
  buildCastTypes,
  buildRoutines,
  buildTables,
  type ColumnRow,
  type RoutineRow,
} from './schema-build.ts';
import {
  addComputedRelationships,
  buildRelationships,
  type Relationship,
} from './relationships.ts';

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

const row = <T>(r: unknown) => r as T;

export async function loadSchemaCache(
  db: Db,
  schemas: string[],
): Promise<SchemaCache> {
  return db.transaction(
    async (tx) => {
      const q = async <T>(sql: string, params?: unknown[]) =>
        (await tx.query(sql, params)).rows.map((r) => row<T>(r));
      const tableRows =
        await q<Omit<Table, 'pk' | 'columns' | 'columnMap' | 'isView'>>(
          TABLES_SQL,
        );
      const columnRows = await q<ColumnRow>(COLUMNS_SQL);
      const constraints = await q<{
        name: string;
        type: string;
        relid: number;
        frelid: number;
        cols: string[];
        fcols: string[];
      }>(CONSTRAINTS_SQL);
      const viewDeps = await q<{
        view_oid: number;
        table_oid: number;
        col: string;
      }>(VIEW_DEPS_SQL);
      const routineRows = await q<RoutineRow>(ROUTINES_SQL, [schemas]);
      const typeRows = await q<{
        oid: number;
        name: string;
        schema: string;
        formatted: string;
        kind: string;
        relid: number;
        elem: number;
        base: number;
        enum_values: string[] | null;
      }>(TYPES_SQL);
      const roleRows = await q<{ role: string; config: string[] }>(
        ROLE_SETTINGS_SQL,
      );

      const pks = new Map<number, string[]>();
      for (const c of constraints) if (c.type === 'p') pks.set(c.relid, c.cols);
      const { tables, tablesByOid } = buildTables(tableRows, columnRows, pks);
      const relationships = buildRelationships({
        tablesByOid,
        constraints,
        viewDeps,
      });
      const types = typeRows.map((t): PgType => ({
        ...t,
        enumValues: t.enum_values,
      }));
      const roleSettings = new Map<string, [string, string][]>();
      for (const r of roleRows) {
        const pairs = roleSettings.get(r.role) ?? [];
        for (const kv of r.config) {
          const eq = kv.indexOf('=');
          if (eq > 0) pairs.push([kv.slice(0, eq), kv.slice(eq + 1)]);
        }
        roleSettings.set(r.role, pairs);
      }
      const routines = buildRoutines(routineRows, tablesByOid);
      addComputedRelationships(relationships, routines.all, tablesByOid);
      return {
        schemas,
        tables,
        tablesByOid,
        relationships,
        routines: routines.callable,
        allRoutines: routines.all,
        types: new Map(types.map((t) => [t.oid, t])),
        castTypes: buildCastTypes(types, schemas),
        roleSettings,
      };
    },
    { readOnly: true, settings: { search_path: '' } },
  );
}
