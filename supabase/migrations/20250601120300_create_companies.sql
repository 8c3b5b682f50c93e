-- =============================================================================
-- Companies: the company record of a user (a user is a company account when a
-- companies row has its user_id), its plan and its domains.
--
-- Domains: the spec's comma-separated `domain` keeps working; a trigger
-- normalises it (DECISIONS.md "Domains") into `domains text[]`, the indexed
-- list matching uses, and keeps both in step. Domain ownership: every domain
-- starts unverified (company_domains.verified_at null) and is proven by a DNS
-- TXT record or a file at /.well-known/peega-verification.txt. Decision:
-- unverified domains still show their feedback, as the spec's flow does; the
-- dashboard marks them "unverified".
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.companies (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  company_name text not null,
  website_url text,
  domain text not null default '',
  domains text[] not null default '{}',
  notifications_enabled boolean not null default true,
  password_hash text not null default 'managed-by-auth',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint companies_user_id_key unique (user_id),
  constraint companies_name_length check (char_length(company_name) between 1 and 200),
  constraint companies_domains_limit check (coalesce(array_length(domains, 1), 0) <= 20)
);
comment on table public.companies is
  'The company record of a user (one per user). Readable and editable only by its owner; feedback reaches it only through the company RPCs.';
comment on column public.companies.email is 'The owning auth user''s e-mail (set by a trigger); unique, case-insensitive.';
comment on column public.companies.domain is 'The spec''s comma-separated domain list; rewritten in normalised form from domains.';
comment on column public.companies.domains is 'Normalised domains (lowercase, no scheme, port or leading www., valid host names, no duplicates, at most 20); feedback matches exact or subdomain.';
comment on column public.companies.password_hash is 'The spec''s placeholder; always ''managed-by-auth'' (auth holds the password).';

create table public.company_subscriptions (
  company_id uuid primary key references public.companies (id) on delete cascade,
  subscription_type text not null default 'free',
  features jsonb not null default '{"filtering": false, "unlimited_views": false}',
  views_reset_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint company_subscriptions_type_known
    check (subscription_type in ('free', 'pro', 'advanced', 'premium', 'enterprise'))
);
comment on table public.company_subscriptions is
  'A company''s plan, created free with the company. Only an operator (service role) changes it: paid plans are coming soon.';
comment on column public.company_subscriptions.subscription_type is 'free, pro or advanced; legacy premium and enterprise mean advanced.';
comment on column public.company_subscriptions.features is 'Derived from the plan by a trigger: {filtering, unlimited_views}.';
comment on column public.company_subscriptions.views_reset_at is 'Demo-mode reset of the view allowance: views before it do not count in the current period.';

create table public.company_domains (
  company_id uuid not null references public.companies (id) on delete cascade,
  domain text not null,
  verification_token text not null default encode(extensions.gen_random_bytes(16), 'hex'),
  verified_at timestamptz,
  verification_method text,
  created_at timestamptz not null default now(),
  primary key (company_id, domain),
  constraint company_domains_method_known check (verification_method in ('dns', 'file'))
);
comment on table public.company_domains is
  'Ownership state of each domain of a company, kept in step with companies.domains. Unverified domains still show feedback (spec behaviour) and are marked unverified.';
comment on column public.company_domains.verification_token is 'Value to publish as TXT peega-verification=<token> or in /.well-known/peega-verification.txt.';
comment on column public.company_domains.verified_at is 'Null while unverified; set by confirm_domain_verification (service role) after the check.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create unique index companies_email_key on public.companies (lower(email));
create index companies_domains_idx on public.companies using gin (domains);
create index company_domains_domain_idx on public.company_domains (domain);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.companies enable row level security;
alter table public.company_subscriptions enable row level security;
alter table public.company_domains enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Users can read their own company"
  on public.companies for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can register their own company"
  on public.companies for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Companies can update their own record"
  on public.companies for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Companies can read their own subscription"
  on public.company_subscriptions for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

create policy "Companies can read their own domains"
  on public.company_domains for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.companies, public.company_subscriptions,
  public.company_domains from anon, authenticated;
grant select on table public.companies, public.company_subscriptions,
  public.company_domains to authenticated;
grant insert (user_id, email, company_name, website_url, domain, domains,
  notifications_enabled, password_hash)
  on table public.companies to authenticated;
grant update (company_name, website_url, domain, domains, notifications_enabled, updated_at)
  on table public.companies to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function private.company_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    new.user_id := coalesce(new.user_id, v_uid);
    if v_uid is not null and new.user_id <> v_uid then
      raise exception 'You can only register a company for your own account.'
        using errcode = 'insufficient_privilege';
    end if;
    new.created_at := now();
  else
    new.user_id := old.user_id;
    new.created_at := old.created_at;
  end if;
  select u.email into new.email from auth.users u where u.id = new.user_id;
  if new.email is null then
    raise exception 'Unknown user.' using errcode = 'foreign_key_violation';
  end if;

  new.company_name := btrim(coalesce(new.company_name, ''));
  if new.company_name = '' then
    raise exception 'Please enter your company name.' using errcode = 'check_violation';
  end if;
  if char_length(new.company_name) > 200 then
    raise exception 'Company names are at most 200 characters long.' using errcode = 'check_violation';
  end if;
  new.website_url := private.normalize_website_url(new.website_url);

  if tg_op = 'INSERT' then
    new.domains := private.parse_domain_list(
      case when coalesce(array_length(new.domains, 1), 0) > 0 then new.domains
           else array[new.domain] end);
  elsif new.domains is distinct from old.domains then
    new.domains := private.parse_domain_list(new.domains);
  elsif new.domain is distinct from old.domain then
    new.domains := private.parse_domain_list(array[new.domain]);
  end if;
  if coalesce(array_length(new.domains, 1), 0) > 20 then
    raise exception 'A company can list at most 20 domains.' using errcode = 'check_violation';
  end if;
  new.domain := array_to_string(new.domains, ', ');
  new.password_hash := 'managed-by-auth';
  new.notifications_enabled := coalesce(new.notifications_enabled, true);
  new.updated_at := now();
  return new;
end
$$;
comment on function private.company_before_write() is
  'Before a company is written: owner and e-mail from auth, name and website checked, domains normalised (either column may be written), placeholder password hash.';

create function private.company_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.company_subscriptions (company_id) values (new.id)
    on conflict do nothing;
  end if;
  delete from public.company_domains d
   where d.company_id = new.id and not d.domain = any(new.domains);
  insert into public.company_domains (company_id, domain)
  select new.id, x from unnest(new.domains) as x
  on conflict do nothing;
  return null;
end
$$;
comment on function private.company_after_write() is
  'After a company is written: the free subscription on creation; domain verification rows added for new domains and dropped for removed ones.';

create function private.subscription_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plan text := private.resolve_plan(new.subscription_type);
begin
  new.features := jsonb_build_object(
    'filtering', v_plan <> 'free',
    'unlimited_views', v_plan = 'advanced');
  new.updated_at := now();
  return new;
end
$$;
comment on function private.subscription_before_write() is
  'Before a subscription is written: features derived from the plan (free: none; pro: filtering; advanced: filtering and unlimited views).';

create function private.sync_company_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.companies c set email = new.email
   where c.user_id = new.id and c.email is distinct from new.email;
  return null;
end
$$;
comment on function private.sync_company_email() is
  'After an auth user''s e-mail changes: the company record follows.';

-- The caller's company, or null.
create function private.current_company_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id from public.companies c where c.user_id = auth.uid()
$$;
comment on function private.current_company_id() is 'Id of the company owned by the signed-in user, or null.';

-- The caller's company; the spec's company_email is accepted only when it is
-- the caller's own.
create function private.require_company(p_company_email text)
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
  return v_company;
end
$$;
comment on function private.require_company(text) is
  'The signed-in user''s company; raises 42501 when there is none or when company_email names another company.';

-- Start of the current view-counting period of a plan (null when unlimited).
create function private.view_period_start(p_plan text, p_now timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case p_plan
    when 'free' then date_trunc('day', p_now at time zone 'UTC') at time zone 'UTC'
    when 'pro' then date_trunc('week', p_now at time zone 'UTC') at time zone 'UTC'
  end
$$;
comment on function private.view_period_start(text, timestamptz) is
  'Start of the view period containing p_now: the UTC day (free), the ISO week from Monday 00:00 UTC (pro), null (advanced).';

create function private.view_limit(p_plan text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_plan when 'free' then 5 when 'pro' then 20 end
$$;
comment on function private.view_limit(text) is 'Feedback views per period: free 5 per UTC day, pro 20 per ISO week, advanced unlimited (null).';

create function public.get_company_domains()
returns table (domain text, verified boolean, verified_at timestamptz, verification_method text)
language sql
stable
security definer
set search_path = ''
as $$
  select d.domain, d.verified_at is not null, d.verified_at, d.verification_method
    from public.company_domains d
   where d.company_id = private.current_company_id()
   order by d.domain
$$;
comment on function public.get_company_domains() is
  'The caller''s company domains with their verification state (unverified domains still show feedback).';

create function public.request_domain_verification(p_domain text)
returns table (
  domain text,
  verified boolean,
  dns_record_name text,
  dns_record_value text,
  file_path text,
  file_content text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
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
$$;
comment on function public.request_domain_verification(text) is
  'How to prove one of the caller''s domains: a TXT record _peega-verification.<domain> = peega-verification=<token>, or the token in /.well-known/peega-verification.txt.';

-- Server-only: the verification function calls it after checking DNS or the file.
create function public.confirm_domain_verification(
  p_company_id uuid,
  p_domain text,
  p_method text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_method not in ('dns', 'file') then
    raise exception 'Verification method must be dns or file.' using errcode = 'invalid_parameter_value';
  end if;
  update public.company_domains d
     set verified_at = coalesce(d.verified_at, now()),
         verification_method = coalesce(d.verification_method, p_method)
   where d.company_id = p_company_id and d.domain = private.normalize_domain(p_domain);
  return found;
end
$$;
comment on function public.confirm_domain_verification(uuid, text, text) is
  'Server-only (service role): marks a company domain verified after the DNS or file check; false when the company does not list it.';

grant execute on function private.current_company_id() to authenticated;
grant execute on function public.get_company_domains() to authenticated;
grant execute on function public.request_domain_verification(text) to authenticated;
grant execute on function public.confirm_domain_verification(uuid, text, text) to service_role;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger companies_before_write
  before insert or update on public.companies
  for each row execute function private.company_before_write();

create trigger companies_after_insert
  after insert on public.companies
  for each row execute function private.company_after_write();

-- domains may be rewritten by companies_before_write from `domain`, so the
-- trigger tests the value rather than the UPDATE's columns.
create trigger companies_domains_changed
  after update on public.companies
  for each row when (old.domains is distinct from new.domains)
  execute function private.company_after_write();

create trigger on_auth_user_email_changed_for_company
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_company_email();

create trigger company_subscriptions_before_write
  before insert or update on public.company_subscriptions
  for each row execute function private.subscription_before_write();
