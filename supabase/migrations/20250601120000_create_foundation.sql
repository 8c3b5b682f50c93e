-- =============================================================================
-- Foundation: the `private` schema, locked-down function defaults, the
-- settings the database reads (demo mode) and the pure helpers every other
-- migration uses (host normalisation, levels, reputation, plans).
--
-- The helpers mirror shared/domain/*.ts; parity tests run the same cases
-- against both (tests/integration/levels-parity.test.ts, tests/integration/db).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: extensions
-- -----------------------------------------------------------------------------

-- Both ship with hosted Supabase in schema extensions; pg_trgm is not enabled
-- on a new project, so the app enables what it uses.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- -----------------------------------------------------------------------------
-- Section: types
-- -----------------------------------------------------------------------------

-- None: states and categories are text with named check constraints (and
-- trigger messages), so a new value is a one-line migration and PostgREST and
-- the generated types show plain strings.

-- -----------------------------------------------------------------------------
-- Section: schema and default privileges
-- -----------------------------------------------------------------------------

create schema if not exists private;
comment on schema private is
  'Helpers, settings and queues of the app. Not exposed by the REST API; policies call its functions.';

-- Policies run as the caller, so the API roles need to reach the helpers they call.
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Revoke the default EXECUTE once: every function below is executable by
-- nobody until a migration grants it explicitly. Per-schema defaults only add
-- to the global ones, so PUBLIC is revoked globally.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public
  revoke execute on functions from public, anon, authenticated;
alter default privileges in schema private
  revoke execute on functions from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table private.settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
comment on table private.settings is
  'Deployment settings the database reads. demo_mode = ''true'' is written by supabase/seed.sql (the embedded backend in demo mode); hosted projects have no row, so demo-only functions refuse there.';

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table private.settings enable row level security;
-- No policies: only the owner and service code read settings.

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table private.settings from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- True when the deployment runs in demo mode (private.settings demo_mode).
create function private.is_demo_mode()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.value = 'true' from private.settings s where s.key = 'demo_mode'),
    false
  )
$$;
comment on function private.is_demo_mode() is
  'True when private.settings holds demo_mode = true (set by the demo seed).';

-- Mirrors normalizeHost in shared/domain/domain-match.ts.
create function private.normalize_host(p_input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_input, ''));
  v_scheme text;
begin
  if v = '' then
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
$$;
comment on function private.normalize_host(text) is
  'Host of a URL or bare host: scheme (http/https only), user info, port, path and one leading www. removed, lowercased. Mirrors normalizeHost.';

-- Mirrors isValidHostname in shared/domain/domain-match.ts.
create function private.is_valid_hostname(p_host text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_host is not null
    and length(p_host) between 1 and 253
    and p_host ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{0,58}[a-z0-9])$'
$$;
comment on function private.is_valid_hostname(text) is
  'True for a public-style host name: 2+ dot-separated labels of a-z, 0-9 and inner hyphens (max 63), a letter or punycode TLD, max 253 characters. Mirrors isValidHostname.';

-- Mirrors normalizeDomain: a normalised, valid host or null.
create function private.normalize_domain(p_input text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when private.is_valid_hostname(private.normalize_host(p_input))
      then private.normalize_host(p_input)
  end
$$;
comment on function private.normalize_domain(text) is
  'Normalised host of one domain entry, or null when empty or not a valid host name. Mirrors normalizeDomain.';

-- Mirrors domainListSchema: split on commas and whitespace, normalise, dedupe,
-- and refuse any invalid entry with the form's message.
create function private.parse_domain_list(p_entries text[])
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_entry text;
  v_domain text;
  v_result text[] := '{}';
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
comment on function private.parse_domain_list(text[]) is
  'Company domains from entries (each may hold several, comma or space separated): normalised, deduplicated, first kept; an invalid entry raises the form''s message.';

-- Mirrors normalizeWebsiteUrl in shared/domain/validation/fields.ts.
create function private.normalize_website_url(p_input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := btrim(coalesce(p_input, ''));
  v_host text;
begin
  if v = '' then
    return null;
  end if;
  if v !~ '^[A-Za-z][A-Za-z0-9+.-]*:(?![0-9])' then
    v := 'https://' || v;
  end if;
  v_host := substring(v from '^[Hh][Tt][Tt][Pp][Ss]?://([^/\\?#]*)');
  v_host := regexp_replace(coalesce(v_host, ''), '^.*@', '');
  v_host := regexp_replace(v_host, ':[0-9]*$', '');
  v_host := regexp_replace(lower(v_host), '\.$', '');
  if length(v) > 2048 or not private.is_valid_hostname(v_host) then
    raise exception 'Please enter a valid website URL.'
      using errcode = 'check_violation',
            detail = format('"%s" is not an http(s) address with a valid host (at most 2048 characters).', left(p_input, 100));
  end if;
  return v;
end
$$;
comment on function private.normalize_website_url(text) is
  'Website URL to store: trimmed, https:// added when no scheme, null when blank; raises ''Please enter a valid website URL.'' otherwise. Mirrors normalizeWebsiteUrl.';

-- Every suffix of a host that could be a company domain, longest first:
-- a.shop.example.com → {a.shop.example.com, shop.example.com, example.com}.
create function private.host_suffixes(p_host text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(s order by n), '{}')
  from (
    select n, array_to_string((string_to_array(p_host, '.'))[n:], '.') as s
    from generate_series(1, greatest(coalesce(array_length(string_to_array(p_host, '.'), 1), 0) - 1, 0)) as n
  ) suffixes
$$;
comment on function private.host_suffixes(text) is
  'Suffixes of a host with at least two labels, longest first; a company whose domain is one of them owns the host (exact or subdomain match).';

-- Mirrors hostMatchesDomain: exact or subdomain, never substring.
create function private.host_matches_domains(p_host text, p_domains text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_host is not null and p_domains && private.host_suffixes(p_host)
$$;
comment on function private.host_matches_domains(text, text[]) is
  'True when the host equals one of the domains or is a subdomain of one (notexample.com never matches example.com).';

-- Mirrors levelForPoints and LEVEL_THRESHOLDS in shared/domain/levels.ts.
create function private.level_for_points(p_points numeric)
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(max(t.level), 0)
  from (values (0, 0), (1, 31), (2, 101), (3, 201), (4, 501), (5, 1001))
    as t(level, min_points)
  where floor(coalesce(p_points, 0)) >= t.min_points
$$;
comment on function private.level_for_points(numeric) is
  'Level 0-5 for total points: 0-30 → 0, 31 → 1, 101 → 2, 201 → 3, 501 → 4, 1001+ → 5; negatives are 0. Mirrors LEVEL_THRESHOLDS.';

-- Mirrors computeReputation in shared/domain/reputation.ts.
create function private.compute_reputation(
  p_feedback_count integer,
  p_quality_sum bigint,
  p_upvotes integer,
  p_downvotes integer,
  p_xp integer
)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
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
comment on function private.compute_reputation(integer, bigint, integer, integer, integer) is
  'Reputation 0-5, one decimal: 5 × (0.5 × avg quality/5 + 0.3 × upvote share + 0.2 × min(xp/1000, 1)); 0 without feedback. Mirrors computeReputation.';

-- Mirrors resolvePlan in shared/domain/plans.ts.
create function private.resolve_plan(p_subscription_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case lower(btrim(coalesce(p_subscription_type, '')))
    when 'pro' then 'pro'
    when 'advanced' then 'advanced'
    when 'premium' then 'advanced'
    when 'enterprise' then 'advanced'
    else 'free'
  end
$$;
comment on function private.resolve_plan(text) is
  'Plan of a stored subscription_type: free, pro or advanced; legacy premium and enterprise are advanced; anything else free. Mirrors resolvePlan.';

-- Checks a page request of a paginated RPC: page ≥ 1, size 1-100.
create function private.check_page(p_page integer, p_page_size integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
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
comment on function private.check_page(integer, integer) is
  'Raises a clear 22023 error for a page below 1 or a page size outside 1-100.';

-- Refuses an identity argument that is not the caller (spec compatibility).
create function private.require_self(p_user_id uuid, p_argument text)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
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
comment on function private.require_self(uuid, text) is
  'Returns auth.uid(); raises 42501 when signed out or when the spec''s identity argument names another user.';

-- The level function backs the public compute_level RPC (security invoker).
grant execute on function private.level_for_points(numeric)
  to anon, authenticated, service_role;
