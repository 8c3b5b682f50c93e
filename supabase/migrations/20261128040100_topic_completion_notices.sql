-- =============================================================================
-- "You said, we did" (#22): when a topic is completed, every distinct
-- contributor (author of a confirmed feedback of the topic, not a member of
-- the company) gets ONE in-app notification naming the company, the public
-- title (or their own feedback's title) and the XP the verdict gave them,
-- and, when they opted in, one e-mail (send-topic-emails).
--
-- Decisions:
-- - A deferred constraint trigger on feedback_topics (status → 'completed',
--   row-level, INITIALLY DEFERRED) runs at commit, whatever changed the
--   status (the topic RPCs, the tracker webhook, SQL): by then the same
--   transaction's update_feedback_status calls have awarded the
--   feedback_completed XP, which is read from the ledger (user_points).
-- - No double notification: the per-feedback "is now completed" items that
--   update_feedback_status created in the SAME transaction for a
--   contributor's feedback in the topic are replaced by the one topic item
--   (kind 'topic_completed', with xp). Earlier completions of a feedback
--   keep their own item.
-- - Once per contributor per topic (private.topic_completion_notices): a
--   topic reopened and completed again notifies only new contributors.
-- - E-mail: profiles.email_on_topic_completed, off by default, only the
--   owner reads or writes it (profiles RLS); checked when queued and again
--   when the e-mail is written. The queue holds no address and no text.
-- =============================================================================

alter table public.profiles
  add column email_on_topic_completed boolean not null default false;
comment on column public.profiles.email_on_topic_completed is
  'The author''s choice (off by default): an e-mail when a company completes something they reported (#22). Only the owner reads or writes it.';
grant update (email_on_topic_completed) on table public.profiles to authenticated;

alter table public.notifications drop constraint notifications_kind_known;
alter table public.notifications add constraint notifications_kind_known
  check (kind in ('feedback_status', 'company_message', 'topic_completed'));
alter table public.notifications add column xp integer;
comment on column public.notifications.xp is
  'topic_completed: the XP the completion gave the user for their feedback in the topic.';

create table private.topic_completion_notices (
  topic_id uuid not null references public.feedback_topics (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- The contributor's first feedback in the topic (the link) and what the
  -- notification said.
  feedback_id uuid references public.feedback (id) on delete set null,
  title text not null,
  xp integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (topic_id, user_id)
);
comment on table private.topic_completion_notices is
  'One row per contributor notified of a completed topic (#22): keeps the notification once per contributor per topic; the e-mail reads its title and XP.';
create index topic_completion_notices_user on private.topic_completion_notices (user_id);
create index topic_completion_notices_feedback on private.topic_completion_notices (feedback_id);
alter table private.topic_completion_notices enable row level security;
revoke all on table private.topic_completion_notices from public, anon, authenticated;

create table private.topic_completion_emails (
  id bigint generated always as identity primary key,
  topic_id uuid not null,
  user_id uuid not null,
  feedback_id uuid references public.feedback (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint topic_completion_emails_notice
    foreign key (topic_id, user_id) references private.topic_completion_notices (topic_id, user_id) on delete cascade,
  constraint topic_completion_emails_one unique (topic_id, user_id),
  constraint topic_completion_emails_status_known
    check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table private.topic_completion_emails is
  'E-mails to opted-in contributors of a completed topic (#22), one per contributor and topic. Claimed by send-topic-emails.';
create index topic_completion_emails_due on private.topic_completion_emails (status, run_after);
create index topic_completion_emails_feedback on private.topic_completion_emails (feedback_id);
alter table private.topic_completion_emails enable row level security;
revoke all on table private.topic_completion_emails from public, anon, authenticated;

create function private.notify_topic_contributors()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics;
  v_company_name text;
  v_xp integer;
  v_title text;
  v_queued boolean := false;
  r record;
begin
  -- At commit: the topic as it is now (still completed?).
  select * into v_topic from public.feedback_topics t where t.id = new.id;
  if not found or v_topic.status <> 'completed' then
    return null;
  end if;
  select c.company_name into v_company_name from public.companies c where c.id = v_topic.company_id;
  for r in
    select f.user_id,
           (array_agg(f.id order by f.created_at, f.id))[1] as feedback_id,
           (array_agg(f.title order by f.created_at, f.id))[1] as feedback_title,
           array_agg(f.id) as feedback_ids
      from public.feedback_topic_items i
      join public.feedback f on f.id = i.feedback_id
     where i.topic_id = v_topic.id and i.state = 'confirmed'
       and not exists (select 1 from public.company_members m
                        where m.company_id = v_topic.company_id and m.user_id = f.user_id)
     group by f.user_id
  loop
    select coalesce(sum(up.points), 0)::integer into v_xp from public.user_points up
     where up.user_id = r.user_id and up.action_type = 'feedback_completed'
       and up.feedback_id = any (r.feedback_ids);
    v_title := coalesce(v_topic.public_title, r.feedback_title);
    insert into private.topic_completion_notices (topic_id, user_id, feedback_id, title, xp)
    values (v_topic.id, r.user_id, r.feedback_id, v_title, v_xp)
    on conflict (topic_id, user_id) do nothing;
    if not found then
      continue;
    end if;
    -- The per-feedback "completed" items of this same transaction give way.
    delete from public.notifications n
     where n.user_id = r.user_id and n.kind = 'feedback_status' and n.new_status = 'completed'
       and n.feedback_id = any (r.feedback_ids) and n.created_at = now();
    insert into public.notifications (user_id, kind, feedback_id, feedback_title, company_name, new_status, xp)
    values (r.user_id, 'topic_completed', r.feedback_id, v_title, v_company_name, 'completed', v_xp);
    if exists (select 1 from public.profiles p where p.id = r.user_id and p.email_on_topic_completed) then
      insert into private.topic_completion_emails (topic_id, user_id, feedback_id)
      values (v_topic.id, r.user_id, r.feedback_id)
      on conflict (topic_id, user_id) do nothing;
      v_queued := true;
    end if;
  end loop;
  if v_queued then
    perform pg_notify('topic_completion_emails', '');
  end if;
  return null;
end
$$;
comment on function private.notify_topic_contributors() is
  'At commit of a topic''s completion: one topic_completed notification per contributor (not the company''s members) with the XP from the ledger, replacing the same transaction''s per-feedback completed items; queues the e-mail of those who opted in.';
revoke all on function private.notify_topic_contributors() from public, anon, authenticated;

create constraint trigger feedback_topics_notify_completed
  after insert or update of status on public.feedback_topics
  deferrable initially deferred
  for each row
  when (new.status = 'completed')
  execute function private.notify_topic_contributors();

-- What one e-mail says, for the job function only. No row: opted out, or
-- the feedback is gone.
create function public.get_topic_completion_email(p_job_id bigint)
returns table (email text, company_name text, feedback_id uuid, title text, xp integer)
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text, c.company_name, n.feedback_id, n.title, n.xp
    from private.topic_completion_emails q
    join private.topic_completion_notices n on n.topic_id = q.topic_id and n.user_id = q.user_id
    join public.feedback_topics t on t.id = q.topic_id
    join public.companies c on c.id = t.company_id
    join public.profiles p on p.id = q.user_id
    join auth.users u on u.id = q.user_id
   where q.id = p_job_id and p.email_on_topic_completed and u.email is not null
     and n.feedback_id is not null
$$;
comment on function public.get_topic_completion_email(bigint) is
  'Service role: the content of a queued "completed" e-mail (address, company, title, XP, feedback); no row when the contributor opted out or the feedback is gone.';
revoke all on function public.get_topic_completion_email(bigint) from public, anon, authenticated;
grant execute on function public.get_topic_completion_email(bigint) to service_role;

-- Redefined from 20261128020100_weekly_summaries.sql (which added weekly_summary_emails): a fifth queue,
-- topic_completion_emails, and its database webhook and schedule.
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
  elsif p_queue = 'topic_completion_emails' then
    return query
      update private.topic_completion_emails e
         set status = 'running', attempts = e.attempts + 1, locked_at = now()
       where e.id in (
         select q.id from private.topic_completion_emails q
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
  'Server-only: claims up to p_limit due jobs of a queue (webhook_deliveries, feedback_processing, company_message_emails, topic_completion_emails, weekly_summary_emails) with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

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
  elsif p_queue = 'topic_completion_emails' then
    select attempts into v_attempts from private.topic_completion_emails where id = p_id;
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
  elsif p_queue = 'topic_completion_emails' then
    update private.topic_completion_emails
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           sent_at = case when v_status = 'done' then now() else sent_at end,
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

-- Also redefined: the "completed" e-mail queue's trigger and schedule (#22).
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
    drop trigger if exists topic_completion_emails_call on private.topic_completion_emails;
    create trigger topic_completion_emails_call
      after insert on private.topic_completion_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-topic-emails', '{}');
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
