-- Platform objects hosted Supabase provides before any app migration runs
-- (supabase/postgres init scripts, GoTrue and Storage migrations), reduced to
-- what app SQL and supabase-js can observe. Idempotent: runs on every start.

-- ---------------------------------------------------------------- roles
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin bypassrls;
  end if;
  -- GoTrue's own role: it calls the auth hooks (pg-functions://) as itself.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
end $$;

grant anon, authenticated, service_role to authenticator;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- ---------------------------------------------------------------- schemas
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pg_trgm with schema extensions;

grant usage on schema public, extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- Hosted Supabase sets these once, when the project is created; migrations may
-- revoke them (Peega revokes function EXECUTE). Re-granting on every start would
-- undo that, so they are set only on a database that has never been migrated.
do $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    alter default privileges in schema public
      grant all on tables to anon, authenticated, service_role;
    alter default privileges in schema public
      grant all on functions to anon, authenticated, service_role;
    alter default privileges in schema public
      grant all on sequences to anon, authenticated, service_role;
  end if;
end $$;

-- ---------------------------------------------------------------- auth tables
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key
  on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx
  on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

-- Requests counted for GoTrue-style rate limits (per IP and action, sliding window).
create table if not exists auth.rate_limit_events (
  id bigserial primary key,
  bucket text not null,
  key text not null,
  created_at timestamptz not null default now()
);
create index if not exists rate_limit_events_idx on auth.rate_limit_events (bucket, key, created_at);

-- Every e-mail auth would send; the local mailbox page reads it.
create table if not exists auth.outbox (
  id uuid primary key default gen_random_uuid(),
  to_email text not null,
  subject text not null,
  kind text not null,
  body_text text not null,
  body_html text not null,
  link text,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------- auth helpers
create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- storage
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  level integer,
  unique (bucket_id, name)
);
create index if not exists objects_bucket_name_prefix_idx
  on storage.objects (bucket_id, name text_pattern_ops);
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end $$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- realtime
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- ---------------------------------------------------------------- migrations ledger
-- The Supabase CLI's own ledger (`supabase db push` writes version, name and
-- statements), so either may migrate the database and the other skips what
-- is recorded. statements_hash and applied_at are this backend's additions.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key
);
alter table supabase_migrations.schema_migrations add column if not exists statements text[];
alter table supabase_migrations.schema_migrations add column if not exists name text;
alter table supabase_migrations.schema_migrations add column if not exists statements_hash text;
alter table supabase_migrations.schema_migrations add column if not exists applied_at timestamptz default now();
-- Data folders from before kept `not null` on both.
alter table supabase_migrations.schema_migrations alter column name drop not null;
alter table supabase_migrations.schema_migrations alter column statements_hash drop not null;
-- The CLI records seed files here (`db push --include-seed`). Earlier data
-- folders recorded the seed as a migration 'seed', which the CLI takes for a
-- migration missing from supabase/migrations and refuses to push.
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
insert into supabase_migrations.seed_files (path, hash)
  select 'supabase/seed.sql', coalesce(statements_hash, '')
    from supabase_migrations.schema_migrations where version = 'seed'
  on conflict (path) do nothing;
delete from supabase_migrations.schema_migrations where version = 'seed';

-- ---------------------------------------------------------------- outbox delivery
-- The outbox doubles as the SMTP queue (supabase/local/jobs) when SMTP_URL is set.
alter table auth.outbox add column if not exists status text not null default 'pending';
alter table auth.outbox add column if not exists attempts int not null default 0;
alter table auth.outbox add column if not exists run_after timestamptz not null default now();
alter table auth.outbox add column if not exists locked_at timestamptz;
alter table auth.outbox add column if not exists last_error text;
alter table auth.outbox add column if not exists sent_at timestamptz;

-- ---------------------------------------------------------------- auth sessions' methods
-- How each session was authenticated (the `amr` claim of its access tokens),
-- as GoTrue's auth.mfa_amr_claims.
create table if not exists auth.mfa_amr_claims (
  id uuid not null,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  constraint amr_id_pk primary key (id),
  constraint mfa_amr_claims_session_id_authentication_method_pkey
    unique (session_id, authentication_method)
);

-- ---------------------------------------------------------------- storage: list and timestamps
-- Storage's `update_objects_updated_at` trigger (tenant migration 0011).
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end $$;

create or replace trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- `storage.search` with the signature and results of Storage's migration 0063
-- (what `list()` calls): files and folders directly below `prefix` whose name
-- starts with `search` (case-insensitive); folders have null id and dates;
-- names relative to `prefix`; `levels` is unused, as upstream. Security
-- invoker, so the caller's RLS policies decide what is listed.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker as $func$
declare
  v_dir text := case when lower(coalesce(sortorder, 'asc')) = 'asc' then 'asc' else 'desc' end;
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order text;
begin
  v_order := case when v_column = 'name'
    then format('e.sort_key collate "C" %s', v_dir)
    -- Other columns: folders first (by name), then files by the column.
    else format('e.kind, (case when e.kind = 0 then e.sort_key end) collate "C" %1$s, e.%2$I %1$s, e.sort_key collate "C"', v_dir, v_column)
  end;
  return query execute format($sql$
    with hits as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             position('/' in substring(o.name from length($1) + 1)) as slash
        from storage.objects o
       where o.bucket_id = $2 and starts_with(lower(o.name), lower($1))
    ), entries as (
      select substring(rtrim(min(left(h.name, length($1) + h.slash)), '/') from $3 + 1) as name,
             null::uuid as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at,
             null::jsonb as metadata,
             lower(left(h.name, length($1) + h.slash)) as sort_key, 0 as kind
        from hits h
       where h.slash > 0
       group by lower(left(h.name, length($1) + h.slash))
      union all
      select substring(h.name from $3 + 1), h.id, h.updated_at, h.created_at,
             h.last_accessed_at, h.metadata, lower(h.name), 1
        from hits h
       where h.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
      from entries e
     order by %s
     limit $4 offset $5
  $sql$, v_order)
  using coalesce(prefix, '') || coalesce(search, ''),
        bucketname,
        length(coalesce(prefix, '')),
        least(coalesce(limits, 100), 1500),
        greatest(coalesce(offsets, 0), 0);
end $func$;

grant execute on function storage.search(text, text, int, int, int, text, text, text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- auth PKCE flows
-- The code challenge of an e-mail link's PKCE flow until its auth code is
-- exchanged (GoTrue's auth.flow_state).
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method text,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method
  on auth.flow_state (user_id, authentication_method);

-- ---------------------------------------------------------------- auth MFA factors
-- GoTrue's MFA tables (migrations 20221003041349 add_mfa_schema, 20240729123726
-- add_mfa_phone_config, 20240802193726 last_challenged_at): a user's factors
-- with their TOTP secret (server-side only: no grant to anon or authenticated)
-- and the challenges issued for them.
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null;
end $$;

create table if not exists auth.mfa_factors (
  id uuid not null,
  user_id uuid not null,
  friendly_name text null,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text null,
  phone text unique default null,
  last_challenged_at timestamptz unique default null,
  constraint mfa_factors_pkey primary key (id),
  constraint mfa_factors_user_id_fkey foreign key (user_id)
    references auth.users (id) on delete cascade
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid not null,
  factor_id uuid not null,
  created_at timestamptz not null,
  verified_at timestamptz null,
  ip_address inet not null,
  otp_code text null,
  constraint mfa_challenges_pkey primary key (id),
  constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id)
    references auth.mfa_factors (id) on delete cascade
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
