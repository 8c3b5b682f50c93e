-- =============================================================================
-- E-mail to the author when a company writes in a thread about their feedback,
-- when they opted in (#21). Sent by an edge function, send-message-emails,
-- like every background job (docs/background-jobs.md).
--
-- Decisions:
-- - The preference is a column of the author's own profile row,
--   email_on_company_message, off by default (GDPR: no e-mail the user did not
--   ask for). profiles is readable and writable only by its owner (RLS), so no
--   company ever sees it.
-- - Throttle per thread (feedback, company): at most one e-mail every
--   private.company_message_email_gap() (10 minutes). The first company
--   message of a quiet thread is mailed at once; the messages posted within
--   the gap after a mail gather in ONE pending job, due when the gap has
--   passed, and the next e-mail lists them all. A second pending job per
--   thread cannot exist (partial unique index), so a burst is one e-mail.
-- - Only company messages (from_author = false) queue an e-mail: the author's
--   own answers and the company's internal notes (feedback_notes, never in
--   this table) never do.
-- - The opt-in is checked when the message is posted and again when the mail
--   is written, so turning it off stops mail already queued.
-- - The queue keeps no text and no address: the function reads the masked
--   bodies (as stored in the thread) and the author's e-mail through
--   get_company_message_email when it sends; the company never reads either.
-- =============================================================================

alter table public.profiles
  add column email_on_company_message boolean not null default false;
comment on column public.profiles.email_on_company_message is
  'The author''s choice (off by default): an e-mail when a company writes to them about their feedback (#21). Only the owner reads or writes it.';
grant update (email_on_company_message) on table public.profiles to authenticated;

create function private.company_message_email_gap()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '10 minutes' $$;
comment on function private.company_message_email_gap() is
  'Shortest time between two e-mails about the same thread (#21).';

create table private.company_message_emails (
  id bigint generated always as identity primary key,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  -- The company messages this e-mail is about: created in [first, last].
  first_message_at timestamptz not null,
  last_message_at timestamptz not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint company_message_emails_status_known
    check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table private.company_message_emails is
  'E-mails to opted-in authors about company messages in a thread, one pending per thread (the throttle). Claimed by send-message-emails.';
create unique index company_message_emails_one_pending
  on private.company_message_emails (feedback_id, company_id) where status = 'pending';
create index company_message_emails_due on private.company_message_emails (status, run_after);
create index company_message_emails_thread
  on private.company_message_emails (feedback_id, company_id, sent_at);
create index company_message_emails_company on private.company_message_emails (company_id);
alter table private.company_message_emails enable row level security;
revoke all on table private.company_message_emails from public, anon, authenticated;

-- A company message in a thread whose author opted in joins the thread's
-- pending e-mail, or starts one: due now, or when the gap since the last
-- e-mail of the thread has passed.
create function private.queue_company_message_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_last timestamptz;
begin
  if new.from_author then
    return null;
  end if;
  if not exists (select 1 from public.feedback f
                   join public.profiles p on p.id = f.user_id
                  where f.id = new.feedback_id and p.email_on_company_message) then
    return null;
  end if;
  select max(coalesce(q.sent_at, q.locked_at)) into v_last
    from private.company_message_emails q
   where q.feedback_id = new.feedback_id and q.company_id = new.company_id
     and q.status in ('running', 'done');
  insert into private.company_message_emails
    (feedback_id, company_id, first_message_at, last_message_at, run_after)
  values (new.feedback_id, new.company_id, new.created_at, new.created_at,
          greatest(now(), coalesce(v_last + private.company_message_email_gap(), now())))
  on conflict (feedback_id, company_id) where status = 'pending'
  do update set last_message_at = greatest(excluded.last_message_at,
                                           private.company_message_emails.last_message_at);
  perform pg_notify('company_message_emails', '');
  return null;
end
$$;
comment on function private.queue_company_message_email() is
  'After a company message: queues (or extends) the thread''s e-mail to the author when they opted in, throttled by company_message_email_gap.';
revoke all on function private.queue_company_message_email() from public, anon, authenticated;

create trigger feedback_messages_queue_email
  after insert on public.feedback_messages
  for each row execute function private.queue_company_message_email();

-- What one e-mail says, for the job function only: the author's address
-- (still opted in), the company's name, the feedback's title and the masked
-- company messages it is about. No row: nothing to send any more.
create function public.get_company_message_email(p_job_id bigint)
returns table (email text, company_name text, feedback_id uuid, feedback_title text, messages text[])
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text,
         (select m.company_name from public.feedback_messages m
           where m.feedback_id = q.feedback_id and m.company_id = q.company_id and not m.from_author
           order by m.created_at desc limit 1),
         f.id, f.title,
         array(select m.body from public.feedback_messages m
                where m.feedback_id = q.feedback_id and m.company_id = q.company_id
                  and not m.from_author
                  and m.created_at between q.first_message_at and q.last_message_at
                order by m.created_at, m.id)
    from private.company_message_emails q
    join public.feedback f on f.id = q.feedback_id
    join public.profiles p on p.id = f.user_id
    join auth.users u on u.id = f.user_id
   where q.id = p_job_id and p.email_on_company_message and u.email is not null
     and exists (select 1 from public.feedback_messages m
                  where m.feedback_id = q.feedback_id and m.company_id = q.company_id
                    and not m.from_author
                    and m.created_at between q.first_message_at and q.last_message_at)
$$;
comment on function public.get_company_message_email(bigint) is
  'Service role: the content of a queued author e-mail (address, company, feedback title, masked messages); no row when the author opted out or the messages are gone.';
revoke all on function public.get_company_message_email(bigint) from public, anon, authenticated;
grant execute on function public.get_company_message_email(bigint) to service_role;

-- Redefined from 20261126030000_background_job_rpcs.sql: a third queue,
-- company_message_emails; a finished e-mail records when it was sent (the
-- throttle counts from there).
create or replace function public.claim_background_jobs(
  p_queue text,
  p_limit integer default 5,
  p_lease_seconds integer default 300
)
returns table (id bigint, attempts integer, feedback_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'p_limit must be between 1 and 100' using errcode = '22023';
  end if;
  if p_queue = 'webhook_deliveries' then
    return query
      update public.company_webhook_deliveries d
         set status = 'running', attempts = d.attempts + 1, locked_at = now()
       where d.id in (
         select q.id from public.company_webhook_deliveries q
          where (q.status = 'pending' and q.run_after <= now())
             or (q.status = 'running' and q.locked_at < now() - make_interval(secs => p_lease_seconds))
          order by q.run_after, q.id
          limit p_limit
          for update skip locked)
      returning d.id, d.attempts, d.feedback_id;
  elsif p_queue = 'feedback_processing' then
    return query
      update private.feedback_processing_jobs j
         set status = 'running', attempts = j.attempts + 1, locked_at = now()
       where j.id in (
         select q.id from private.feedback_processing_jobs q
          where (q.status = 'pending' and q.run_after <= now())
             or (q.status = 'running' and q.locked_at < now() - make_interval(secs => p_lease_seconds))
          order by q.run_after, q.id
          limit p_limit
          for update skip locked)
      returning j.id, j.attempts, j.feedback_id;
  elsif p_queue = 'company_message_emails' then
    return query
      update private.company_message_emails e
         set status = 'running', attempts = e.attempts + 1, locked_at = now()
       where e.id in (
         select q.id from private.company_message_emails q
          where (q.status = 'pending' and q.run_after <= now())
             or (q.status = 'running' and q.locked_at < now() - make_interval(secs => p_lease_seconds))
          order by q.run_after, q.id
          limit p_limit
          for update skip locked)
      returning e.id, e.attempts, e.feedback_id;
  else
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
end
$$;
comment on function public.claim_background_jobs(text, integer, integer) is
  'Server-only: claims up to p_limit due jobs of a queue (webhook_deliveries, feedback_processing, company_message_emails) with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

create or replace function public.finish_background_job(
  p_queue text,
  p_id bigint,
  p_error text default null,
  p_max_attempts integer default 5,
  p_backoff_ms integer default 1000
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_attempts integer;
  v_status text;
  v_retry interval;
begin
  if p_queue = 'webhook_deliveries' then
    select attempts into v_attempts from public.company_webhook_deliveries where id = p_id;
  elsif p_queue = 'feedback_processing' then
    select attempts into v_attempts from private.feedback_processing_jobs where id = p_id;
  elsif p_queue = 'company_message_emails' then
    select attempts into v_attempts from private.company_message_emails where id = p_id;
  else
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
  if v_attempts is null then
    return null; -- deleted meanwhile (its feedback or endpoint went away)
  end if;
  v_status := case when p_error is null then 'done'
                   when v_attempts >= greatest(p_max_attempts, 1) then 'failed'
                   else 'pending' end;
  -- Exponential backoff, at most a minute: base, 2 × base, 4 × base, …
  v_retry := case when v_status = 'pending'
                  then make_interval(secs => least(60.0, greatest(p_backoff_ms, 0) * power(2, v_attempts - 1) / 1000.0))
                  else interval '0' end;
  if p_queue = 'webhook_deliveries' then
    update public.company_webhook_deliveries
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           run_after = case when v_status = 'pending' then now() + v_retry else run_after end
     where id = p_id;
  elsif p_queue = 'feedback_processing' then
    update private.feedback_processing_jobs
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           run_after = case when v_status = 'pending' then now() + v_retry else run_after end
     where id = p_id;
  else
    -- A retry waiting while a newer pending e-mail of the thread exists
    -- would break the one-pending index: the newer one takes its messages.
    if v_status = 'pending' then
      update private.company_message_emails n
         set first_message_at = least(n.first_message_at, o.first_message_at)
        from private.company_message_emails o
       where o.id = p_id and n.feedback_id = o.feedback_id and n.company_id = o.company_id
         and n.status = 'pending' and n.id <> o.id;
      if found then
        delete from private.company_message_emails where id = p_id;
        return 'merged';
      end if;
    end if;
    update private.company_message_emails
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           sent_at = case when v_status = 'done' then now() else sent_at end,
           run_after = case when v_status = 'pending' then now() + v_retry else run_after end
     where id = p_id;
  end if;
  return v_status;
end
$$;
comment on function public.finish_background_job(text, bigint, text, integer, integer) is
  'Server-only: records the outcome of a claimed job: done without an error; with one, pending again after an exponential backoff, or failed after p_max_attempts.';

-- Redefined from 20261126080000_invitation_mail_job.sql: the author e-mail
-- queue's trigger and schedule are new.
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
    drop trigger if exists company_message_emails_call on private.company_message_emails;
    create trigger company_message_emails_call
      after insert on private.company_message_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-message-emails', '{}');
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
