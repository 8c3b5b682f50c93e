-- =============================================================================
-- Background jobs as edge functions (issue #24 item 3): the queues' due-ness,
-- claiming and retry rules move from the embedded backend's worker into SQL,
-- so the deliver-webhooks and process-feedback functions (called by pg_cron
-- and pg_net on hosted Supabase, by the embedded backend's scheduler locally)
-- share one implementation. A job is due when it is 'pending' and its
-- run_after has come (other migrations decide run_after, e.g. a webhook
-- waiting for the AI step), or when a 'running' job's lease has expired
-- (its caller crashed). Server-only: the service role calls these.
-- =============================================================================

create function public.claim_background_jobs(
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
  else
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
end
$$;
comment on function public.claim_background_jobs(text, integer, integer) is
  'Server-only: claims up to p_limit due jobs of a queue (webhook_deliveries, feedback_processing) with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

create function public.finish_background_job(
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
  else
    update private.feedback_processing_jobs
       set status = v_status, locked_at = null, last_error = left(p_error, 2000),
           run_after = case when v_status = 'pending' then now() + v_retry else run_after end
     where id = p_id;
  end if;
  return v_status;
end
$$;
comment on function public.finish_background_job(text, bigint, text, integer, integer) is
  'Server-only: records the outcome of a claimed job: done without an error; with one, pending again after an exponential backoff, or failed after p_max_attempts.';

revoke all on function public.claim_background_jobs(text, integer, integer),
  public.finish_background_job(text, bigint, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_background_jobs(text, integer, integer),
  public.finish_background_job(text, bigint, text, integer, integer)
  to service_role;
