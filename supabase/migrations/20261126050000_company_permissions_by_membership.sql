-- =============================================================================
-- Company workspace (#21), seats: every company permission that still found
-- "the caller's company" through companies.user_id = auth.uid() now reads
-- company_members, with roles:
--   owner/admin  company details, notifications, domains, webhooks, members;
--   member       triage: the feedback, its views, statuses, ratings, media.
-- A removed member loses every read at once (policies and server functions
-- read membership on every call, and realtime checks each row with the
-- subscriber's claims through the same policies).
-- Views stay counted per company (company_feedback_views is keyed on
-- company_id and feedback_id), so a feedback opened by several members counts
-- once per period.
-- =============================================================================

-- The caller's company through membership, with its domains narrowed to the
-- verified ones again: 20261126000300 rewrote require_company from an older
-- definition and lost the narrowing of 20251121130000, so every company RPC
-- (list, detail, hosts, export, ratings) read feedback of unverified domains.
create or replace function private.require_company(p_company_email text)
returns public.companies
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies;
begin
  if auth.uid() is null then
    raise exception 'You need to be signed in.' using errcode = 'insufficient_privilege';
  end if;
  select c.* into v_company
    from public.company_members m
    join public.companies c on c.id = m.company_id
   where m.user_id = auth.uid();
  if not found then
    raise exception 'Only company accounts can do this.' using errcode = 'insufficient_privilege';
  end if;
  if p_company_email is not null and lower(btrim(p_company_email)) <> lower(v_company.email) then
    raise exception 'You can only act for your own company.'
      using errcode = 'insufficient_privilege',
            detail = 'company_email must be the signed-in company''s e-mail or be omitted.';
  end if;
  v_company.domains := private.verified_domains(v_company.id);
  return v_company;
end
$$;
comment on function private.require_company(text) is
  'The company the signed-in user is a member of, with domains narrowed to its verified ones; raises 42501 when there is none or when company_email names another company.';

-- Id of the caller's company when they are its owner or an admin, else null.
create function private.current_company_admin_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.company_id from public.company_members m
   where m.user_id = auth.uid() and m.role in ('owner', 'admin')
$$;
comment on function private.current_company_admin_id() is
  'Id of the signed-in user''s company when they are its owner or an admin, else null (settings, domains, webhooks, members).';
grant execute on function private.current_company_admin_id() to authenticated;

create function private.require_company_admin()
returns public.companies
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
begin
  if private.current_company_role() not in ('owner', 'admin') then
    raise exception 'Only the company''s owner or an admin can do this.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_company;
end
$$;
comment on function private.require_company_admin() is
  'The caller''s company when they are its owner or an admin; raises 42501 otherwise.';

-- ---------------------------------------------------------------- policies
drop policy "Users can read their own company" on public.companies;
create policy "Members can read their company"
  on public.companies for select to authenticated
  using (id = (select private.current_company_id()));

drop policy "Companies can update their own record" on public.companies;
create policy "Owners and admins can update their company"
  on public.companies for update to authenticated
  using (id = (select private.current_company_admin_id()))
  with check (id = (select private.current_company_admin_id()));

drop policy "Companies can read their own subscription" on public.company_subscriptions;
create policy "Members can read their company's subscription"
  on public.company_subscriptions for select to authenticated
  using (company_id = (select private.current_company_id()));

drop policy "Companies can read their own domains" on public.company_domains;
create policy "Members can read their company's domains"
  on public.company_domains for select to authenticated
  using (company_id = (select private.current_company_id()));

-- One SELECT policy (20261126020000 merged the company's and the author's
-- for Supabase's advisors): the company part now goes through membership.
drop policy "Companies and authors can read feedback views" on public.company_feedback_views;
create policy "Members and authors can read feedback views"
  on public.company_feedback_views for select to authenticated
  using (
    company_id = (select private.current_company_id())
    or feedback_id in (
      select f.id from public.feedback f where f.user_id = (select auth.uid())));

drop policy "Companies can read their own feedback events on verified domain"
  on public.company_feedback_events;
create policy "Members can read their company's events on verified domains"
  on public.company_feedback_events for select to authenticated
  using (company_id = (select private.current_company_id())
         and private.company_event_visible(company_id, feedback_id));

drop policy "Companies can read their own webhooks" on public.company_webhooks;
create policy "Owners and admins can read their company's webhooks"
  on public.company_webhooks for select to authenticated
  using (company_id = (select private.current_company_admin_id()));

drop policy "Companies can remove their own webhooks" on public.company_webhooks;
create policy "Owners and admins can remove their company's webhooks"
  on public.company_webhooks for delete to authenticated
  using (company_id = (select private.current_company_admin_id()));

drop policy "Companies can read their own webhook deliveries" on public.company_webhook_deliveries;
create policy "Owners and admins can read their company's webhook deliveries"
  on public.company_webhook_deliveries for select to authenticated
  using (company_id = (select private.current_company_admin_id()));

-- ---------------------------------------------------------------- who sees what
create or replace function private.can_see_feedback(p_user_id uuid, p_feedback public.feedback)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null and (
    p_feedback.user_id = p_user_id
    or (p_feedback.website_host is not null
        and p_feedback.status <> 'rejected'
        and not p_feedback.is_spam)
    or exists (
      select 1 from public.company_members m
       where m.user_id = p_user_id
         and private.host_matches_domains(p_feedback.website_host, private.verified_domains(m.company_id)))
  )
$$;

create or replace function private.company_can_read_media(p_bucket text, p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case p_bucket
    when 'screenshots' then exists (
      select 1 from public.feedback f
        join public.company_members m on m.user_id = auth.uid()
       where f.screenshot_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(m.company_id)))
    when 'audio' then exists (
      select 1 from public.feedback f
        join public.company_members m on m.user_id = auth.uid()
       where f.audio_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(m.company_id)))
    else false
  end
$$;

-- Self-dealing covers every member of the company, not only its owner.
create or replace function private.is_self_dealing(p_user_id uuid, p_host text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_host is not null and exists (
    select 1 from public.company_members m
      join public.companies c on c.id = m.company_id
     where m.user_id = p_user_id and c.domains && private.host_suffixes(p_host))
$$;
comment on function private.is_self_dealing(uuid, text) is
  'True when a company the user is a member of (any role) lists the host''s domain (exact or parent), verified or not.';

create or replace function public.get_feedback_view_count(feedback_uuid uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_self(null, 'user');
  v_feedback public.feedback;
begin
  select * into v_feedback from public.feedback f where f.id = feedback_uuid;
  if not found or not (
       v_feedback.user_id = v_uid
       or exists (select 1 from public.company_members m
                   where m.user_id = v_uid
                     and private.host_matches_domains(v_feedback.website_host,
                       private.verified_domains(m.company_id)))) then
    raise exception 'This feedback is not available to you.' using errcode = 'insufficient_privilege';
  end if;
  return v_feedback.view_count;
end
$$;

-- No member rates feedback written by any member of the same company.
create or replace function public.rate_feedback(feedback_uuid uuid, rating integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_feedback public.feedback;
begin
  if rating is null or rating not between 1 and 5 then
    raise exception 'Ratings are whole numbers from 1 to 5.' using errcode = 'invalid_parameter_value';
  end if;
  select * into v_feedback from public.feedback f where f.id = feedback_uuid for update;
  if not found or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  if exists (select 1 from public.company_members m
              where m.company_id = v_company.id and m.user_id = v_feedback.user_id) then
    raise exception 'You cannot rate your own feedback.' using errcode = 'insufficient_privilege';
  end if;
  update public.feedback f set quality_score = rating, quality_source = 'company' where f.id = feedback_uuid;
  return rating;
end
$$;

-- A member of a company cannot register another one (one company per account).
create or replace function public.register_company(
  p_company_name text,
  p_website_url text default null,
  p_domains text[] default '{}',
  p_accept_terms boolean default false
)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row public.companies;
begin
  if v_uid is null then
    raise exception 'Please sign in to register a company.' using errcode = 'insufficient_privilege';
  end if;
  if p_accept_terms is not true then
    raise exception 'Please accept the company Terms and Conditions to create a company profile.'
      using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.companies c where c.user_id = v_uid) then
    raise exception 'This account already has a company profile.' using errcode = 'unique_violation';
  end if;
  if exists (select 1 from public.company_members m where m.user_id = v_uid) then
    raise exception 'This account is already a member of a company.' using errcode = 'unique_violation';
  end if;
  if coalesce(array_length(p_domains, 1), 0) > 20 then
    raise exception 'A company can list at most 20 domains.' using errcode = 'check_violation';
  end if;
  insert into public.companies (user_id, company_name, website_url, domains, terms_accepted_at)
  values (v_uid, p_company_name, nullif(p_website_url, ''), coalesce(p_domains, '{}'), now())
  returning * into v_row;
  return v_row;
end
$$;

-- ---------------------------------------------------------------- settings: owners and admins
create or replace function public.check_company_domain(p_domain text)
 RETURNS TABLE(domain text, claimed boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
  v_domain text := private.normalize_domain(left(p_domain, 300));
begin
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select v_domain, exists (select 1 from public.company_domains o
                              where o.domain = v_domain and o.verified_at is not null
                                and o.company_id <> v_company.id);
end
$function$

;

create or replace function public.create_company_webhook(p_url text, p_format text DEFAULT 'json'::text)
 RETURNS public.company_webhooks
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_company public.companies := private.require_company_admin();
  v_url text := btrim(coalesce(p_url, ''));
  v_parts text[];
  v_row public.company_webhooks;
begin
  if coalesce(p_format, '') not in ('json', 'slack') then
    raise exception 'Choose JSON or Slack as the webhook format.' using errcode = 'invalid_parameter_value';
  end if;
  v_parts := regexp_match(v_url, '^(https?)://([a-zA-Z0-9.-]+|\[[0-9a-fA-F:.]+\])(:[0-9]{1,5})?(/[^\s]*)?$');
  if v_parts is null or char_length(v_url) > 2000 then
    raise exception 'Please enter a valid webhook URL, like https://hooks.example.com/peega.'
      using errcode = 'invalid_parameter_value';
  end if;
  if not private.is_demo_mode() then
    if v_parts[1] <> 'https' then
      raise exception 'Webhook URLs must use HTTPS.' using errcode = 'invalid_parameter_value';
    end if;
    if private.is_private_host(lower(v_parts[2])) then
      raise exception 'Webhook URLs cannot point at private or local addresses.'
        using errcode = 'invalid_parameter_value';
    end if;
  end if;
  if (select count(*) from public.company_webhooks w where w.company_id = v_company.id) >= 5 then
    raise exception 'A company can register at most 5 webhooks.' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.company_webhooks w where w.company_id = v_company.id and w.url = v_url) then
    raise exception 'This webhook is already registered.' using errcode = 'unique_violation';
  end if;
  insert into public.company_webhooks (company_id, url, format)
  values (v_company.id, v_url, p_format)
  returning * into v_row;
  return v_row;
end
$function$

;

create or replace function public.request_domain_verification(p_domain text)
 RETURNS TABLE(domain text, verified boolean, dns_record_name text, dns_record_value text, file_path text, file_content text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
  v_domain text := private.normalize_domain(p_domain);
  v_row public.company_domains;
begin
  select * into v_row from public.company_domains d
   where d.company_id = v_company.id and d.domain = v_domain;
  if not found then
    raise exception 'Add the domain to your company before verifying it.'
      using errcode = 'invalid_parameter_value',
            detail = format('"%s" is not one of your domains.', left(coalesce(p_domain, ''), 100));
  end if;
  return query select v_row.domain, v_row.verified_at is not null,
    '_peega-verification.' || v_row.domain,
    'peega-verification=' || v_row.verification_token,
    '/.well-known/peega-verification.txt',
    v_row.verification_token;
end
$function$

;

create or replace function public.get_domain_verification_target(p_domain text)
 RETURNS TABLE(company_id uuid, domain text, token text, verified boolean, taken boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
  v_domain text := private.normalize_domain(p_domain);
begin
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select d.company_id, d.domain, d.verification_token, d.verified_at is not null,
           exists (select 1 from public.company_domains o
                    where o.domain = d.domain and o.verified_at is not null
                      and o.company_id <> d.company_id)
      from public.company_domains d
     where d.company_id = v_company.id and d.domain = v_domain;
  if not found then
    raise exception 'Add the domain to your company before verifying it.'
      using errcode = 'invalid_parameter_value';
  end if;
end
$function$

;


-- A member of a company listing (not yet proving) a host sees only their own feedback there.
create or replace function public.get_similar_feedback(p_website_url text, p_text text DEFAULT NULL::text, p_limit integer DEFAULT 5)
 RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, upvotes integer, downvotes integer, total_votes integer, created_at timestamp with time zone, similarity real, my_vote text, is_own boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_host text;
  v_text text := btrim(coalesce(p_text, ''));
  v_others boolean;
begin
  if char_length(coalesce(p_website_url, '')) > 2000 then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  v_host := private.normalize_host(private.normalize_website_url(p_website_url));
  if v_host is null then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if p_limit is null or p_limit not between 1 and 20 then
    raise exception 'Limit must be between 1 and 20.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_text) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  perform private.check_rate_limit('get_similar_feedback', 60, 180, interval '10 minutes',
    'Too many similar-feedback lookups. Please wait a few minutes.');
  -- A title is at most 200 characters: the first 1000 typed are plenty to
  -- find it, and keep the trigram work per row small.
  v_text := left(v_text, 1000);
  -- Other people's feedback only as a duplicate check of something typed,
  -- and never for a company that lists this site but has not proven it owns
  -- it (it may only count that site's feedback).
  -- A page on localhost, an IP address or an intranet name is not one
  -- site: two people's "localhost:3000" are unrelated (and private), so
  -- only the caller's own feedback is found there.
  v_others := char_length(v_text) >= 3 and private.is_valid_hostname(v_host) and not exists (
    select 1 from public.company_members m
      join public.companies c on c.id = m.company_id
     where m.user_id = v_uid
       and private.host_matches_domains(v_host, c.domains)
       and not private.host_matches_domains(v_host, private.verified_domains(c.id)));
  return query
    select c.id, c.title, case when c.user_id = v_uid then left(c.description, 280) end,
           c.category, c.status, c.upvotes, c.downvotes, c.total_votes, c.created_at, c.sim,
           v.vote_type, c.user_id = v_uid
      from (
        select f.id, f.user_id, f.title, f.description, f.category, f.status, f.upvotes,
               f.downvotes, f.total_votes, f.created_at,
               -- How much of the title is found in what was typed: a single
               -- keyword never covers most of a title.
               case when v_text = '' then 0::real
                    else extensions.word_similarity(f.title, v_text) end as sim
          from public.feedback f
         where reverse(f.website_host) = reverse(v_host)
           and f.status <> 'rejected' and not f.is_spam
         order by f.created_at desc
         limit 500
      ) c
      left join public.feedback_votes v on v.feedback_id = c.id and v.user_id = v_uid
     where c.user_id = v_uid or (v_others and c.sim >= 0.5)
     order by c.sim desc, c.upvotes - c.downvotes desc, c.created_at desc
     limit p_limit;
end
$function$

;
