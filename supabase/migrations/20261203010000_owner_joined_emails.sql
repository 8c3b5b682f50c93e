-- The e-mail of waiting feedback (#35): when the owner of a domain verifies
-- it, each author whose feedback waited for it is told once in the app
-- (20261202190000_waiting_feedback.sql) and, if they turned it on in their
-- account settings, by e-mail ("the owner of shop.example joined Peega and
-- can now read your feedback"). send-owner-joined-emails drains the queue;
-- the company never learns who was told.

ALTER TABLE public.profiles ADD COLUMN email_on_owner_joined boolean DEFAULT false NOT NULL;
COMMENT ON COLUMN public.profiles.email_on_owner_joined IS 'The author''s choice (off by default): an e-mail when the owner of a site they reported about joins Peega (#35). Only the owner reads or writes it.';
GRANT UPDATE(email_on_owner_joined) ON TABLE public.profiles TO authenticated;

CREATE TABLE private.owner_joined_emails (
    id bigint GENERATED ALWAYS AS IDENTITY,
    user_id uuid NOT NULL,
    domain text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT owner_joined_emails_pkey PRIMARY KEY (id),
    CONSTRAINT owner_joined_emails_once UNIQUE (user_id, domain),
    CONSTRAINT owner_joined_emails_status_known CHECK (status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])),
    CONSTRAINT owner_joined_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
CREATE INDEX owner_joined_emails_due ON private.owner_joined_emails USING btree (status, run_after);
ALTER TABLE private.owner_joined_emails ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.owner_joined_emails IS 'E-mails to opted-in authors whose feedback waited for a domain that was just verified, one per author and domain. Claimed by send-owner-joined-emails.';
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at)
  VALUES ('owner_joined_emails', 'private.owner_joined_emails', false, true);

CREATE OR REPLACE FUNCTION private.domain_owner_joined() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Authors of feedback under the domain that waited until now: hosts no
  -- other verified domain already owned.
  with authors as (
    select distinct f.user_id
      from public.feedback f
     where reverse(f.website_host) ~>=~ reverse(new.domain)
       and reverse(f.website_host) ~<~ (reverse(new.domain) || '/')
       and (f.website_host = new.domain or reverse(f.website_host) like (reverse(new.domain) || '.%'))
       and f.user_id is not null and not f.is_spam
       and not exists (select 1 from public.company_domains o
                        where o.verified_at is not null and o.domain = any(private.host_suffixes(f.website_host))
                          and not (o.company_id = new.company_id and o.domain = new.domain))
  ), fresh as (
    insert into private.owner_joined_notices (user_id, domain)
    select a.user_id, new.domain from authors a
    on conflict do nothing
    returning user_id
  ), told as (
    insert into public.notifications (user_id, kind, site)
    select fresh.user_id, 'owner_joined', new.domain from fresh
    returning user_id
  )
  insert into private.owner_joined_emails (user_id, domain)
  select t.user_id, new.domain from told t
    join public.profiles p on p.id = t.user_id
   where p.email_on_owner_joined
  on conflict do nothing;
  if found then
    perform pg_notify('owner_joined_emails', '');
  end if;
  return null;
end
$$;
COMMENT ON FUNCTION private.domain_owner_joined() IS 'When a domain becomes verified: one owner_joined notification to each author whose feedback waited for it (once per author and domain), and an e-mail queued for those who turned it on; the company learns nothing about them.';

-- What one e-mail says, for the job function only. No row: opted out since.
CREATE FUNCTION public.get_owner_joined_email(p_job_id bigint) RETURNS TABLE(email text, domain text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, q.domain
    from private.owner_joined_emails q
    join public.profiles p on p.id = q.user_id
    join auth.users u on u.id = q.user_id
   where q.id = p_job_id and p.email_on_owner_joined and u.email is not null
$$;
COMMENT ON FUNCTION public.get_owner_joined_email(p_job_id bigint) IS 'Service role: the address and domain of a queued "owner joined" e-mail; no row when the author turned the e-mail off.';

CREATE OR REPLACE FUNCTION private.install_background_jobs() RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
    drop trigger if exists company_message_emails_call on private.company_message_emails;
    create trigger company_message_emails_call
      after insert on private.company_message_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-message-emails', '{}');
    drop trigger if exists topic_completion_emails_call on private.topic_completion_emails;
    create trigger topic_completion_emails_call
      after insert on private.topic_completion_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-topic-emails', '{}');
    drop trigger if exists owner_joined_emails_call on private.owner_joined_emails;
    create trigger owner_joined_emails_call
      after insert on private.owner_joined_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-owner-joined-emails', '{}');
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
    -- Throttled e-mails become due without any insert: every minute.
    perform cron.schedule('peega-send-message-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-message-emails', '{}')$cmd$);
    -- Retries of the "completed" e-mails (#22) become due without an insert.
    perform cron.schedule('peega-send-topic-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-topic-emails', '{}')$cmd$);
    perform cron.schedule('peega-send-digests', '7 * * * *',
      $cmd$select private.invoke_job_function('send-digests', '{}')$cmd$);
    -- Weekly: Mondays, every hour (minute 17), so a failed e-mail's retry is
    -- drained the same day; the queue sends one per member and week
    -- (20261128020100_weekly_summaries.sql).
    perform cron.schedule('peega-send-weekly-summaries', '17 * * * 1',
      $cmd$select private.invoke_job_function('send-weekly-summaries', '{}')$cmd$);
    -- The trial's clock (#35): ends trials on time, queues and sends the
    -- owner's reminders; every minute so an ending trial is Free within one.
    perform cron.schedule('peega-run-trials', '* * * * *',
      $cmd$select private.invoke_job_function('run-trials', '{}')$cmd$);
    -- Retries of the "owner joined" e-mails (#35).
    perform cron.schedule('peega-send-owner-joined-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-owner-joined-emails', '{}')$cmd$);
    v_done := array_append(v_done, 'pg_cron schedules'::text);
  end if;
  return v_done;
end
$_$;

DO $$
begin
  raise notice 'Background jobs installed: %', private.install_background_jobs();
end
$$;

REVOKE ALL ON FUNCTION public.get_owner_joined_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_owner_joined_email(p_job_id bigint) TO service_role;
REVOKE ALL ON TABLE private.owner_joined_emails FROM PUBLIC, anon, authenticated;
