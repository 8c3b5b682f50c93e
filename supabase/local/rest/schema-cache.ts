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
  type ConstraintRow,
} from './relationships.ts';
import type { ViewDep } from './view-keys.ts';
import type { PgType, SchemaCache, Table } from './schema-types.ts';

const row = <T>(r: unknown) => r as T;

/**
 * What the schema cache is built from: the catalog queries' rows, plain
 * JSON, so a copy of a database (the tests' templates) can be served from
 * rows read once from another copy instead of querying the catalog again.
 */
export interface CatalogRows {
  schemas: string[];
  tables: Omit<Table, 'pk' | 'columns' | 'columnMap' | 'isView'>[];
  columns: ColumnRow[];
  constraints: ConstraintRow[];
  viewDeps: ViewDep[];
  routines: RoutineRow[];
  types: (Omit<PgType, 'enumValues'> & { enum_values: string[] | null })[];
  roles: { role: string; config: string[] }[];
  /** pg_timezone_names, for Prefer: timezone. */
  timezones: string[];
}

/** Reads the catalog rows of `schemas` in one read-only transaction. */
export async function readCatalog(
  db: Db,
  schemas: string[],
): Promise<CatalogRows> {
  return db.transaction(
    async (tx) => {
      const q = async <T>(sql: string, params?: unknown[]) =>
        (await tx.query(sql, params)).rows.map((r) => row<T>(r));
      return {
        schemas,
        tables: await q(TABLES_SQL),
        columns: await q(COLUMNS_SQL),
        constraints: await q(CONSTRAINTS_SQL),
        viewDeps: await q(VIEW_DEPS_SQL),
        routines: await q(ROUTINES_SQL, [schemas]),
        types: await q(TYPES_SQL),
        roles: await q(ROLE_SETTINGS_SQL),
        timezones: (
          await q<{ name: string }>('select name from pg_timezone_names')
        ).map((r) => r.name),
      };
    },
    { readOnly: true, settings: { search_path: '' } },
  );
}

/** The schema cache of catalog rows (relations, relationships, routines, types, role settings). */
export function buildSchemaCache(rows: CatalogRows): SchemaCache {
  const { schemas, constraints, viewDeps } = rows;
  const pks = new Map<number, string[]>();
  for (const c of constraints) if (c.type === 'p') pks.set(c.relid, c.cols);
  const { tables, tablesByOid } = buildTables(rows.tables, rows.columns, pks);
  const relationships = buildRelationships({
    tablesByOid,
    constraints,
    viewDeps,
  });
  const types = rows.types.map((t): PgType => ({
    ...t,
    enumValues: t.enum_values,
  }));
  const roleSettings = new Map<string, [string, string][]>();
  for (const r of rows.roles) {
    const pairs = roleSettings.get(r.role) ?? [];
    for (const kv of r.config) {
      const eq = kv.indexOf('=');
      if (eq > 0) pairs.push([kv.slice(0, eq), kv.slice(eq + 1)]);
    }
    roleSettings.set(r.role, pairs);
  }
  const routines = buildRoutines(rows.routines, tablesByOid);
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
}
