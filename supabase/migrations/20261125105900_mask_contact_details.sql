-- =============================================================================
-- Personal details in free text (DECISIONS "Personal details in free text",
-- issue #19 item 19): e-mail addresses and phone numbers an author types are
-- masked in everything a company receives (list, detail, CSV export,
-- webhooks, digest e-mails); the author still sees their own text. The
-- company list, its search and the webhook payload (this round's own
-- functions) use the same private.mask_contact; here it is defined and the
-- older company-facing functions are redefined with it.
-- =============================================================================

-- An e-mail address, or a phone number: a leading + and 8 to 15 digits, or
-- 9 digits and more with spaces, dots, dashes or brackets between them (so
-- dates like 2026-11-25 and short order numbers stay).
create or replace function private.mask_contact(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(
           regexp_replace(
             regexp_replace(p_text,
               '[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}', '[email hidden]', 'g'),
             '\+\d([\s.()-]*\d){7,14}', '[phone hidden]', 'g'),
           '\(?\d([\s.()-]*\d){8,}', '[phone hidden]', 'g')
$$;
comment on function private.mask_contact(text) is
  'The text with e-mail addresses and phone numbers replaced by [email hidden] / [phone hidden], for everything a company receives.';

revoke all on function private.mask_contact(text) from public, anon, authenticated;

create or replace function public.get_company_feedback_detail(feedback_uuid uuid)
returns table (
  id uuid,
  title text,
  description text,
  category text,
  status text,
  website_url text,
  website_host text,
  company_name text,
  created_at timestamptz,
  updated_at timestamptz,
  screenshot_url text,
  audio_url text,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  quality_source text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  actionable boolean,
  tags text[],
  suggested_response text,
  suggested_fix text,
  my_vote text,
  is_own boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
begin
  if not private.record_view(v_company, feedback_uuid) then
    raise exception 'Daily limit reached'
      using errcode = 'insufficient_privilege',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  return query
    select f.id, private.mask_contact(f.title), private.mask_contact(f.description), f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.website_host, private.mask_contact(f.company_name), f.created_at,
           f.updated_at, f.screenshot_url, f.audio_url, coalesce(p.verified_linkedin, false),
           coalesce(s.reputation, 0), f.quality_score, f.quality_source, f.upvotes, f.downvotes,
           f.total_votes, f.view_count, f.priority, f.sentiment, f.actionable, f.tags,
           private.mask_contact(f.suggested_response), private.mask_contact(f.suggested_fix),
           v.vote_type, f.user_id = v_uid
      from public.feedback f
      left join public.profiles p on p.id = f.user_id
      left join public.user_stats s on s.user_id = f.user_id
      left join public.feedback_votes v on v.feedback_id = f.id and v.user_id = v_uid
     where f.id = feedback_uuid;
end
$$;
comment on function public.get_company_feedback_detail(uuid) is
  'Opens one matching feedback for the caller''s company through the view allowance (recording the view, pending → read) and returns it in full, without author identity and with e-mail addresses and phone numbers masked; raises ''Daily limit reached'' when the allowance is used up.';

create or replace function public.get_viewed_feedback_export()
returns table (
  id uuid,
  first_viewed_at timestamptz,
  created_at timestamptz,
  title text,
  description text,
  category text,
  status text,
  website_url text,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  priority text,
  sentiment text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select f.id, min(v.viewed_at), f.created_at, private.mask_contact(f.title),
           private.mask_contact(f.description), f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.quality_score, f.upvotes, f.downvotes,
           f.priority, f.sentiment
      from public.company_feedback_views v
      join public.feedback f on f.id = v.feedback_id
     where v.company_id = v_company.id
       and private.host_matches_domains(f.website_host, v_company.domains)
     group by f.id
     order by min(v.viewed_at) desc
     limit 10000;
end
$$;
comment on function public.get_viewed_feedback_export() is
  'The feedback the caller''s company has opened (on its verified domains), for the CSV export; no author identity, contact details masked.';

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
     for update of c skip locked
  loop
    select coalesce(jsonb_agg(jsonb_build_object(
             'title', private.mask_contact(f.title), 'category', f.category, 'host', f.website_host,
             'created_at', f.created_at) order by f.created_at desc), '[]'), count(*)
      into v_items, v_count
      from private.company_notification_jobs j
      join public.feedback f on f.id = j.feedback_id
     where j.company_id = v_company.id and j.status = 'pending'
       and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id));
    update private.company_notification_jobs j set status = 'done'
     where j.company_id = v_company.id and j.status = 'pending'
       and exists (select 1 from public.feedback f where f.id = j.feedback_id
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
  'Server-only: one row per company due a digest (notifications on, none in the last 24 h, new feedback on verified domains, titles with contact details masked); marks its jobs done.';
