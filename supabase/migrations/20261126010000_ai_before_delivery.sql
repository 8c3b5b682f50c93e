-- =============================================================================
-- Issue #23: what the AI step needs, and deliveries that wait for it.
--
-- 1. public.feedback_ai_input(feedback id), for the service role only: the
--    author's text and URL plus the REGISTERED name of the company that
--    verified the feedback's domain, so suggested replies are signed with the
--    company's own name, not the name the consumer typed. Both the embedded
--    worker and the hosted process-feedback webhook read it.
-- 2. The bounded wait for the AI step drops from 5 minutes to 60 seconds and
--    now also holds the daily digest: a digest lists a new feedback once its
--    AI result is stored, or once the wait is over without one (nothing is
--    lost when the AI is down). Webhook deliveries keep waiting as before
--    (private.queue_webhook_deliveries, private.release_webhook_deliveries).
-- =============================================================================

create or replace function private.webhook_ai_wait()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '60 seconds' $$;
comment on function private.webhook_ai_wait() is
  'How long a new feedback''s webhook deliveries and digest entries wait for the AI step before going out without it.';

create function public.feedback_ai_input(p_feedback_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'raw_description', f.raw_description,
           'website_url', f.website_url,
           -- The most specific verified domain wins (shop.example.com over example.com).
           'company_name', (
             select c.company_name
               from public.company_domains d
               join public.companies c on c.id = d.company_id
              where d.verified_at is not null
                and f.website_host is not null
                and private.host_matches_domains(f.website_host, array[d.domain])
              order by length(d.domain) desc, d.verified_at
              limit 1))
    from public.feedback f
   where f.id = p_feedback_id
$$;
comment on function public.feedback_ai_input(uuid) is
  'Server-only (service role): the text, URL and the registered company name (from the verified domain, null when none) the AI step works from.';
revoke all on function public.feedback_ai_input(uuid) from public, anon, authenticated;
grant execute on function public.feedback_ai_input(uuid) to service_role;

-- Latest definition: 20261126000200_digest_lock_no_key.sql; only the
-- "ready" condition (AI done, or the wait is over) is new.
create or replace function public.take_company_digests(p_now timestamptz default now())
returns table (
  company_id uuid,
  email text,
  company_name text,
  feedback_count integer,
  items jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company record;
  v_items jsonb;
  v_count integer;
begin
  -- Jobs of companies that turned notifications off, or older than two days, go unsent.
  update private.company_notification_jobs j set status = 'done'
   where j.status = 'pending'
     and (j.created_at < p_now - interval '2 days'
          or not exists (select 1 from public.companies c
                          where c.id = j.company_id and c.notifications_enabled));
  for v_company in
    select c.id, c.email, c.company_name
      from public.companies c
     where c.notifications_enabled
       and exists (select 1 from private.company_notification_jobs j
                    where j.company_id = c.id and j.status = 'pending')
       and not exists (select 1 from private.company_digests d
                        where d.company_id = c.id and d.last_sent_at > p_now - interval '1 day')
     for no key update of c skip locked
  loop
    select coalesce(jsonb_agg(jsonb_build_object(
             'title', private.mask_contact(f.title), 'category', f.category, 'host', f.website_host,
             'created_at', f.created_at) order by f.created_at desc), '[]'), count(*)
      into v_items, v_count
      from private.company_notification_jobs j
      join public.feedback f on f.id = j.feedback_id
     where j.company_id = v_company.id and j.status = 'pending'
       and (f.ai_processed_at is not null or f.created_at <= p_now - private.webhook_ai_wait())
       and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id));
    update private.company_notification_jobs j set status = 'done'
     where j.company_id = v_company.id and j.status = 'pending'
       and exists (select 1 from public.feedback f where f.id = j.feedback_id
                    and (f.ai_processed_at is not null or f.created_at <= p_now - private.webhook_ai_wait())
                    and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id)));
    if v_count > 0 then
      insert into private.company_digests (company_id, last_sent_at) values (v_company.id, p_now)
      on conflict (company_id) do update set last_sent_at = excluded.last_sent_at;
      return query select v_company.id, v_company.email::text, v_company.company_name::text, v_count, v_items;
    end if;
  end loop;
end
$$;
comment on function public.take_company_digests(timestamptz) is
  'Server-only: one row per company due a digest (notifications on, none in the last 24 h, new feedback on verified domains whose AI result is stored or whose wait for it is over, titles with contact details masked); marks those jobs done.';
