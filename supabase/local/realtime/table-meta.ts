import type { Queryable } from '../db/types.ts';

export interface ColumnMeta {
  name: string;
  /** `pg_type.typname`, what the `columns` of an event carry. */
  type: string;
  typeOid: number;
  isPk: boolean;
  /** Part of the replica identity: the old values an UPDATE/DELETE reports. */
  isIdentity: boolean;
  /** Roles (of those asked for) that may SELECT the column. */
  readers: Set<string>;
}

export interface TableMeta {
  rls: boolean;
  columns: ColumnMeta[];
}

interface Row {
  rls: boolean;
  name: string;
  type: string;
  type_oid: number;
  is_pk: boolean;
  is_identity: boolean;
  readers: string[];
}

// Replica identity decides what `old_record` holds, as wal2json reports it:
// the primary key by default, the whole row with FULL, the index's columns
// with USING INDEX, nothing with NOTHING.
const SQL = `
  select c.relrowsecurity as rls, a.attname as name, t.typname as type,
    a.atttypid::int as type_oid,
    coalesce(a.attnum = any(pk.conkey), false) as is_pk,
    case c.relreplident
      when 'f' then true
      when 'd' then coalesce(a.attnum = any(pk.conkey), false)
      when 'i' then coalesce(a.attnum = any(ri.indkey::int2[]), false)
      else false
    end as is_identity,
    array(
      select r from unnest($3::text[]) r
      where has_column_privilege(r, c.oid, a.attnum, 'SELECT')
    ) as readers
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
  left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
  left join pg_index ri on ri.indrelid = c.oid and ri.indisreplident
  where n.nspname = $1 and c.relname = $2
  order by a.attnum`;

/** Columns of a table with, per role, whether it may read each; undefined once the table is gone. */
export async function loadTableMeta(
  db: Queryable,
  schema: string,
  table: string,
  roles: string[],
): Promise<TableMeta | undefined> {
  const { rows } = await db.query<Row>(SQL, [schema, table, roles]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    rls: first.rls,
    columns: rows.map((r) => ({
      name: r.name,
      type: r.type,
      typeOid: r.type_oid,
      isPk: r.is_pk,
      isIdentity: r.is_identity,
      readers: new Set(r.readers),
    })),
  };
}
