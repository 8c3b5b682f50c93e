-- =============================================================================
-- Company side, part 2 (issue #8): domain ownership gates the feedback,
-- webhooks, the CSV export of viewed feedback.
--
-- Domain gate: a company sees the content of feedback only for domains it has
-- verified (DNS TXT or /.well-known/peega-verification.txt, checked by the
-- verify-domain function). For an unverified domain it sees how many
-- feedback exist, nothing more. This replaces the earlier "unverified domains
-- still show feedback" decision. A domain may be verified by one company only.
--
-- Webhooks: a company registers endpoints; each new feedback matching one of
-- its verified domains becomes one delivery row per endpoint, POSTed by a job
-- worker (supabase/local/jobs/webhooks.ts) as anonymised JSON signed with
-- HMAC-SHA256, with bounded retries; the rows are the delivery log.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.company_webhooks (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  url text not null,
  format text not null default 'json',
  secret text not null default encode(extensions.gen_random_bytes(24), 'hex'),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint company_webhooks_format_known check (format in ('json', 'slack')),
  constraint company_webhooks_url_length check (char_length(url) <= 2000),
  constraint company_webhooks_once unique (company_id, url)
);
comment on table public.company_webhooks is
  'HTTPS endpoints a company receives new feedback at (anonymised, HMAC-SHA256 signed with secret). Created through create_company_webhook; readable and removable by the owner.';
comment on column public.company_webhooks.format is 'json: the anonymised feedback object; slack: {text} for Slack-compatible incoming webhooks.';
comment on column public.company_webhooks.secret is 'Key of the X-Peega-Signature header: sha256=<hex HMAC-SHA256 of the raw body>.';

create table public.company_webhook_deliveries (
  id bigint generated always as identity primary key,
  webhook_id uuid not null references public.company_webhooks (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  response_status integer,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint company_webhook_deliveries_once unique (webhook_id, feedback_id),
  constraint company_webhook_deliveries_status_known
    check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table public.company_webhook_deliveries is
  'Delivery queue and log of webhooks: one row per endpoint and new feedback; the worker retries with backoff and leaves failed rows with their last error. NOTIFY company_webhook_deliveries on insert.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create unique index company_domains_verified_once
  on public.company_domains (domain) where verified_at is not null;
create index company_webhooks_company_id_idx on public.company_webhooks (company_id);
create index company_webhook_deliveries_due_idx
  on public.company_webhook_deliveries (status, run_after, id);
create index company_webhook_deliveries_company_idx
  on public.company_webhook_deliveries (company_id, created_at desc);
create index company_webhook_deliveries_feedback_id_idx
  on public.company_webhook_deliveries (feedback_id);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.company_webhooks enable row level security;
alter table public.company_webhook_deliveries enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Companies can read their own webhooks"
  on public.company_webhooks for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

create policy "Companies can remove their own webhooks"
  on public.company_webhooks for delete to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

create policy "Companies can read their own webhook deliveries"
  on public.company_webhook_deliveries for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.company_webhooks, public.company_webhook_deliveries
  from anon, authenticated;
grant select, delete on table public.company_webhooks to authenticated;
grant select on table public.company_webhook_deliveries to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function private.verified_domains(p_company_id uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(d.domain order by d.domain), '{}')
    from public.company_domains d
   where d.company_id = p_company_id and d.verified_at is not null
$$;
comment on function private.verified_domains(uuid) is 'The domains a company has proven it owns.';

-- Every company RPC starts here: from now on the company it returns carries
-- only its verified domains, so lists, opening, status, rating and counts
-- work on verified domains alone.
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
  select * into v_company from public.companies c where c.user_id = auth.uid();
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
  'The signed-in user''s company with domains narrowed to its verified ones; raises 42501 when there is none or when company_email names another company.';

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
      select 1 from public.companies c
       where c.user_id = p_user_id
         and private.host_matches_domains(p_feedback.website_host, private.verified_domains(c.id)))
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
        join public.companies c on c.user_id = auth.uid()
       where f.screenshot_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(c.id)))
    when 'audio' then exists (
      select 1 from public.feedback f
        join public.companies c on c.user_id = auth.uid()
       where f.audio_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(c.id)))
    else false
  end
$$;

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
       or exists (select 1 from public.companies c
                   where c.user_id = v_uid
                     and private.host_matches_domains(v_feedback.website_host,
                       private.verified_domains(c.id)))) then
    raise exception 'This feedback is not available to you.' using errcode = 'insufficient_privilege';
  end if;
  return v_feedback.view_count;
end
$$;

-- The domains of the caller's company with their state and feedback count.
create function public.get_company_domain_summary()
returns table (
  domain text,
  verified boolean,
  verified_at timestamptz,
  verification_method text,
  feedback_count bigint
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
    select d.domain, d.verified_at is not null, d.verified_at, d.verification_method,
           (select count(*) from public.feedback f
             where reverse(f.website_host) ~>=~ reverse(d.domain)
               and reverse(f.website_host) ~<~ (reverse(d.domain) || '/')
               and (f.website_host = d.domain or reverse(f.website_host) like (reverse(d.domain) || '.%')))
      from public.company_domains d
     where d.company_id = v_company.id
     order by d.domain;
end
$$;
comment on function public.get_company_domain_summary() is
  'The caller''s domains: verification state and how many feedback exist for each (exact or subdomain). Content is shown only for verified domains.';

create or replace function public.confirm_domain_verification(
  p_company_id uuid,
  p_domain text,
  p_method text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_domain text := private.normalize_domain(p_domain);
begin
  if p_method not in ('dns', 'file') then
    raise exception 'Verification method must be dns or file.' using errcode = 'invalid_parameter_value';
  end if;
  if exists (select 1 from public.company_domains d
              where d.domain = v_domain and d.verified_at is not null
                and d.company_id <> p_company_id) then
    raise exception 'This domain is already verified by another company.'
      using errcode = 'unique_violation',
            hint = 'Contact support if you own it.';
  end if;
  update public.company_domains d
     set verified_at = coalesce(d.verified_at, now()),
         verification_method = coalesce(d.verification_method, p_method)
   where d.company_id = p_company_id and d.domain = v_domain;
  return found;
end
$$;
comment on function public.confirm_domain_verification(uuid, text, text) is
  'Server-only (service role): marks a company domain verified after the DNS or file check; false when the company does not list it; 23505 when another company verified it.';

-- For the verify-domain function: the caller's company id and the token.
create function public.get_domain_verification_target(p_domain text)
returns table (company_id uuid, domain text, token text, verified boolean, taken boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
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
$$;
comment on function public.get_domain_verification_target(text) is
  'The caller''s company id, normalised domain and token to check (used by the verify-domain function with the caller''s JWT).';

-- Mirrors isPrivateAddress in shared/domain/webhooks.ts (literal hosts only;
-- the worker also refuses names that resolve to private addresses).
create function private.is_private_host(p_host text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_host = 'localhost' or p_host like '%.localhost' or p_host like '%.local'
      or p_host like '%.internal'
      or p_host ~ '^(0|10|127)\.' or p_host ~ '^169\.254\.' or p_host ~ '^192\.168\.'
      or p_host ~ '^172\.(1[6-9]|2[0-9]|3[01])\.' or p_host ~ '^100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\.'
      or p_host like '[%'
$$;
comment on function private.is_private_host(text) is
  'True for localhost, .local/.internal names, IPv4 literals in private, loopback, link-local or CGNAT ranges, and any IPv6 literal.';

create function public.create_company_webhook(p_url text, p_format text default 'json')
returns public.company_webhooks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
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
$$;
comment on function public.create_company_webhook(text, text) is
  'Registers a webhook for the caller''s company: a valid URL; outside demo mode HTTPS and no private or local host; at most 5.';

-- Payload of a delivery: the feedback without author identity.
create function public.get_webhook_delivery(p_delivery_id bigint)
returns table (
  url text,
  format text,
  secret text,
  verified boolean,
  payload jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select w.url, w.format, w.secret,
         private.host_matches_domains(f.website_host, private.verified_domains(d.company_id)),
         jsonb_build_object(
           'event', 'feedback.created',
           'delivery_id', d.id,
           'company', c.company_name,
           'feedback', jsonb_build_object(
             'id', f.id, 'title', f.title, 'description', f.description,
             'category', f.category, 'status', f.status,
             'website_url', substring(f.website_url from '^[^?#]*'),
             'website_host', f.website_host, 'created_at', f.created_at,
             'priority', f.priority, 'sentiment', f.sentiment, 'tags', f.tags,
             'quality_score', f.quality_score,
             'has_screenshot', f.screenshot_url is not null,
             'has_audio', f.audio_url is not null))
    from public.company_webhook_deliveries d
    join public.company_webhooks w on w.id = d.webhook_id
    join public.companies c on c.id = d.company_id
    join public.feedback f on f.id = d.feedback_id
   where d.id = p_delivery_id and w.active
$$;
comment on function public.get_webhook_delivery(bigint) is
  'Server-only: endpoint, format, secret and anonymised payload of one delivery (verified false when the domain lost verification).';

create function public.record_webhook_response(p_delivery_id bigint, p_status integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.company_webhook_deliveries d
     set response_status = p_status,
         delivered_at = case when p_status between 200 and 299 then now() else d.delivered_at end
   where d.id = p_delivery_id
$$;
comment on function public.record_webhook_response(bigint, integer) is 'Server-only: the HTTP status a receiver answered.';

create function private.queue_webhook_deliveries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.website_host is null then
    return null;
  end if;
  insert into public.company_webhook_deliveries (webhook_id, company_id, feedback_id)
  select w.id, w.company_id, new.id
    from public.company_webhooks w
   where w.active
     and private.host_matches_domains(new.website_host, private.verified_domains(w.company_id))
  on conflict do nothing;
  if found then
    perform pg_notify('company_webhook_deliveries', new.id::text);
  end if;
  return null;
end
$$;
comment on function private.queue_webhook_deliveries() is
  'After a feedback is inserted: one delivery per active webhook of each company that verified its domain.';

-- CSV export: every feedback the caller's company opened, newest view first.
create function public.get_viewed_feedback_export()
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
    select f.id, min(v.viewed_at), f.created_at, f.title, f.description, f.category, f.status,
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
  'The feedback the caller''s company has opened (on its verified domains), for the CSV export; no author identity.';

revoke all on function private.verified_domains(uuid), private.is_private_host(text),
  private.queue_webhook_deliveries() from public;
revoke all on function public.get_company_domain_summary(), public.get_domain_verification_target(text),
  public.create_company_webhook(text, text), public.get_webhook_delivery(bigint),
  public.record_webhook_response(bigint, integer), public.get_viewed_feedback_export() from public, anon;
grant execute on function public.get_company_domain_summary() to authenticated;
grant execute on function public.get_domain_verification_target(text) to authenticated;
grant execute on function public.create_company_webhook(text, text) to authenticated;
grant execute on function public.get_viewed_feedback_export() to authenticated;
grant execute on function public.get_webhook_delivery(bigint) to service_role;
grant execute on function public.record_webhook_response(bigint, integer) to service_role;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger feedback_after_insert_webhooks
  after insert on public.feedback
  for each row execute function private.queue_webhook_deliveries();
