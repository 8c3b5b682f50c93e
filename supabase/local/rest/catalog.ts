// Catalog queries behind the schema cache. They run with an empty
// search_path so format_type() qualifies every non-pg_catalog type.

export const TABLES_SQL = `
select c.oid::int8 as oid, n.nspname::text as schema, c.relname::text as name,
  c.relkind::text as kind,
  c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8 as insertable,
  c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4 as updatable,
  c.relkind in ('r', 'p') or (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16 as deletable,
  obj_description(c.oid, 'pg_class') as description
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
  and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%'
order by n.nspname, c.relname`;

export const COLUMNS_SQL = `
select a.attrelid::int8 as relid, a.attname::text as name, a.attnum::int4 as num,
  format_type(a.atttypid, a.atttypmod) as type,
  format_type(coalesce(nullif(t.typbasetype, 0), t.oid), null) as base_type,
  t.oid::int8 as type_oid,
  not a.attnotnull as nullable,
  case
    when a.attidentity in ('a', 'd') then format('nextval(%L::regclass)',
      pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
    when a.attgenerated <> '' then null
    else pg_get_expr(d.adbin, d.adrelid)
  end as default_expr,
  a.attidentity <> '' as is_identity,
  a.attidentity = 'a' as identity_always,
  a.attgenerated <> '' as is_generated,
  col_description(a.attrelid, a.attnum) as description
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attnum > 0 and not a.attisdropped
  and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%'
order by a.attrelid, a.attnum`;

export const CONSTRAINTS_SQL = `
select con.conname::text as name, con.contype::text as type,
  con.conrelid::int8 as relid, con.confrelid::int8 as frelid,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n
        order by k.o) as cols,
  array(select a.attname::text from unnest(con.confkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n
        order by k.o) as fcols
from pg_constraint con
join pg_namespace n on n.oid = con.connamespace
where con.contype in ('p', 'u', 'f') and con.conparentid = 0
  and n.nspname not in ('pg_catalog', 'information_schema')
order by con.conrelid, con.conname`;

/** Which base-table columns each view reads (through its _RETURN rule). */
export const VIEW_DEPS_SQL = `
select distinct r.ev_class::int8 as view_oid, d.refobjid::int8 as table_oid,
  a.attname::text as col
from pg_rewrite r
join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
  and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
join pg_class v on v.oid = r.ev_class
join pg_namespace n on n.oid = v.relnamespace
where r.rulename = '_RETURN' and r.ev_class <> d.refobjid
  and n.nspname not in ('pg_catalog', 'information_schema')`;

export const ROUTINES_SQL = `
select p.oid::int8 as oid, n.nspname::text as schema, p.proname::text as name,
  coalesce(p.proargnames::text[], '{}') as arg_names,
  coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select format_type(x.t, null)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
          with ordinality x(t, o) order by x.o) as arg_types,
  array(select x.t::int8
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
          with ordinality x(t, o) order by x.o) as arg_type_oids,
  p.pronargs::int4 as nargs, p.pronargdefaults::int4 as ndefaults,
  p.prorettype::int8 as ret_oid, format_type(p.prorettype, null) as ret_type,
  t.typtype::text as ret_kind, t.typname::text as ret_name,
  p.proretset as setof, p.provolatile::text as volatility,
  p.provariadic <> 0 as variadic, p.prorows::float8 as rows,
  coalesce(p.proargmodes::text[] && '{t,b,o}', false) as has_out,
  t.typrelid::int8 as ret_relid,
  (select tt.typrelid::int8 from pg_type tt where tt.oid = p.proargtypes[0]) as arg0_relid,
  obj_description(p.oid, 'pg_proc') as description
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where p.prokind = 'f' and n.nspname = any($1::text[])
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
order by n.nspname, p.proname, p.oid`;

export const TYPES_SQL = `
select t.oid::int8 as oid, t.typname::text as name, n.nspname::text as schema,
  format_type(t.oid, null) as formatted, t.typtype::text as kind,
  t.typrelid::int8 as relid, t.typelem::int8 as elem,
  coalesce(t.typbasetype, 0)::int8 as base,
  case when t.typtype = 'e' then array(select e.enumlabel::text from pg_enum e
    where e.enumtypid = t.oid order by e.enumsortorder) end as enum_values
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where n.nspname not in ('information_schema')
  and n.nspname not like 'pg_toast%' and t.typisdefined`;

export const ROLE_SETTINGS_SQL = `
select r.rolname::text as role, s.setconfig::text[] as config
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`;
