-- =============================================================================
-- Platform: the private schema, locked-down defaults, settings, roles and the
-- pure helpers every other area uses (host normalisation, levels, reputation,
-- masking)
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- schemas, extensions, defaults ----------------------------------

CREATE SCHEMA private;

COMMENT ON SCHEMA private IS 'Helpers, settings and queues of the app. Not exposed by the REST API; policies call its functions.';

GRANT USAGE ON SCHEMA private TO anon, authenticated, service_role;

-- Both ship with hosted Supabase in schema extensions; pg_trgm is not enabled
-- on a new project, so the app enables what it uses.
create extension if not exists pgcrypto with schema extensions;

create extension if not exists pg_trgm with schema extensions;

-- Revoke the default EXECUTE once: every function below is executable by
-- nobody until a migration grants it explicitly. Per-schema defaults only add
-- to the global ones, so PUBLIC is revoked globally.
alter default privileges revoke execute on functions from public;

alter default privileges in schema public
  revoke execute on functions from public, anon, authenticated;

alter default privileges in schema private
  revoke execute on functions from public, anon, authenticated;

-- No JIT for the API roles: a caller-inflated plan estimate (a deeply nested
-- embed) made PostgreSQL compile hundreds of functions for over a second. Set
-- per role, as PostgREST applies statement_timeout per request.
alter role anon set jit = off;
alter role authenticated set jit = off;

-- ---------- tables ---------------------------------------------------------

CREATE TABLE private.settings (
    key text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.settings IS 'Deployment settings the database reads. demo_mode = ''true'' is written by supabase/seed.sql (the embedded backend in demo mode); hosted projects have no row, so demo-only functions refuse there.';

ALTER TABLE ONLY private.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);

ALTER TABLE private.settings ENABLE ROW LEVEL SECURITY;

-- ---------- functions ------------------------------------------------------

-- Checks a page request of a paginated RPC: page ≥ 1, size 1-100.
CREATE FUNCTION private.check_page(p_page integer, p_page_size integer) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_page is null or p_page < 1 then
    raise exception 'Page must be 1 or more.'
      using errcode = 'invalid_parameter_value',
            detail = format('Requested page: %s.', coalesce(p_page::text, 'null'));
  end if;
  if p_page_size is null or p_page_size < 1 or p_page_size > 100 then
    raise exception 'Page size must be between 1 and 100.'
      using errcode = 'invalid_parameter_value',
            detail = format('Requested page size: %s.', coalesce(p_page_size::text, 'null'));
  end if;
end
$$;

COMMENT ON FUNCTION private.check_page(p_page integer, p_page_size integer) IS 'Raises a clear 22023 error for a page below 1 or a page size outside 1-100.';

-- Mirrors computeReputation in shared/domain/reputation.ts.
CREATE FUNCTION private.compute_reputation(p_feedback_count integer, p_quality_sum bigint, p_upvotes integer, p_downvotes integer, p_xp integer) RETURNS numeric
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_quality numeric;
  v_up numeric := greatest(coalesce(p_upvotes, 0), 0);
  v_votes numeric;
  v_share numeric;
  v_xp numeric;
begin
  if coalesce(p_feedback_count, 0) <= 0 then
    return 0;
  end if;
  v_quality := least(greatest(coalesce(p_quality_sum, 0)::numeric / p_feedback_count, 1), 5) / 5;
  v_votes := v_up + greatest(coalesce(p_downvotes, 0), 0);
  v_share := case when v_votes > 0 then v_up / v_votes else 0 end;
  v_xp := least(greatest(coalesce(p_xp, 0)::numeric / 1000, 0), 1);
  return round(5 * (0.5 * v_quality + 0.3 * v_share + 0.2 * v_xp), 1);
end
$$;

COMMENT ON FUNCTION private.compute_reputation(p_feedback_count integer, p_quality_sum bigint, p_upvotes integer, p_downvotes integer, p_xp integer) IS 'Reputation 0-5, one decimal: 5 × (0.5 × avg quality/5 + 0.3 × upvote share + 0.2 × min(xp/1000, 1)); 0 without feedback. Mirrors computeReputation.';

-- Every suffix of a host that could be a company domain, longest first:
-- a.shop.example.com → {a.shop.example.com, shop.example.com, example.com}.
CREATE FUNCTION private.host_suffixes(p_host text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(s order by n), '{}')
  from (
    select n, array_to_string((string_to_array(p_host, '.'))[n:], '.') as s
    from generate_series(1, greatest(coalesce(array_length(string_to_array(p_host, '.'), 1), 0) - 1, 0)) as n
  ) suffixes
$$;

-- Mirrors hostMatchesDomain: exact or subdomain, never substring.
CREATE FUNCTION private.host_matches_domains(p_host text, p_domains text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_host is not null and p_domains && private.host_suffixes(p_host)
$$;

COMMENT ON FUNCTION private.host_matches_domains(p_host text, p_domains text[]) IS 'True when the host equals one of the domains or is a subdomain of one (notexample.com never matches example.com).';

COMMENT ON FUNCTION private.host_suffixes(p_host text) IS 'Suffixes of a host with at least two labels, longest first; a company whose domain is one of them owns the host (exact or subdomain match).';

-- True when the deployment runs in demo mode (private.settings demo_mode).
CREATE FUNCTION private.is_demo_mode() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    (select s.value = 'true' from private.settings s where s.key = 'demo_mode'),
    false
  )
$$;

COMMENT ON FUNCTION private.is_demo_mode() IS 'True when private.settings holds demo_mode = true (set by the demo seed).';

-- Mirrors isValidHostname in shared/domain/domain-match.ts.
CREATE FUNCTION private.is_valid_hostname(p_host text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p_host is not null
    and length(p_host) between 1 and 253
    and p_host ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{0,58}[a-z0-9])$'
$_$;

COMMENT ON FUNCTION private.is_valid_hostname(p_host text) IS 'True for a public-style host name: 2+ dot-separated labels of a-z, 0-9 and inner hyphens (max 63), a letter or punycode TLD, max 253 characters. Mirrors isValidHostname.';

CREATE FUNCTION private.is_valid_website_host(p_host text, p_explicit_scheme boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p_host is not null and (
    private.is_valid_hostname(p_host)
    or p_host = 'localhost'
    or p_host ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$'
    or p_host ~ '^\[[0-9a-f.]*:[0-9a-f:.]*\]$'
    or (coalesce(p_explicit_scheme, false)
        and length(p_host) <= 63
        and p_host ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'
        and p_host ~ '[a-z]')
  )
$_$;

COMMENT ON FUNCTION private.is_valid_website_host(p_host text, p_explicit_scheme boolean) IS 'True for the host of a page feedback may be about: a public-style name, localhost, an IPv4 or [IPv6] address, or a one-label name when the URL had an explicit http(s) scheme. Mirrors isValidWebsiteHost.';

-- Mirrors levelForPoints and LEVEL_THRESHOLDS in shared/domain/levels.ts.
CREATE FUNCTION private.level_for_points(p_points numeric) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(max(t.level), 0)
  from (values (0, 0), (1, 31), (2, 101), (3, 201), (4, 501), (5, 1001))
    as t(level, min_points)
  where floor(coalesce(p_points, 0)) >= t.min_points
$$;

COMMENT ON FUNCTION private.level_for_points(p_points numeric) IS 'Level 0-5 for total points: 0-30 → 0, 31 → 1, 101 → 2, 201 → 3, 501 → 4, 1001+ → 5; negatives are 0. Mirrors LEVEL_THRESHOLDS.';

-- An e-mail address, or a phone number: a leading + and 8 to 15 digits, or
-- 9 digits and more with spaces, dots, dashes or brackets between them (so
-- dates like 2026-11-25 and short order numbers stay).
CREATE FUNCTION private.mask_contact(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select regexp_replace(
           regexp_replace(
             regexp_replace(p_text,
               '[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}', '[email hidden]', 'g'),
             '\+\d([\s.()-]*\d){7,14}', '[phone hidden]', 'g'),
           '\(?\d([\s.()-]*\d){8,}', '[phone hidden]', 'g')
$$;

COMMENT ON FUNCTION private.mask_contact(p_text text) IS 'The text with e-mail addresses and phone numbers replaced by [email hidden] / [phone hidden], for everything a company receives.';

-- Mirrors normalizeHost in shared/domain/domain-match.ts.
CREATE FUNCTION private.normalize_host(p_input text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  v text := btrim(coalesce(p_input, ''));
  v_scheme text;
begin
  -- No URL or host is longer than 2048 characters; longer input is not
  -- parsed at all.
  if v = '' or char_length(v) > 2048 then
    return null;
  end if;
  -- A colon followed by a digit is a port, not a scheme.
  v_scheme := lower(substring(v from '^([A-Za-z][A-Za-z0-9+.-]*):(?![0-9])'));
  if v_scheme is not null and v_scheme not in ('http', 'https') then
    return null;
  end if;
  if v_scheme is not null then
    v := substr(v, length(v_scheme) + 2);
  end if;
  v := regexp_replace(v, '^[/\\]+', '');
  v := coalesce(substring(v from '^[^/\\?#]*'), '');
  v := regexp_replace(v, '^.*@', '');
  v := regexp_replace(v, ':[0-9]*$', '');
  v := regexp_replace(lower(v), '\.$', '');
  if v like 'www.%' and strpos(substr(v, 5), '.') > 0 then
    v := substr(v, 5);
  end if;
  return nullif(v, '');
end
$_$;

-- Mirrors normalizeDomain: a normalised, valid host or null.
CREATE FUNCTION private.normalize_domain(p_input text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when private.is_valid_hostname(private.normalize_host(p_input))
      then private.normalize_host(p_input)
  end
$$;

COMMENT ON FUNCTION private.normalize_domain(p_input text) IS 'Normalised host of one domain entry, or null when empty or not a valid host name. Mirrors normalizeDomain.';

COMMENT ON FUNCTION private.normalize_host(p_input text) IS 'Host of a URL or bare host: scheme (http/https only), user info, port, path and one leading www. removed, lowercased. Mirrors normalizeHost.';

-- Mirrors normalizeWebsiteUrl in shared/domain/validation/fields.ts.
CREATE FUNCTION private.normalize_website_url(p_input text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  v text := btrim(coalesce(p_input, ''));
  v_host text;
  v_explicit boolean;
begin
  if v = '' then
    return null;
  end if;
  -- Refused before any pattern runs over it.
  if char_length(v) > 2048 then
    raise exception 'Please enter a valid website URL.'
      using errcode = 'check_violation',
            detail = format('"%s…" is longer than 2048 characters.', left(p_input, 100));
  end if;
  v_explicit := v ~ '^[A-Za-z][A-Za-z0-9+.-]*:(?![0-9])';
  if not v_explicit then
    v := 'https://' || v;
  end if;
  v_host := substring(v from '^[Hh][Tt][Tt][Pp][Ss]?://([^/\\?#]*)');
  v_host := regexp_replace(coalesce(v_host, ''), '^.*@', '');
  v_host := regexp_replace(v_host, ':[0-9]*$', '');
  v_host := regexp_replace(lower(v_host), '\.$', '');
  if length(v) > 2048 or not private.is_valid_website_host(v_host, v_explicit) then
    raise exception 'Please enter a valid website URL.'
      using errcode = 'check_violation',
            detail = format('"%s" is not an http(s) address with a valid host (at most 2048 characters).', left(p_input, 100));
  end if;
  return v;
end
$_$;

COMMENT ON FUNCTION private.normalize_website_url(p_input text) IS 'Website URL to store: trimmed, https:// added when no scheme, null when blank; raises ''Please enter a valid website URL.'' otherwise. Mirrors normalizeWebsiteUrl.';

-- Mirrors domainListSchema: split on commas and whitespace, normalise, dedupe,
-- and refuse any invalid entry with the form's message.
CREATE FUNCTION private.parse_domain_list(p_entries text[]) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_entry text;
  v_domain text;
  v_result text[] := '{}'::text[];
begin
  foreach v_entry in array coalesce(p_entries, '{}') loop
    foreach v_entry in array regexp_split_to_array(coalesce(v_entry, ''), '[[:space:],]+') loop
      continue when v_entry = '';
      v_domain := private.normalize_domain(v_entry);
      if v_domain is null then
        raise exception 'Please enter a valid domain, like example.com.'
          using errcode = 'check_violation',
                detail = format('"%s" is not a valid domain name.', left(v_entry, 100));
      end if;
      if not v_domain = any(v_result) then
        v_result := v_result || v_domain;
      end if;
    end loop;
  end loop;
  return v_result;
end
$$;

COMMENT ON FUNCTION private.parse_domain_list(p_entries text[]) IS 'Company domains from entries (each may hold several, comma or space separated): normalised, deduplicated, first kept; an invalid entry raises the form''s message.';

-- Refuses an identity argument that is not the caller (spec compatibility).
CREATE FUNCTION private.require_self(p_user_id uuid, p_argument text) RETURNS uuid
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'You need to be signed in.'
      using errcode = 'insufficient_privilege';
  end if;
  if p_user_id is not null and p_user_id <> v_uid then
    raise exception 'You can only act for your own account.'
      using errcode = 'insufficient_privilege',
            detail = format('%s must be the signed-in user''s id or be omitted.', p_argument);
  end if;
  return v_uid;
end
$$;

COMMENT ON FUNCTION private.require_self(p_user_id uuid, p_argument text) IS 'Returns auth.uid(); raises 42501 when signed out or when the spec''s identity argument names another user.';

-- Mirrors resolvePlan in shared/domain/plans.ts.
CREATE FUNCTION private.resolve_plan(p_subscription_type text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case lower(btrim(coalesce(p_subscription_type, '')))
    when 'pro' then 'pro'
    when 'advanced' then 'advanced'
    when 'premium' then 'advanced'
    when 'enterprise' then 'advanced'
    else 'free'
  end
$$;

COMMENT ON FUNCTION private.resolve_plan(p_subscription_type text) IS 'Plan of a stored subscription_type: free, pro or advanced; legacy premium and enterprise are advanced; anything else free. Mirrors resolvePlan.';

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.check_page(p_page integer, p_page_size integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.compute_reputation(p_feedback_count integer, p_quality_sum bigint, p_upvotes integer, p_downvotes integer, p_xp integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.host_matches_domains(p_host text, p_domains text[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.host_suffixes(p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_demo_mode() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_valid_hostname(p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_valid_website_host(p_host text, p_explicit_scheme boolean) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.level_for_points(p_points numeric) FROM PUBLIC;
GRANT ALL ON FUNCTION private.level_for_points(p_points numeric) TO anon, authenticated, service_role;

REVOKE ALL ON FUNCTION private.mask_contact(p_text text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.normalize_domain(p_input text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.normalize_host(p_input text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.normalize_website_url(p_input text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.parse_domain_list(p_entries text[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_self(p_user_id uuid, p_argument text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.resolve_plan(p_subscription_type text) FROM PUBLIC;
