-- =============================================================================
-- Company invitations (#21) are mailed by an edge function, send-invitations,
-- like every background job (#24, docs/background-jobs.md): on hosted Supabase
-- a pg_net database webhook calls it when invite_company_member queues a mail,
-- and a pg_cron schedule every minute catches what a failed call left; the
-- embedded backend's scheduler calls the same function on the queue's NOTIFY.
-- Latest definition of install_background_jobs: 20261126030100; only the
-- invitation trigger and schedule are new.
-- =============================================================================

create function private.call_send_invitations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.invoke_job_function('send-invitations', '{}');
  return null;
end
$$;
comment on function private.call_send_invitations() is
  'Database webhook of the invitation mail queue (statement trigger): calls send-invitations through pg_net.';
revoke all on function private.call_send_invitations() from public;

create or replace function private.install_background_jobs()
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_done text[] := array[]::text[];
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
    drop trigger if exists company_invitation_emails_call on private.company_invitation_emails;
    create trigger company_invitation_emails_call
      after insert on private.company_invitation_emails
      for each statement
      execute function private.call_send_invitations();
    v_done := array_append(v_done, 'pg_net triggers'::text);
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    -- cron.schedule replaces a job of the same name: re-running is safe.
    perform cron.schedule('peega-deliver-webhooks', '* * * * *',
      $cmd$select private.invoke_job_function('deliver-webhooks', '{}')$cmd$);
    perform cron.schedule('peega-process-feedback', '* * * * *',
      $cmd$select private.invoke_job_function('process-feedback', '{"queue": "feedback_processing"}')$cmd$);
    perform cron.schedule('peega-send-invitations', '* * * * *',
      $cmd$select private.invoke_job_function('send-invitations', '{}')$cmd$);
    perform cron.schedule('peega-send-digests', '7 * * * *',
      $cmd$select private.invoke_job_function('send-digests', '{}')$cmd$);
    v_done := array_append(v_done, 'pg_cron schedules'::text);
  end if;
  return v_done;
end
$$;
comment on function private.install_background_jobs() is
  'Creates the pg_net database webhooks and pg_cron schedules of the job functions where those extensions are installed; safe to re-run.';

do $$
begin
  raise notice 'Background jobs installed: %', private.install_background_jobs();
end
$$;
