-- =============================================================================
-- How hosted Supabase starts the background-job functions (issue #24 item 3):
-- pg_cron schedules (deliver-webhooks and process-feedback every minute,
-- send-digests hourly) and database webhooks through pg_net (a statement
-- trigger calls the function as soon as a queued job is due). Created only
-- where the extensions exist and load: hosted projects have both; the
-- embedded backend (PGlite, or a PostgreSQL without them) has neither and
-- calls the same functions from its own scheduler (supabase/local/jobs).
--
-- The functions' address and the service-role key come from Vault, as
-- Supabase documents for scheduled functions:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
-- (a database without Vault reads the same names from private.settings).
-- Enabling pg_cron or pg_net later: run `select private.install_background_jobs();`.
-- See docs/background-jobs.md.
-- =============================================================================

create function private.job_setting(p_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
      into v using p_name;
  end if;
  if v is null then
    select s.value into v from private.settings s where s.key = p_name;
  end if;
  return v;
end
$$;
comment on function private.job_setting(text) is
  'A setting of the job calls (project_url, service_role_key): Vault first, then private.settings.';

create function private.invoke_job_function(p_name text, p_body jsonb default '{}')
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text := private.job_setting('project_url');
  v_key text := private.job_setting('service_role_key');
  v_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  if v_url is null or v_key is null then
    raise warning 'Background job % not called: set project_url and service_role_key in Vault (docs/background-jobs.md).', p_name;
    return null;
  end if;
  -- Dynamic: the net schema exists only where pg_net is installed.
  execute 'select net.http_post(url => $1, body => $2, params => ''{}''::jsonb, headers => $3, timeout_milliseconds => $4)'
    into v_id
    using rtrim(v_url, '/') || '/functions/v1/' || p_name,
          p_body,
          jsonb_build_object('content-type', 'application/json', 'authorization', 'Bearer ' || v_key),
          60000;
  return v_id;
end
$$;
comment on function private.invoke_job_function(text, jsonb) is
  'Calls an edge function as the service role through pg_net (asynchronous; sent after commit). Null where pg_net or the settings are missing.';

create function private.call_job_function_when_due()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- TG_ARGV: the function and its body. Only jobs that are due now: a
  -- delivery waiting for the AI step is called when it is released (an
  -- UPDATE of run_after) or by the schedule.
  if exists (select 1 from due_rows d where d.status = 'pending' and d.run_after <= now()) then
    perform private.invoke_job_function(tg_argv[0], tg_argv[1]::jsonb);
  end if;
  return null;
end
$$;
comment on function private.call_job_function_when_due() is
  'Database webhook of a job queue (statement trigger): calls the job function through pg_net when a changed row is due now.';

create function private.install_background_jobs()
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_done text[] := '{}';
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null then
    drop trigger if exists webhook_deliveries_call_inserted on public.company_webhook_deliveries;
    drop trigger if exists webhook_deliveries_call_updated on public.company_webhook_deliveries;
    drop trigger if exists feedback_processing_call_inserted on private.feedback_processing_jobs;
    create trigger webhook_deliveries_call_inserted
      after insert on public.company_webhook_deliveries
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('deliver-webhooks', '{}');
    create trigger webhook_deliveries_call_updated
      after update on public.company_webhook_deliveries
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('deliver-webhooks', '{}');
    create trigger feedback_processing_call_inserted
      after insert on private.feedback_processing_jobs
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('process-feedback', '{"queue": "feedback_processing"}');
    v_done := v_done || 'pg_net triggers'::text;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    -- cron.schedule replaces a job of the same name: re-running is safe.
    perform cron.schedule('peega-deliver-webhooks', '* * * * *',
      $cmd$select private.invoke_job_function('deliver-webhooks', '{}')$cmd$);
    perform cron.schedule('peega-process-feedback', '* * * * *',
      $cmd$select private.invoke_job_function('process-feedback', '{"queue": "feedback_processing"}')$cmd$);
    perform cron.schedule('peega-send-digests', '7 * * * *',
      $cmd$select private.invoke_job_function('send-digests', '{}')$cmd$);
    v_done := v_done || 'pg_cron schedules'::text;
  end if;
  return v_done;
end
$$;
comment on function private.install_background_jobs() is
  'Creates the pg_net database webhooks and pg_cron schedules of the job functions where those extensions are installed; safe to re-run.';

revoke all on function private.job_setting(text), private.invoke_job_function(text, jsonb),
  private.call_job_function_when_due(), private.install_background_jobs()
  from public;

-- The extensions, only where they are available and load (pg_cron needs
-- shared_preload_libraries and this database as cron.database_name; a
-- failed attempt is rolled back on its own and reported).
do $$
declare
  v_ext text;
begin
  foreach v_ext in array array['pg_net', 'pg_cron'] loop
    if exists (select 1 from pg_available_extensions where name = v_ext) then
      begin
        execute format('create extension if not exists %I', v_ext);
      exception when others then
        raise notice 'Background jobs: % is available but cannot be created here (%); the embedded scheduler or a later private.install_background_jobs() takes over.', v_ext, sqlerrm;
      end;
    end if;
  end loop;
  raise notice 'Background jobs installed: %', private.install_background_jobs();
end
$$;
