-- =============================================================================
-- Weekly e-mail summary for company members who opt in (#22): what arrived
-- last week (counts by category), rising topics, what waits longest (the
-- oldest pending feedback's titles), a link to Insights and how to turn it
-- off. Sent by an edge function, send-weekly-summaries, like every
-- background job (docs/background-jobs.md).
--
-- Decisions:
-- - The choice is a column of the member's own membership row,
--   company_members.weekly_summary, off by default (no e-mail nobody asked
--   for). Only the member changes it, through set_weekly_summary; the
--   admins' member management never touches it.
-- - One e-mail per member and week: queue_weekly_summaries (service role)
--   adds one job per opted-in member for the week that ended (Monday to
--   Sunday, UTC) with a unique (company, member, week) key, so calling it
--   again the same week adds nothing. Claimed and finished with
--   claim_background_jobs / finish_background_job (retries with backoff).
-- - The queue holds no text and no address; get_weekly_summary_email reads
--   them when sending and answers nothing when the member left the company
--   or turned it off meanwhile. Feedback titles are masked (mask_contact),
--   with no author, as the company's list shows them.
-- =============================================================================

alter table public.company_members
  add column weekly_summary boolean not null default false;
comment on column public.company_members.weekly_summary is
  'The member''s own choice (off by default): a weekly e-mail summary of their company''s feedback (#22). Changed only through set_weekly_summary.';

create function public.get_weekly_summary()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- Always checked first: only a company member has a choice to read.
  v_company public.companies := private.require_company(null);
begin
  return (select m.weekly_summary from public.company_members m
           where m.user_id = auth.uid() and m.company_id = v_company.id);
end
$$;
comment on function public.get_weekly_summary() is
  'The caller''s own weekly summary choice in their company (#22).';

create function public.set_weekly_summary(p_on boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
begin
  if p_on is null then
    raise exception 'Say whether you want the weekly summary (true or false).'
      using errcode = 'invalid_parameter_value';
  end if;
  update public.company_members m set weekly_summary = p_on
   where m.company_id = v_company.id and m.user_id = auth.uid();
  return p_on;
end
$$;
comment on function public.set_weekly_summary(boolean) is
  'Turns the caller''s own weekly e-mail summary on or off (#22); nobody else can.';

revoke all on function public.get_weekly_summary(), public.set_weekly_summary(boolean) from public, anon;
grant execute on function public.get_weekly_summary(), public.set_weekly_summary(boolean) to authenticated;

create table private.weekly_summary_emails (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The Monday (UTC) of the week the e-mail is about.
  week date not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint weekly_summary_emails_once unique (company_id, user_id, week),
  constraint weekly_summary_emails_status_known check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table private.weekly_summary_emails is
  'Weekly summary e-mails to opted-in members, one per member and week (#22). Claimed by send-weekly-summaries.';
create index weekly_summary_emails_due on private.weekly_summary_emails (status, run_after);
create index weekly_summary_emails_user on private.weekly_summary_emails (user_id);
alter table private.weekly_summary_emails enable row level security;
revoke all on table private.weekly_summary_emails from public, anon, authenticated;
grant all on table private.weekly_summary_emails to service_role;

-- The week that ended before p_now: one job per opted-in member; again in
-- the same week adds none. Returns how many were added.
create function public.queue_weekly_summaries(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_week date := private.insight_week(coalesce(p_now, now())) - 7;
  v_count integer;
begin
  insert into private.weekly_summary_emails (company_id, user_id, week)
  select m.company_id, m.user_id, v_week
    from public.company_members m
   where m.weekly_summary
  on conflict (company_id, user_id, week) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.queue_weekly_summaries(timestamptz) is
  'Service role: queues the weekly summary of the week before p_now for every opted-in member, once per member and week.';

-- What one e-mail says. No row: the member left or turned it off.
create function public.get_weekly_summary_email(p_job_id bigint)
returns table (email text, company_name text, week date, arrived jsonb, rising jsonb, waiting jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text, c.company_name, q.week,
         (select jsonb_build_object(
                   'total', coalesce(sum(w.n), 0),
                   'bug', coalesce(sum(w.n) filter (where w.category = 'bug'), 0),
                   'feature', coalesce(sum(w.n) filter (where w.category = 'feature'), 0),
                   'improvement', coalesce(sum(w.n) filter (where w.category = 'improvement'), 0),
                   'other', coalesce(sum(w.n) filter (where w.category not in ('bug', 'feature', 'improvement')), 0))
            from private.company_insight_weeks w
           where w.company_id = q.company_id and w.week = q.week),
         (select coalesce(jsonb_agg(jsonb_build_object('title', t.title, 'recent', x.recent, 'previous', x.previous)
                                    order by x.recent - x.previous desc, t.title), '[]'::jsonb)
            from (select it.topic_id,
                         count(*) filter (where it.added_at >= q.week::timestamp at time zone 'UTC') as recent,
                         count(*) filter (where it.added_at < q.week::timestamp at time zone 'UTC') as previous
                    from public.feedback_topic_items it
                    join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
                   where it.company_id = q.company_id and it.state = 'confirmed'
                     and it.added_at >= (q.week - 7)::timestamp at time zone 'UTC'
                     and it.added_at < (q.week + 7)::timestamp at time zone 'UTC'
                   group by it.topic_id) x
            join public.feedback_topics t on t.id = x.topic_id
           where x.recent > x.previous),
         (select coalesce(jsonb_agg(jsonb_build_object('title', p.title, 'created_at', p.created_at)
                                    order by p.created_at, p.id), '[]'::jsonb)
            from (select f.id, private.mask_contact(f.title) as title, i.created_at
                    from private.company_inbox i
                    join public.feedback f on f.id = i.feedback_id
                   where i.company_id = q.company_id and i.status = 'pending'
                   order by i.created_at, i.feedback_id
                   limit 5) p)
    from private.weekly_summary_emails q
    join public.company_members m on m.company_id = q.company_id and m.user_id = q.user_id
    join public.companies c on c.id = q.company_id
    join auth.users u on u.id = q.user_id
   where q.id = p_job_id and m.weekly_summary and u.email is not null
$$;
comment on function public.get_weekly_summary_email(bigint) is
  'Service role: the content of a queued weekly summary (address, company, counts by category, rising topics, oldest pending titles); no row when the member left or opted out.';

revoke all on function public.queue_weekly_summaries(timestamptz), public.get_weekly_summary_email(bigint)
  from public, anon, authenticated;
grant execute on function public.queue_weekly_summaries(timestamptz), public.get_weekly_summary_email(bigint)
  to service_role;

-- Redefined from 20261127050000_company_message_emails.sql: a fourth queue,
-- weekly_summary_emails (no feedback: feedback_id is null).
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
  elsif p_queue = 'weekly_summary_emails' then
    return query
      update private.weekly_summary_emails e
         set status = 'running', attempts = e.attempts + 1, locked_at = now()
       where e.id in (
         select q.id from private.weekly_summary_emails q
          where (q.status = 'pending' and q.run_after <= now())
             or (q.status = 'running' and q.locked_at < now() - make_interval(secs => p_lease_seconds))
          order by q.run_after, q.id
          limit p_limit
          for update skip locked)
      returning e.id, e.attempts, null::uuid;
  else
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
end
$$;
comment on function public.claim_background_jobs(text, integer, integer) is
  'Server-only: claims up to p_limit due jobs of a queue (webhook_deliveries, feedback_processing, company_message_emails, weekly_summary_emails) with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

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
  elsif p_queue = 'weekly_summary_emails' then
    select attempts into v_attempts from private.weekly_summary_emails where id = p_id;
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
  elsif p_queue = 'weekly_summary_emails' then
    update private.weekly_summary_emails
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           sent_at = case when v_status = 'done' then now() else sent_at end,
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

-- Redefined from 20261127050000_company_message_emails.sql: the weekly
-- summary's schedule is new.
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
    -- Weekly: Mondays, every hour (minute 17), so a failed e-mail's retry is
    -- drained the same day; the queue sends one per member and week.
    perform cron.schedule('peega-send-weekly-summaries', '17 * * * 1',
      $cmd$select private.invoke_job_function('send-weekly-summaries', '{}')$cmd$);
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
