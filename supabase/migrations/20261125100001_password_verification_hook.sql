-- M1/H2 on hosted Supabase: the per-account sign-in limit. The embedded
-- backend counts failed passwords per account itself (supabase/local/auth/
-- rate-limit.ts); hosted GoTrue only limits per IP, but calls this Password
-- Verification Attempt hook after each password check (supabase/config.toml,
-- [auth.hook.password_verification_attempt]; a Team/Enterprise feature).
-- Same rule: 10 failed passwords per account per 15 minutes, then 429 until
-- the oldest failure is 15 minutes old. A right password is not counted. The
-- owner can always get in with a recovery code, which no hook limits.

create table if not exists private.password_failures (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);
comment on table private.password_failures is
  'Failed password sign-ins per account, for the hosted per-account limit (kept 15 minutes).';
create index if not exists password_failures_user_idx
  on private.password_failures (user_id, failed_at);
revoke all on private.password_failures from public, anon, authenticated;
-- No policies: only the hook (security definer, the owner) reads and writes.
alter table private.password_failures enable row level security;

create or replace function private.hook_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (event ->> 'user_id')::uuid;
  v_window constant interval := interval '15 minutes';
  v_max constant int := 10;
  v_failures int;
  v_oldest timestamptz;
  v_minutes int;
begin
  delete from private.password_failures where failed_at <= now() - v_window;
  select count(*), min(failed_at) into v_failures, v_oldest
    from private.password_failures where user_id = v_user;
  if v_failures >= v_max then
    v_minutes := greatest(1, ceil(extract(epoch from (v_oldest + v_window - now())) / 60));
    return jsonb_build_object('error', jsonb_build_object(
      'http_code', 429,
      'message', format('Too many attempts. Please try again in %s minute%s.',
        v_minutes, case when v_minutes = 1 then '' else 's' end)));
  end if;
  if coalesce((event ->> 'valid')::boolean, false) then
    return jsonb_build_object('decision', 'continue');
  end if;
  insert into private.password_failures (user_id) values (v_user);
  return jsonb_build_object('decision', 'continue');
end
$$;
comment on function private.hook_password_verification_attempt(jsonb) is
  'Hosted GoTrue''s Password Verification Attempt hook: 10 failed passwords per account per 15 minutes.';

revoke all on function private.hook_password_verification_attempt(jsonb)
  from public, anon, authenticated;

-- GoTrue runs hooks as supabase_auth_admin (hosted only; absent locally).
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    grant usage on schema private to supabase_auth_admin;
    grant execute on function private.hook_password_verification_attempt(jsonb)
      to supabase_auth_admin;
    grant select, insert, delete on private.password_failures
      to supabase_auth_admin;
  end if;
end
$$;
