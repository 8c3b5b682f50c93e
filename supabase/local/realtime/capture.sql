-- Realtime change capture for the embedded backend (supabase/local/realtime).
-- Hosted Realtime reads the WAL; PGlite has no logical replication, so a row
-- trigger records each change of a published table and signals its
-- transaction on `realtime_changes`. Idempotent: runs on every start.

-- ---------------------------------------------------------------- tables
create schema if not exists realtime;

create table if not exists realtime.captured_changes (
  id bigserial primary key,
  xid bigint not null,
  schema_name text not null,
  table_name text not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  captured_at timestamptz not null default clock_timestamp()
);
comment on table realtime.captured_changes is
  'Row changes of published tables waiting for Realtime delivery; deleted once read.';

create index if not exists captured_changes_xid_idx on realtime.captured_changes (xid);

revoke all on realtime.captured_changes from public;

-- ---------------------------------------------------------------- capture
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  tx bigint := pg_catalog.txid_current();
begin
  insert into realtime.captured_changes
    (xid, schema_name, table_name, action, record, old_record)
  values (
    tx, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
  );
  -- One signal per transaction: NOTIFY folds identical payloads.
  perform pg_catalog.pg_notify('realtime_changes', tx::text);
  return null;
end $$;
comment on function realtime.capture_change() is
  'Records a row change of a table in the supabase_realtime publication.';

-- Keeps exactly the published tables captured, for the published actions.
create or replace function realtime.sync_capture() returns void
language plpgsql set search_path = '' as $$
declare
  r record;
  actions text;
begin
  for r in
    select n.nspname, c.relname from pg_catalog.pg_trigger g
    join pg_catalog.pg_class c on c.oid = g.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'realtime_capture_changes' and not exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p.pubname = 'supabase_realtime'
        and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger realtime_capture_changes on %I.%I', r.nspname, r.relname);
  end loop;
  for r in
    select p.schemaname, p.tablename, b.pubinsert, b.pubupdate, b.pubdelete
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_publication b on b.pubname = p.pubname
    where p.pubname = 'supabase_realtime'
  loop
    actions := concat_ws(' or ',
      case when r.pubinsert then 'insert' end,
      case when r.pubupdate then 'update' end,
      case when r.pubdelete then 'delete' end);
    if actions = '' then
      execute format('drop trigger if exists realtime_capture_changes on %I.%I',
        r.schemaname, r.tablename);
    else
      execute format('create or replace trigger realtime_capture_changes after %s on %I.%I'
        ' for each row execute function realtime.capture_change()',
        actions, r.schemaname, r.tablename);
    end if;
  end loop;
end $$;
comment on function realtime.sync_capture() is
  'Adds and drops capture triggers to match the supabase_realtime publication.';

-- ---------------------------------------------------------------- delivery
-- The helpers below run as the backend's own connection, with its search
-- path, so that types, operators and the functions RLS policies call resolve
-- as they do for PostgREST requests.

-- Hosted `realtime.check_equality_op`: a changed value against a filter value
-- at the column's type; null (no match) when either does not fit the type.
create or replace function realtime.check_filter(
  op text, type_oid oid, val_1 text, val_2 text, negate boolean
) returns boolean
language plpgsql stable as $$
declare
  t text := type_oid::pg_catalog.regtype::text;
  res boolean;
begin
  if op = 'isdistinct' then
    execute format('select %L::%s is %s distinct from %L::%s',
      val_1, t, case when negate then 'not' else '' end, val_2, t) into res;
    return res;
  elsif op = 'is' then
    if val_2 not in ('null', 'true', 'false', 'unknown') then return null; end if;
    execute format('select %L::%s is %s %s',
      val_1, t, case when negate then 'not' else '' end, val_2) into res;
    return res;
  end if;
  execute format('select %L::%s %s (%L::%s)', val_1, t,
    case op when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<'
      when 'lte' then '<=' when 'gt' then '>' when 'gte' then '>='
      when 'in' then '= any' when 'like' then '~~' when 'ilike' then '~~*'
      when 'match' then '~' when 'imatch' then '~*' end,
    val_2, case when op = 'in' then t || '[]' else t end) into res;
  return case when negate then not res else res end;
exception when others then
  return null;
end $$;

-- Hosted `realtime.subscription_check_filters`: rejects a filter value the
-- column cannot hold, with the same messages.
create or replace function realtime.check_filter_value(op text, type_oid oid, val text)
returns void
language plpgsql stable as $$
declare
  t text := type_oid::pg_catalog.regtype::text;
  n int;
begin
  if op = 'in' then
    execute format('select coalesce(array_length(%L::%s[], 1), 0)', val, t) into n;
    if n > 100 then raise exception 'too many values for `in` filter. Maximum 100'; end if;
  elsif op = 'is' then
    if val not in ('null', 'true', 'false', 'unknown') then
      raise exception 'invalid value for is filter: must be null, true, false, or unknown';
    end if;
    if val <> 'null' and type_oid <> 'pg_catalog.bool'::pg_catalog.regtype then
      raise exception 'is % filter requires a boolean column, got %', val, t;
    end if;
  elsif op in ('like', 'ilike', 'match', 'imatch') then
    if not exists (
      select 1 from pg_catalog.pg_operator
      where oprleft = type_oid and oprname = case op
        when 'like' then '~~' when 'ilike' then '~~*' when 'match' then '~' else '~*' end
    ) then
      raise exception 'operator % requires a text-compatible column type, got %', op, t;
    end if;
    if op in ('match', 'imatch') then
      begin
        perform '' operator(pg_catalog.~) val;
      exception when others then
        raise exception 'invalid regular expression for % filter: %', op, sqlerrm;
      end;
    end if;
  else
    execute format('select %L::%s', val, t);
  end if;
end $$;

-- Hosted `realtime.apply_rls`, step 3: can each set of claims SELECT the row
-- (found by primary key) right now? One role switch per claims, as hosted does.
create or replace function realtime.visible_to(
  entity regclass, pk text[], rec jsonb, claims jsonb[]
) returns boolean[]
language plpgsql volatile as $$
declare
  probe text := format(
    'select exists (select 1 from %s x, pg_catalog.jsonb_populate_record(null::%s, $1) k where %s)',
    entity, entity,
    (select pg_catalog.string_agg(format('x.%1$I = k.%1$I', c), ' and ') from unnest(pk) c));
  result boolean[] := '{}';
  c jsonb;
  ok boolean;
begin
  foreach c in array claims loop
    begin
      perform pg_catalog.set_config('role', c ->> 'role', true),
        pg_catalog.set_config('request.jwt.claims', c::text, true);
      execute probe using rec into ok;
    exception when others then
      ok := false;
    end;
    perform pg_catalog.set_config('role', 'none', true);
    result := result || coalesce(ok, false);
  end loop;
  return result;
end $$;

revoke all on function
  realtime.capture_change(),
  realtime.sync_capture(),
  realtime.check_filter(text, oid, text, text, boolean),
  realtime.check_filter_value(text, oid, text),
  realtime.visible_to(regclass, text[], jsonb, jsonb[])
from public;
