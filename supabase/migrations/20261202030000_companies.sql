-- =============================================================================
-- Companies, plans and domains: the company record, its plan and
-- subscription, its domains and their verification, the view allowance
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.companies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    email text NOT NULL,
    company_name text NOT NULL,
    website_url text,
    domain text DEFAULT ''::text NOT NULL,
    domains text[] DEFAULT '{}'::text[] NOT NULL,
    notifications_enabled boolean DEFAULT true NOT NULL,
    password_hash text DEFAULT 'managed-by-auth'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    terms_accepted_at timestamp with time zone NOT NULL,
    public_page_slug text,
    CONSTRAINT companies_domains_limit CHECK ((COALESCE(array_length(domains, 1), 0) <= 20)),
    CONSTRAINT companies_name_length CHECK (((char_length(company_name) >= 1) AND (char_length(company_name) <= 200))),
    CONSTRAINT companies_public_page_slug_format CHECK (((public_page_slug IS NULL) OR (public_page_slug ~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$'::text)))
);

COMMENT ON TABLE public.companies IS 'The company record of a user (one per user). Readable and editable only by its owner; feedback reaches it only through the company RPCs.';

COMMENT ON COLUMN public.companies.email IS 'The owning auth user''s e-mail (set by a trigger); unique, case-insensitive.';

COMMENT ON COLUMN public.companies.domain IS 'The spec''s comma-separated domain list; rewritten in normalised form from domains.';

COMMENT ON COLUMN public.companies.domains IS 'Normalised domains (lowercase, no scheme, port or leading www., valid host names, no duplicates, at most 20); feedback matches exact or subdomain.';

COMMENT ON COLUMN public.companies.password_hash IS 'The spec''s placeholder; always ''managed-by-auth'' (auth holds the password).';

COMMENT ON COLUMN public.companies.terms_accepted_at IS 'When the owner accepted the company terms (server time, set on registration); required for a company a user registers.';

COMMENT ON COLUMN public.companies.public_page_slug IS 'The address of the company''s public "You said, we did" page (/changes/<slug>), null when it has none (#22). Set through set_public_page.';

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_public_page_slug_key UNIQUE (public_page_slug);

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_user_id_key UNIQUE (user_id);

CREATE INDEX companies_domains_idx ON public.companies USING gin (domains);

CREATE UNIQUE INDEX companies_email_key ON public.companies USING btree (lower(email));

ALTER TABLE public.companies ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_domain_grace (
    company_id uuid NOT NULL,
    domain text NOT NULL,
    verification_token text NOT NULL,
    verified_at timestamp with time zone NOT NULL,
    verification_method text,
    removed_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.company_domain_grace IS 'Proof of verified domains a company removed, kept for private.domain_grace_period() so re-adding restores "verified" without a new proof. Server-only.';

ALTER TABLE ONLY private.company_domain_grace
    ADD CONSTRAINT company_domain_grace_pkey PRIMARY KEY (company_id, domain);

ALTER TABLE private.company_domain_grace ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.rate_limit_hits (
    bucket text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    hits integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.rate_limit_hits IS 'Requests counted per limit bucket (e.g. <scope>:account:<uid>, <scope>:address:<hash>) and fixed window; windows over a day old are pruned as new ones are counted.';

ALTER TABLE ONLY private.rate_limit_hits
    ADD CONSTRAINT rate_limit_hits_pkey PRIMARY KEY (bucket, window_start);

-- The sweep of windows whose bucket never came back.
CREATE INDEX rate_limit_hits_window_start_idx ON private.rate_limit_hits USING btree (window_start);

ALTER TABLE private.rate_limit_hits ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_domains (
    company_id uuid NOT NULL,
    domain text NOT NULL,
    verification_token text DEFAULT encode(extensions.gen_random_bytes(16), 'hex'::text) NOT NULL,
    verified_at timestamp with time zone,
    verification_method text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_domains_method_known CHECK ((verification_method = ANY (ARRAY['dns'::text, 'file'::text])))
);

COMMENT ON TABLE public.company_domains IS 'Ownership state of each domain of a company, kept in step with companies.domains. Unverified domains still show feedback (spec behaviour) and are marked unverified.';

COMMENT ON COLUMN public.company_domains.verification_token IS 'Value to publish as TXT peega-verification=<token> or in /.well-known/peega-verification.txt.';

COMMENT ON COLUMN public.company_domains.verified_at IS 'Null while unverified; set by confirm_domain_verification (service role) after the check.';

ALTER TABLE ONLY public.company_domains
    ADD CONSTRAINT company_domains_pkey PRIMARY KEY (company_id, domain);

CREATE INDEX company_domains_domain_idx ON public.company_domains USING btree (domain);

CREATE UNIQUE INDEX company_domains_verified_once ON public.company_domains USING btree (domain) WHERE (verified_at IS NOT NULL);

ALTER TABLE public.company_domains ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_subscriptions (
    company_id uuid NOT NULL,
    subscription_type text DEFAULT 'free'::text NOT NULL,
    features jsonb DEFAULT '{"filtering": false, "unlimited_views": false}'::jsonb NOT NULL,
    views_reset_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_subscriptions_type_known CHECK ((subscription_type = ANY (ARRAY['free'::text, 'pro'::text, 'advanced'::text, 'premium'::text, 'enterprise'::text])))
);

COMMENT ON TABLE public.company_subscriptions IS 'A company''s plan, created free with the company. Only an operator (service role) changes it: paid plans are coming soon.';

COMMENT ON COLUMN public.company_subscriptions.subscription_type IS 'free, pro or advanced; legacy premium and enterprise mean advanced.';

COMMENT ON COLUMN public.company_subscriptions.features IS 'Derived from the plan by a trigger: {filtering, unlimited_views}.';

COMMENT ON COLUMN public.company_subscriptions.views_reset_at IS 'Demo-mode reset of the view allowance: views before it do not count in the current period.';

ALTER TABLE ONLY public.company_subscriptions
    ADD CONSTRAINT company_subscriptions_pkey PRIMARY KEY (company_id);

ALTER TABLE public.company_subscriptions ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.company_domain_grace
    ADD CONSTRAINT company_domain_grace_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.companies
    ADD CONSTRAINT companies_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_domains
    ADD CONSTRAINT company_domains_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_subscriptions
    ADD CONSTRAINT company_subscriptions_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

-- ---------- functions ------------------------------------------------------

-- One call of p_scope for the caller's account and for its address.
CREATE FUNCTION private.check_rate_limit(p_scope text, p_per_account integer, p_per_address integer, p_window interval, p_message text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is not null then
    perform private.hit_rate_limit(p_scope || ':account:' || v_uid::text, p_window, p_per_account, p_message);
  end if;
  perform private.hit_rate_limit(
    p_scope || ':address:' || md5(p_scope || ':' || coalesce(private.request_address(), 'unknown')),
    p_window, p_per_address, p_message);
end
$$;

COMMENT ON FUNCTION private.check_rate_limit(p_scope text, p_per_account integer, p_per_address integer, p_window interval, p_message text) IS 'Counts one call of p_scope for the caller''s account and address in the current window; past either limit raises HTTP 429 with Retry-After and p_message.';

CREATE FUNCTION private.company_after_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    insert into public.company_subscriptions (company_id) values (new.id)
    on conflict do nothing;
  end if;
  -- Removed verified domains keep their proof for the grace period.
  insert into private.company_domain_grace
    (company_id, domain, verification_token, verified_at, verification_method)
  select d.company_id, d.domain, d.verification_token, d.verified_at, d.verification_method
    from public.company_domains d
   where d.company_id = new.id and not d.domain = any(new.domains)
     and d.verified_at is not null
  on conflict (company_id, domain) do update
    set verification_token = excluded.verification_token,
        verified_at = excluded.verified_at,
        verification_method = excluded.verification_method,
        removed_at = now();
  delete from public.company_domains d
   where d.company_id = new.id and not d.domain = any(new.domains);
  -- Added domains: restored from the grace when it still holds and nobody
  -- else verified the domain meanwhile; the token is reused either way.
  insert into public.company_domains
    (company_id, domain, verification_token, verified_at, verification_method)
  select new.id, x,
         coalesce(g.verification_token, encode(extensions.gen_random_bytes(16), 'hex')),
         case when r.restore then g.verified_at end,
         case when r.restore then g.verification_method end
    from unnest(new.domains) as x
    left join private.company_domain_grace g on g.company_id = new.id and g.domain = x
    cross join lateral (
      select g.removed_at is not null
             and g.removed_at > now() - private.domain_grace_period()
             and not exists (select 1 from public.company_domains o
                              where o.domain = x and o.verified_at is not null
                                and o.company_id <> new.id) as restore
    ) r
   where not exists (select 1 from public.company_domains d
                      where d.company_id = new.id and d.domain = x)
  on conflict do nothing;
  delete from private.company_domain_grace g
   where g.company_id = new.id
     and (g.domain = any(new.domains) or g.removed_at <= now() - private.domain_grace_period());
  return null;
end
$$;

COMMENT ON FUNCTION private.company_after_write() IS 'After a company is written: the free subscription on creation; domain rows added for new domains (verification restored within the grace period of a removal) and dropped for removed ones (their proof kept in private.company_domain_grace).';

CREATE FUNCTION private.company_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    new.user_id := coalesce(new.user_id, v_uid);
    if v_uid is not null and new.user_id <> v_uid then
      raise exception 'You can only register a company for your own account.'
        using errcode = 'insufficient_privilege';
    end if;
    -- A user registers through the company form; an operator (no JWT
    -- subject) records the acceptance out of band.
    if v_uid is not null and new.terms_accepted_at is null then
      raise exception 'Please accept the company Terms and Conditions to create a company profile.'
        using errcode = 'check_violation';
    end if;
    new.terms_accepted_at := now();
    new.created_at := now();
  else
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    new.terms_accepted_at := old.terms_accepted_at;
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

COMMENT ON FUNCTION private.company_before_write() IS 'Before a company is written: owner and e-mail from auth, company terms accepted (server time) when a user registers, name and website checked, domains normalised (either column may be written), placeholder password hash.';

-- The company details of a sign-up's metadata as a company row, or nothing
-- when the sign-up is not a company's. Raises on details the form would
-- refuse; the trigger on companies checks name, website and domains.
CREATE FUNCTION private.company_from_signup() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_domains jsonb := v_meta -> 'domains';
  v_website jsonb := v_meta -> 'website_url';
  v_name jsonb := v_meta -> 'company_name';
begin
  if v_meta ->> 'account_type' is distinct from 'company' then
    return new;
  end if;
  if v_meta -> 'company_terms_accepted' is distinct from 'true'::jsonb then
    raise exception 'Please accept the company Terms and Conditions to create a company profile.'
      using errcode = 'check_violation';
  end if;
  if v_name is null or jsonb_typeof(v_name) <> 'string' then
    raise exception 'Please enter your company name.' using errcode = 'check_violation';
  end if;
  if v_website is not null and jsonb_typeof(v_website) not in ('string', 'null') then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if v_domains is not null and jsonb_typeof(v_domains) <> 'null' and (
       jsonb_typeof(v_domains) <> 'array'
       or exists (select 1 from jsonb_array_elements(v_domains) d where jsonb_typeof(d) <> 'string')) then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;

  insert into public.companies (user_id, company_name, website_url, domains, terms_accepted_at)
  values (
    new.id,
    v_name #>> '{}',
    nullif(v_website #>> '{}', ''),
    case when jsonb_typeof(v_domains) = 'array'
         then array(select jsonb_array_elements_text(v_domains)) else '{}' end,
    now());
  return new;
end
$$;

COMMENT ON FUNCTION private.company_from_signup() IS 'After insert on auth.users: a company sign-up (metadata account_type company, terms accepted) gets its company, checked like the form, in the same transaction; bad details fail the sign-up.';

-- The one definition of the list's excerpt: what the list shows and what its
-- search may match cannot drift apart.
CREATE FUNCTION private.company_list_excerpt(p_description text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select left(p_description, 160)
$$;

COMMENT ON FUNCTION private.company_list_excerpt(p_description text) IS 'The excerpt the company list shows of a feedback description (first 160 characters); the list search matches only this and the title.';

CREATE FUNCTION private.domain_grace_period() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '30 days' $$;

COMMENT ON FUNCTION private.domain_grace_period() IS 'How long a removed domain keeps its verification (shared/domain/domains.ts DOMAIN_GRACE_DAYS says the same).';

-- Counts one request in a bucket's current fixed window. The counter row is
-- locked by its upsert, so parallel requests and the rows of one multi-row
-- insert are all counted. Past p_max: HTTP 429 with Retry-After (PostgREST's
-- RAISE SQLSTATE 'PGRST'); the raise rolls the count back with the request.
CREATE FUNCTION private.hit_rate_limit(p_bucket text, p_window interval, p_max integer, p_message text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_window timestamptz := date_bin(p_window, now(), timestamptz '2000-01-01 00:00:00+00');
  v_hits integer;
begin
  insert into private.rate_limit_hits as h (bucket, window_start, hits)
  values (p_bucket, v_window, 1)
  on conflict (bucket, window_start) do update set hits = h.hits + 1
  returning h.hits into v_hits;
  if v_hits > p_max then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT429', 'message', p_message, 'details', null,
        'hint', 'Please wait a few minutes and try again.')::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After',
          greatest(1, ceil(extract(epoch from (v_window + p_window - now()))))::integer::text))::text;
  end if;
  -- Keep the table the size of a day's callers: a few windows that ended
  -- over a day ago go with each hit.
  delete from private.rate_limit_hits h
   where h.ctid in (select o.ctid from private.rate_limit_hits o
                     where o.window_start < now() - interval '1 day' limit 20);
end
$$;

COMMENT ON FUNCTION private.hit_rate_limit(p_bucket text, p_window interval, p_max integer, p_message text) IS 'Counts one request in the bucket''s current window; past p_max raises HTTP 429 with Retry-After and p_message.';

-- The client address as the gateway decided it: hosted Supabase's gateway and
-- ours both set X-Forwarded-For (ours overwrites the client's own header with
-- the socket's peer); `::ffff:1.2.3.4` and `1.2.3.4` are one address. Null
-- outside an HTTP request.
CREATE FUNCTION private.request_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select nullif(regexp_replace(lower(btrim(split_part(
           nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
           ',', 1))), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), '')
$_$;

COMMENT ON FUNCTION private.request_address() IS 'The caller''s address from request.headers x-forwarded-for (set by the gateway, never the client''s own header); null outside a request.';

-- Every company RPC starts here: the company it returns carries
-- only its verified domains, so lists, opening, status, rating and counts
-- work on verified domains alone.
CREATE FUNCTION private.require_company(p_company_email text) RETURNS public.companies
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies;
begin
  if auth.uid() is null then
    raise exception 'You need to be signed in.' using errcode = 'insufficient_privilege';
  end if;
  if not private.session_meets_mfa() then
    raise exception 'Enter the code from your authenticator app to continue.'
      using errcode = 'insufficient_privilege',
            detail = 'Two-factor authentication is on for this account: the session must be aal2.';
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

COMMENT ON FUNCTION private.require_company(p_company_email text) IS 'The company the signed-in user is a member of, with domains narrowed to its verified ones; raises 42501 when there is none, when company_email names another company, or when the user has a verified MFA factor and the session is not aal2.';

CREATE FUNCTION private.subscription_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.subscription_before_write() IS 'Before a subscription is written: features derived from the plan (free: none; pro: filtering; advanced: filtering and unlimited views).';

CREATE FUNCTION private.sync_company_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.companies c set email = new.email
   where c.user_id = new.id and c.email is distinct from new.email;
  return null;
end
$$;

COMMENT ON FUNCTION private.sync_company_email() IS 'After an auth user''s e-mail changes: the company record follows.';

CREATE FUNCTION private.view_limit(p_plan text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_plan when 'free' then 5 when 'pro' then 20 end
$$;

COMMENT ON FUNCTION private.view_limit(p_plan text) IS 'Feedback views per period: free 5 per UTC day, pro 20 per ISO week, advanced unlimited (null).';

-- Start of the current view-counting period of a plan (null when unlimited).
CREATE FUNCTION private.view_period_start(p_plan text, p_now timestamp with time zone) RETURNS timestamp with time zone
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_plan
    when 'free' then date_trunc('day', p_now at time zone 'UTC') at time zone 'UTC'
    when 'pro' then date_trunc('week', p_now at time zone 'UTC') at time zone 'UTC'
  end
$$;

COMMENT ON FUNCTION private.view_period_start(p_plan text, p_now timestamp with time zone) IS 'Start of the view period containing p_now: the UTC day (free), the ISO week from Monday 00:00 UTC (pro), null (advanced).';

-- Before saving: is a domain claimed by another company? No figures.
CREATE FUNCTION public.check_company_domain(p_domain text) RETURNS TABLE(domain text, claimed boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION public.check_company_domain(p_domain text) IS 'For the Company Details card: the normalised domain and whether another company has verified it (the same fact confirm_domain_verification refuses on); no feedback figures.';

-- Server-only: the verification function calls it after checking DNS or the file.
CREATE FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) IS 'Server-only (service role): marks a company domain verified after the DNS or file check; false when the company does not list it; 23505 when another company verified it.';

CREATE FUNCTION public.get_company_feedback_hosts() RETURNS TABLE(host text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  -- require_company carries only the verified domains. Each host is read from feedback_host_created_idx's reversed-host range
  -- of a verified domain (exact host or a subdomain of it).
  return query
    select distinct f.website_host
      from unnest(v_company.domains) as d(dom)
      join public.feedback f
        on reverse(f.website_host) ~>=~ reverse(d.dom)
       and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
       and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
     order by 1
     limit 100;
end
$$;

COMMENT ON FUNCTION public.get_company_feedback_hosts() IS 'For the dashboard''s domain filter: the hosts (a verified domain or a subdomain of one) the caller''s company feedback comes from, at most 100, alphabetical. No counts.';

-- A member of a company cannot register another one (one company per account).
CREATE FUNCTION public.register_company(p_company_name text, p_website_url text DEFAULT NULL::text, p_domains text[] DEFAULT '{}'::text[], p_accept_terms boolean DEFAULT false) RETURNS public.companies
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.register_company(p_company_name text, p_website_url text, p_domains text[], p_accept_terms boolean) IS 'The company form of the signed-in account: creates its company (free plan) with the company terms accepted at server time; one per account; name, website and domains checked like the form.';

CREATE FUNCTION public.request_domain_verification(p_domain text) RETURNS TABLE(domain text, verified boolean, dns_record_name text, dns_record_value text, file_path text, file_content text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION public.request_domain_verification(p_domain text) IS 'How to prove one of the caller''s domains: a TXT record _peega-verification.<domain> = peega-verification=<token>, or the token in /.well-known/peega-verification.txt.';

-- ---------- triggers -------------------------------------------------------

-- Sorts after on_auth_user_created, so the profile exists first.
CREATE TRIGGER on_auth_user_created_company AFTER INSERT ON auth.users FOR EACH ROW WHEN ((NOT new.is_anonymous)) EXECUTE FUNCTION private.company_from_signup();

CREATE TRIGGER on_auth_user_email_changed_for_company AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (((old.email)::text IS DISTINCT FROM (new.email)::text)) EXECUTE FUNCTION private.sync_company_email();

CREATE TRIGGER anonymous_owner_refused BEFORE INSERT ON public.companies FOR EACH ROW EXECUTE FUNCTION private.refuse_anonymous_owner('user_id');

CREATE TRIGGER companies_after_insert AFTER INSERT ON public.companies FOR EACH ROW EXECUTE FUNCTION private.company_after_write();

CREATE TRIGGER companies_before_write BEFORE INSERT OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION private.company_before_write();

-- domains may be rewritten by companies_before_write from `domain`, so the
-- trigger tests the value rather than the UPDATE's columns.
CREATE TRIGGER companies_domains_changed AFTER UPDATE ON public.companies FOR EACH ROW WHEN ((old.domains IS DISTINCT FROM new.domains)) EXECUTE FUNCTION private.company_after_write();

CREATE TRIGGER company_subscriptions_before_write BEFORE INSERT OR UPDATE ON public.company_subscriptions FOR EACH ROW EXECUTE FUNCTION private.subscription_before_write();

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.check_rate_limit(p_scope text, p_per_account integer, p_per_address integer, p_window interval, p_message text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_after_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_before_write() FROM PUBLIC;

REVOKE ALL ON TABLE public.companies FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.companies TO service_role;
GRANT SELECT ON TABLE public.companies TO authenticated;

GRANT UPDATE(company_name) ON TABLE public.companies TO authenticated;

GRANT UPDATE(website_url) ON TABLE public.companies TO authenticated;

GRANT UPDATE(domain) ON TABLE public.companies TO authenticated;

GRANT UPDATE(domains) ON TABLE public.companies TO authenticated;

GRANT UPDATE(notifications_enabled) ON TABLE public.companies TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.companies TO authenticated;

REVOKE ALL ON FUNCTION private.company_from_signup() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_list_excerpt(p_description text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.domain_grace_period() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.hit_rate_limit(p_bucket text, p_window interval, p_max integer, p_message text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.request_address() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_company(p_company_email text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.subscription_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.sync_company_email() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_limit(p_plan text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_period_start(p_plan text, p_now timestamp with time zone) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.check_company_domain(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.check_company_domain(p_domain text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) TO service_role;

REVOKE ALL ON FUNCTION public.get_company_feedback_hosts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_feedback_hosts() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.register_company(p_company_name text, p_website_url text, p_domains text[], p_accept_terms boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.register_company(p_company_name text, p_website_url text, p_domains text[], p_accept_terms boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.request_domain_verification(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_domain_verification(p_domain text) TO service_role, authenticated;

REVOKE ALL ON TABLE public.company_domains FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_domains TO service_role;
GRANT SELECT ON TABLE public.company_domains TO authenticated;

REVOKE ALL ON TABLE public.company_subscriptions FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_subscriptions TO service_role;
GRANT SELECT ON TABLE public.company_subscriptions TO authenticated;
