-- =============================================================================
-- Companies, plans and domains: the company record, its plan and
-- subscription (the Pro trial, Stripe billing), its domains and their
-- verification, the view allowance
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

-- Three verification methods (DECISIONS.md "Domain verification methods"): a
-- DNS TXT record, a file, or a home-page <meta> tag, the third method site
-- owners know from search consoles.
CREATE TABLE public.company_domains (
    company_id uuid NOT NULL,
    domain text NOT NULL,
    verification_token text DEFAULT encode(extensions.gen_random_bytes(16), 'hex'::text) NOT NULL,
    verified_at timestamp with time zone,
    verification_method text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_domains_method_known CHECK ((verification_method = ANY (ARRAY['dns'::text, 'file'::text, 'meta'::text])))
);

COMMENT ON TABLE public.company_domains IS 'Ownership state of each domain of a company, kept in step with companies.domains. Unverified domains still show feedback (spec behaviour) and are marked unverified.';

COMMENT ON COLUMN public.company_domains.verification_token IS 'Value to publish as TXT peega-verification=<token>, in /.well-known/peega-verification.txt, or as <meta name="peega-verification" content="<token>"> on the home page.';

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
    trial_status text,
    trial_started_at timestamp with time zone,
    trial_ends_at timestamp with time zone,
    stripe_customer_id text,
    stripe_subscription_id text,
    billing_status text,
    current_period_end timestamp with time zone,
    grace_ends_at timestamp with time zone,
    billing_event_at timestamp with time zone,
    CONSTRAINT company_subscriptions_billing_known CHECK (((billing_status IS NULL) OR (billing_status = ANY (ARRAY['active'::text, 'past_due'::text, 'canceled'::text])))),
    CONSTRAINT company_subscriptions_trial_dated CHECK ((((trial_status IS NULL) = (trial_ends_at IS NULL)) AND ((trial_status IS NULL) = (trial_started_at IS NULL)))),
    CONSTRAINT company_subscriptions_trial_known CHECK (((trial_status IS NULL) OR (trial_status = ANY (ARRAY['active'::text, 'ended'::text])))),
    CONSTRAINT company_subscriptions_type_known CHECK ((subscription_type = ANY (ARRAY['free'::text, 'pro'::text, 'advanced'::text, 'premium'::text, 'enterprise'::text])))
);

COMMENT ON TABLE public.company_subscriptions IS 'A company''s plan, created free with the company. Changed only by server functions: the trial (start_trial, advance_trials) and the operator (service role).';

COMMENT ON COLUMN public.company_subscriptions.subscription_type IS 'free, pro or advanced; legacy premium and enterprise mean advanced.';

COMMENT ON COLUMN public.company_subscriptions.features IS 'Derived from the plan by a trigger: {filtering, unlimited_views}.';

COMMENT ON COLUMN public.company_subscriptions.views_reset_at IS 'Demo-mode reset of the view allowance: views before it do not count in the current period.';

COMMENT ON COLUMN public.company_subscriptions.trial_status IS 'null: no trial yet; active: the 14-day Pro trial runs until trial_ends_at; ended: it is over (Free again unless a plan was bought).';

COMMENT ON COLUMN public.company_subscriptions.trial_ends_at IS 'When the trial ends (started + 14 days); kept after it ended.';

COMMENT ON COLUMN public.company_subscriptions.billing_status IS 'Stripe''s word on the paid plan: active, past_due (payment failed: the plan holds until grace_ends_at) or canceled; null when never bought. Written by apply_stripe_event only.';

COMMENT ON COLUMN public.company_subscriptions.billing_event_at IS 'When Stripe created the last event applied here: an older event changes nothing.';

ALTER TABLE ONLY public.company_subscriptions
    ADD CONSTRAINT company_subscriptions_pkey PRIMARY KEY (company_id);

CREATE INDEX company_subscriptions_grace_due ON public.company_subscriptions USING btree (grace_ends_at) WHERE (billing_status = 'past_due'::text);

CREATE UNIQUE INDEX company_subscriptions_stripe_customer ON public.company_subscriptions USING btree (stripe_customer_id) WHERE (stripe_customer_id IS NOT NULL);

CREATE INDEX company_subscriptions_trial_due ON public.company_subscriptions USING btree (trial_ends_at) WHERE (trial_status = 'active'::text);

ALTER TABLE public.company_subscriptions ENABLE ROW LEVEL SECURITY;

-- Billing through Stripe (#35, DECISIONS.md "Paid plans"): every event
-- stripe-webhook received, so that each counts once (by its id).
CREATE TABLE private.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    outcome text NOT NULL
);

COMMENT ON TABLE private.stripe_events IS 'Every Stripe event received once (by id), with what it did: applied, linked, stale, unknown or ignored. A replay is a duplicate and changes nothing.';

ALTER TABLE ONLY private.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);

ALTER TABLE private.stripe_events ENABLE ROW LEVEL SECURITY;

-- What a trial was used for, kept after the company is deleted: a company
-- re-created by the same account, or another account's company on the same
-- verified domain, cannot start a second one.
CREATE TABLE private.trial_claims (
    claim text NOT NULL,
    company_id uuid NOT NULL,
    claimed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trial_claims_claim_known CHECK ((claim ~ '^(company|owner|domain):.+$'::text))
);

COMMENT ON TABLE private.trial_claims IS 'One row per company (company:<id>), owner account (owner:<id>) and verified domain (domain:<name>) that had a trial; no foreign key, so deleting the company does not free them.';

ALTER TABLE ONLY private.trial_claims
    ADD CONSTRAINT trial_claims_pkey PRIMARY KEY (claim);

ALTER TABLE private.trial_claims ENABLE ROW LEVEL SECURITY;

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

-- A domain verified during the trial is used up by it too.
CREATE FUNCTION private.domain_trial_claim() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.trial_claims (claim, company_id)
  select 'domain:' || new.domain, new.company_id
    from public.company_subscriptions s
   where s.company_id = new.company_id and s.trial_status is not null
  on conflict do nothing;
  return null;
end
$$;

COMMENT ON FUNCTION private.domain_trial_claim() IS 'When a company that had a trial verifies a domain: the domain cannot give another company a trial.';

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

-- The caller's address for per-address limits (#40): hosted Supabase sits
-- behind Cloudflare, which sets CF-Connecting-IP itself (replacing any value
-- the client sent) and appends the peer it saw to the client's own
-- X-Forwarded-For, so that header's leftmost entry is whatever the client
-- typed. Read CF-Connecting-IP, else the rightmost X-Forwarded-For entry; the
-- embedded gateway sets both to the address it decided. The edge functions
-- read the same way (shared/domain/request-address.ts).
CREATE FUNCTION private.request_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select nullif(regexp_replace(lower(btrim(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           (regexp_split_to_array(h ->> 'x-forwarded-for', ','))[
             cardinality(regexp_split_to_array(h ->> 'x-forwarded-for', ','))]))),
           '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), '')
    from (select nullif(current_setting('request.headers', true), '')::jsonb as h) r
$_$;

COMMENT ON FUNCTION private.request_address() IS 'The caller''s address as the gateway decided it: request.headers cf-connecting-ip, else the rightmost x-forwarded-for entry (never the client''s own leftmost one); null outside a request.';

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

CREATE FUNCTION private.trial_claim_keys(p_company public.companies) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select array['company:' || p_company.id::text, 'owner:' || p_company.user_id::text]
         || coalesce(array(select 'domain:' || d from unnest(p_company.domains) d), array[]::text[])
$$;

COMMENT ON FUNCTION private.trial_claim_keys(p_company public.companies) IS 'What a trial of this company uses up: the company, its owner account and each of its verified domains (p_company.domains narrowed by require_company).';

-- Why the caller's company cannot start the trial now, or null when it can.
CREATE FUNCTION private.trial_refusal(p_company public.companies) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when s.trial_status is not null then 'used'
    when private.resolve_plan(s.subscription_type) <> 'free' then 'paid'
    when coalesce(cardinality(p_company.domains), 0) = 0 then 'needs_domain'
    when exists (select 1 from private.trial_claims c
                  where c.claim = any(private.trial_claim_keys(p_company))) then 'used'
  end
    from public.company_subscriptions s where s.company_id = p_company.id
$$;

COMMENT ON FUNCTION private.trial_refusal(p_company public.companies) IS 'Why the company cannot start the trial (used, paid, needs_domain), or null.';

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

-- Billing through Stripe (#35, DECISIONS.md "Paid plans"): the signed
-- webhook (stripe-webhook) is the only writer of a company's paid plan,
-- through apply_stripe_event. Each event counts once (by its id), and one
-- older than the last applied never wins, nor does any event revive a
-- subscription Stripe canceled. A failed payment keeps the plan for a 7-day
-- grace, then the company is on Free (end_billing_grace, run by run-trials'
-- clock). Prices map to plans in the function's configuration, never from a
-- client.
--
-- p_event: what stripe-webhook read from a verified event: id, type, created
-- (Unix seconds), customer, subscription, status (Stripe's subscription
-- status), plan (pro / advanced from the configured prices, or null),
-- period_end (Unix seconds) and company_id (the checkout's reference).
CREATE FUNCTION public.apply_stripe_event(p_event jsonb) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id text := nullif(p_event ->> 'id', '');
  v_type text := nullif(p_event ->> 'type', '');
  v_created timestamptz := to_timestamp(nullif(p_event ->> 'created', '')::double precision);
  v_customer text := nullif(p_event ->> 'customer', '');
  v_subscription text := nullif(p_event ->> 'subscription', '');
  v_status text := nullif(p_event ->> 'status', '');
  v_plan text := nullif(p_event ->> 'plan', '');
  v_period_end timestamptz := to_timestamp(nullif(p_event ->> 'period_end', '')::double precision);
  v_company uuid;
  v_sub public.company_subscriptions;
  v_outcome text := 'applied';
begin
  if v_id is null or v_type is null or v_created is null then
    raise exception 'An event needs an id, a type and a creation time.' using errcode = '22023';
  end if;
  if v_plan is not null and v_plan not in ('pro', 'advanced') then
    raise exception 'Unknown plan %.', v_plan using errcode = '22023';
  end if;
  begin
    v_company := nullif(p_event ->> 'company_id', '')::uuid;
  exception when invalid_text_representation then
    v_company := null;
  end;
  insert into private.stripe_events (id, type, created_at, outcome)
  values (v_id, v_type, v_created, 'pending')
  on conflict do nothing;
  if not found then
    return 'duplicate';
  end if;

  select * into v_sub from public.company_subscriptions s
   where (v_customer is not null and s.stripe_customer_id = v_customer)
      or (v_company is not null and s.company_id = v_company)
   order by (s.stripe_customer_id is not distinct from v_customer) desc
   limit 1
   for update;
  if not found then
    v_outcome := 'unknown';
  elsif v_sub.billing_event_at is not null and v_created < v_sub.billing_event_at then
    v_outcome := 'stale';
  elsif v_sub.billing_status = 'canceled' and v_subscription is not null
        and v_subscription = v_sub.stripe_subscription_id then
    -- Stripe never revives a canceled subscription: a late event about it is old news.
    v_outcome := 'stale';
  elsif v_type = 'checkout.session.completed' then
    update public.company_subscriptions s
       set stripe_customer_id = coalesce(v_customer, s.stripe_customer_id),
           stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id)
     where s.company_id = v_sub.company_id;
    v_outcome := 'linked';
  elsif v_type in ('customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted') then
    if v_type = 'customer.subscription.deleted' or v_status in ('canceled', 'incomplete_expired') then
      update public.company_subscriptions s
         set subscription_type = 'free', billing_status = 'canceled', grace_ends_at = null,
             stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id),
             billing_event_at = v_created
       where s.company_id = v_sub.company_id;
    elsif v_status in ('active', 'trialing') and v_plan is not null then
      update public.company_subscriptions s
         set subscription_type = v_plan, billing_status = 'active', grace_ends_at = null,
             stripe_customer_id = coalesce(v_customer, s.stripe_customer_id),
             stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id),
             current_period_end = coalesce(v_period_end, s.current_period_end),
             -- A plan bought during the trial ends the trial: run-trials leaves it alone.
             trial_status = case when s.trial_status = 'active' then 'ended' else s.trial_status end,
             billing_event_at = v_created
       where s.company_id = v_sub.company_id;
    elsif v_status in ('past_due', 'unpaid') then
      update public.company_subscriptions s
         set billing_status = 'past_due',
             grace_ends_at = coalesce(s.grace_ends_at, v_created + interval '7 days'),
             billing_event_at = v_created
       where s.company_id = v_sub.company_id and s.billing_status is distinct from 'canceled';
    else
      -- incomplete, paused: nothing to change yet.
      v_outcome := 'ignored';
    end if;
  elsif v_type = 'invoice.payment_failed' then
    update public.company_subscriptions s
       set billing_status = 'past_due',
           grace_ends_at = coalesce(s.grace_ends_at, v_created + interval '7 days'),
           billing_event_at = v_created
     where s.company_id = v_sub.company_id and s.billing_status = 'active';
  elsif v_type = 'invoice.paid' then
    update public.company_subscriptions s
       set billing_status = 'active', grace_ends_at = null, billing_event_at = v_created
     where s.company_id = v_sub.company_id and s.billing_status = 'past_due';
  else
    v_outcome := 'ignored';
  end if;
  update private.stripe_events e set outcome = v_outcome where e.id = v_id;
  return v_outcome;
end
$$;

COMMENT ON FUNCTION public.apply_stripe_event(p_event jsonb) IS 'Service role (stripe-webhook, after the signature check): applies one Stripe event to the company''s plan once; answers applied, linked, duplicate, stale, unknown or ignored.';

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

-- Server-only: the verification function calls it after checking DNS, the file
-- or the home page's meta tag.
CREATE FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_domain text := private.normalize_domain(p_domain);
begin
  if p_method is null or p_method not in ('dns', 'file', 'meta') then
    raise exception 'Verification method must be dns, file or meta.' using errcode = 'invalid_parameter_value';
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

COMMENT ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) IS 'Server-only (service role): marks a company domain verified after the DNS, file or meta-tag check; false when the company does not list it; 23505 when another company verified it.';

-- The end of a failed payment's grace: Free again (the team fits its seats).
CREATE FUNCTION public.end_billing_grace(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with ended as (
    update public.company_subscriptions s
       set subscription_type = 'free', billing_status = 'canceled', grace_ends_at = null
     where s.billing_status = 'past_due' and s.grace_ends_at <= p_now
    returning 1
  )
  select count(*)::integer from ended
$$;

COMMENT ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) IS 'Service role (run-trials'' clock): companies whose payment failed and whose grace ended are on Free.';

-- The owner's billing account, for the billing function called with their
-- JWT: members see the plan (get_company_plan), never the billing.
CREATE FUNCTION public.get_billing_account() RETURNS TABLE(company_id uuid, company_name text, email text, stripe_customer_id text, plan text, billing_status text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  if private.current_company_role() is distinct from 'owner' then
    raise exception 'Only the owner of the company manages its plan and billing.'
      using errcode = 'insufficient_privilege';
  end if;
  return query
    select v_company.id, v_company.company_name, v_company.email, s.stripe_customer_id,
           private.resolve_plan(s.subscription_type), s.billing_status
      from public.company_subscriptions s where s.company_id = v_company.id;
end
$$;

COMMENT ON FUNCTION public.get_billing_account() IS 'Owner only (billing function): the company, its e-mail, its Stripe customer, plan and billing status.';

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

-- What the header, the plan card (with a failed payment's banner: the billing
-- state) and the members card show.
CREATE FUNCTION public.get_company_plan() RETURNS TABLE(plan text, trial_status text, trial_ends_at timestamp with time zone, trial_refusal text, my_role text, read_only boolean, billing_status text, grace_ends_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select private.resolve_plan(s.subscription_type), s.trial_status, s.trial_ends_at,
           private.trial_refusal(v_company), m.role, m.read_only_since is not null,
           s.billing_status, s.grace_ends_at
      from public.company_subscriptions s
      join public.company_members m on m.company_id = s.company_id and m.user_id = auth.uid()
     where s.company_id = v_company.id;
end
$$;

COMMENT ON FUNCTION public.get_company_plan() IS 'Any member: the plan, the trial (status, end, why it cannot start: used, paid, needs_domain or null), the caller''s role, whether their seat is read-only, and the billing status with a failed payment''s grace end.';

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

-- The Stripe customer the billing function created for a company; the first
-- one stays (a second checkout reuses it). Answers the one kept.
CREATE FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.company_subscriptions s
     set stripe_customer_id = coalesce(s.stripe_customer_id, p_customer)
   where s.company_id = p_company_id and p_customer ~ '^cus_[A-Za-z0-9_]+$'
  returning s.stripe_customer_id
$$;

COMMENT ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) IS 'Service role (billing function): records the company''s Stripe customer unless it has one; answers the one kept.';

-- The 14-day Pro trial (#35, DECISIONS.md "Trial"): once per company, per
-- owner account and per verified domain, without a card. While it runs the
-- company's plan is Pro (seats, views, filters at once: every rule reads
-- subscription_type); run-trials ends it on time, queues the owner's reminders
-- and the "ended" e-mail.
CREATE FUNCTION public.start_trial() RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_refusal text;
  v_ends timestamptz := now() + interval '14 days';
begin
  if private.current_company_role() is distinct from 'owner' then
    raise exception 'Only the owner of the company can start the trial.' using errcode = 'insufficient_privilege';
  end if;
  perform private.check_rate_limit('start_trial', 10, 30, interval '1 hour',
    'Too many attempts to start the trial. Try again in an hour.');
  perform 1 from public.company_subscriptions s where s.company_id = v_company.id for update;
  v_refusal := private.trial_refusal(v_company);
  if v_refusal = 'used' then
    raise exception 'The free trial was already used by this company, its owner or one of its domains.'
      using errcode = 'check_violation';
  elsif v_refusal = 'paid' then
    raise exception 'Your company is already on a paid plan.' using errcode = 'check_violation';
  elsif v_refusal = 'needs_domain' then
    raise exception 'Verify a domain first: the trial shows the feedback about your site.'
      using errcode = 'check_violation';
  end if;
  begin
    insert into private.trial_claims (claim, company_id)
    select k, v_company.id from unnest(private.trial_claim_keys(v_company)) k;
  exception when unique_violation then
    raise exception 'The free trial was already used by this company, its owner or one of its domains.'
      using errcode = 'check_violation';
  end;
  update public.company_subscriptions s
     set subscription_type = 'pro', trial_status = 'active',
         trial_started_at = now(), trial_ends_at = v_ends
   where s.company_id = v_company.id;
  return v_ends;
end
$$;

COMMENT ON FUNCTION public.start_trial() IS 'Owner: starts the company''s 14-day Pro trial, once per company, owner account and verified domain (a verified domain is needed); returns when it ends.';

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

CREATE TRIGGER company_domains_trial_claim AFTER UPDATE OF verified_at ON public.company_domains FOR EACH ROW WHEN (((old.verified_at IS NULL) AND (new.verified_at IS NOT NULL))) EXECUTE FUNCTION private.domain_trial_claim();

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

REVOKE ALL ON FUNCTION private.domain_trial_claim() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.hit_rate_limit(p_bucket text, p_window interval, p_max integer, p_message text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.request_address() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_company(p_company_email text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.subscription_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.sync_company_email() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.trial_claim_keys(p_company public.companies) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.trial_refusal(p_company public.companies) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_limit(p_plan text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_period_start(p_plan text, p_now timestamp with time zone) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.apply_stripe_event(p_event jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.apply_stripe_event(p_event jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.check_company_domain(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.check_company_domain(p_domain text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) TO service_role;

REVOKE ALL ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) TO service_role;

REVOKE ALL ON FUNCTION public.get_billing_account() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_billing_account() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_feedback_hosts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_feedback_hosts() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_plan() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_plan() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.register_company(p_company_name text, p_website_url text, p_domains text[], p_accept_terms boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.register_company(p_company_name text, p_website_url text, p_domains text[], p_accept_terms boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.request_domain_verification(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.request_domain_verification(p_domain text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) TO service_role;

REVOKE ALL ON FUNCTION public.start_trial() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.start_trial() TO service_role, authenticated;

REVOKE ALL ON TABLE public.company_domains FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_domains TO service_role;
GRANT SELECT ON TABLE public.company_domains TO authenticated;

REVOKE ALL ON TABLE public.company_subscriptions FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_subscriptions TO service_role;
GRANT SELECT ON TABLE public.company_subscriptions TO authenticated;

REVOKE ALL ON TABLE private.stripe_events FROM PUBLIC, anon, authenticated;

REVOKE ALL ON TABLE private.trial_claims FROM PUBLIC, anon, authenticated;
