-- =============================================================================
-- Webhooks go out after the AI step (issue #19 item 15): a delivery for a new
-- feedback is queued when the feedback is inserted, as before, but waits until
-- the AI result is stored (apply_feedback_analysis sets ai_processed_at), so
-- category, priority and tags are filled. If the AI never finishes (provider
-- down, job failed), the delivery goes out anyway after
-- private.webhook_ai_wait(): nothing is lost. Both the embedded worker and a
-- hosted one pick deliveries whose run_after has come; this is plain SQL, so
-- it holds on hosted Supabase too.
-- =============================================================================

create function private.webhook_ai_wait()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '5 minutes' $$;
comment on function private.webhook_ai_wait() is
  'How long a new feedback''s webhook deliveries wait for the AI step before going out without it.';

create or replace function private.queue_webhook_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.website_host is null then
    return null;
  end if;
  insert into public.company_webhook_deliveries (webhook_id, company_id, feedback_id, run_after)
  select w.id, w.company_id, new.id,
         case when new.ai_processed_at is null then now() + private.webhook_ai_wait() else now() end
    from public.company_webhooks w
   where w.active
     and private.host_matches_domains(new.website_host, private.verified_domains(w.company_id))
  on conflict do nothing;
  if found and new.ai_processed_at is not null then
    perform pg_notify('company_webhook_deliveries', new.id::text);
  end if;
  return null;
end
$$;
comment on function private.queue_webhook_deliveries() is
  'After a feedback is inserted: one delivery per active webhook of each company that verified its domain, due once the AI step is done (private.release_webhook_deliveries) or after private.webhook_ai_wait().';

create function private.release_webhook_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.company_webhook_deliveries d
     set run_after = now()
   where d.feedback_id = new.id and d.status = 'pending' and d.attempts = 0
     and d.run_after > now();
  if found then
    perform pg_notify('company_webhook_deliveries', new.id::text);
  end if;
  return null;
end
$$;
comment on function private.release_webhook_deliveries() is
  'After the AI result of a feedback is stored: its waiting webhook deliveries are due now.';

revoke all on function private.webhook_ai_wait(), private.release_webhook_deliveries() from public;

create trigger feedback_after_ai_webhooks
  after update of ai_processed_at on public.feedback
  for each row when (old.ai_processed_at is null and new.ai_processed_at is not null)
  execute function private.release_webhook_deliveries();
