-- =============================================================================
-- One registry of the background-job queues instead of a branch per queue.
--
-- claim_background_jobs and finish_background_job held the same UPDATE for
-- each of the five queues, and every migration that added a queue restated
-- both bodies whole (20261127050000, 20261128020100, 20261128040100). Every
-- queue table has the same columns (id bigint, status, attempts, run_after,
-- locked_at, last_error; feedback_id and sent_at where it has them), so the
-- two functions now read private.background_queues and run one statement on
-- the queue's table (EXECUTE with the table as a regclass, which quotes
-- itself; the values are bound). A new queue is one row here.
--
-- The one queue-specific rule stays explicit: a company-message e-mail
-- retried while a newer pending e-mail of its thread exists is merged into
-- it (the one-pending-per-thread index), as in 20261127050000.
-- =============================================================================

create table private.background_queues (
  queue text primary key,
  job_table regclass not null unique,
  -- The table has feedback_id (claim returns it; else null).
  has_feedback boolean not null,
  -- The table has sent_at, set when the job is done.
  has_sent_at boolean not null
);
comment on table private.background_queues is
  'The background-job queues claim_background_jobs / finish_background_job serve: their table and which optional columns it has. Server-only.';
alter table private.background_queues enable row level security;
revoke all on table private.background_queues from public, anon, authenticated;

insert into private.background_queues (queue, job_table, has_feedback, has_sent_at) values
  ('webhook_deliveries', 'public.company_webhook_deliveries', true, false),
  ('feedback_processing', 'private.feedback_processing_jobs', true, false),
  ('company_message_emails', 'private.company_message_emails', true, true),
  ('topic_completion_emails', 'private.topic_completion_emails', true, true),
  ('weekly_summary_emails', 'private.weekly_summary_emails', false, true);

-- Latest definition: 20261128040100_topic_completion_notices.sql (same
-- signature, answer and errors; the queue's table from the registry).
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
declare
  v_queue private.background_queues;
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'p_limit must be between 1 and 100' using errcode = '22023';
  end if;
  select * into v_queue from private.background_queues q where q.queue = p_queue;
  if not found then
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
  return query execute format(
    'update %1$s e
        set status = ''running'', attempts = e.attempts + 1, locked_at = now()
      where e.id in (
        select q.id from %1$s q
         where (q.status = ''pending'' and q.run_after <= now())
            or (q.status = ''running'' and q.locked_at < now() - make_interval(secs => $2))
         order by q.run_after, q.id
         limit $1
         for update skip locked)
     returning e.id, e.attempts, %2$s',
    v_queue.job_table,
    case when v_queue.has_feedback then 'e.feedback_id' else 'null::uuid' end)
  using p_limit, p_lease_seconds;
end
$$;
comment on function public.claim_background_jobs(text, integer, integer) is
  'Server-only: claims up to p_limit due jobs of a queue of private.background_queues with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

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
  v_queue private.background_queues;
  v_attempts integer;
  v_status text;
  v_retry interval;
begin
  select * into v_queue from private.background_queues q where q.queue = p_queue;
  if not found then
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
  execute format('select attempts from %s where id = $1', v_queue.job_table)
    into v_attempts using p_id;
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
  -- A retry waiting while a newer pending e-mail of the thread exists
  -- would break the one-pending index: the newer one takes its messages.
  if p_queue = 'company_message_emails' and v_status = 'pending' then
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
  execute format(
    'update %s
        set status = $1, locked_at = null, last_error = left($2, 2000),
            run_after = case when $1 = ''pending'' then now() + $3 else run_after end%s
      where id = $4',
    v_queue.job_table,
    case when v_queue.has_sent_at
         then ', sent_at = case when $1 = ''done'' then now() else sent_at end' else '' end)
  using v_status, p_error, v_retry, p_id;
  return v_status;
end
$$;
comment on function public.finish_background_job(text, bigint, text, integer, integer) is
  'Server-only: records the outcome of a claimed job: done without an error; with one, pending again after an exponential backoff, or failed after p_max_attempts.';
