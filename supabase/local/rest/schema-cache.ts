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
} from './relationships.ts';
import type { PgType, SchemaCache, Table } from './schema-types.ts';

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
