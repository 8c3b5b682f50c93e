-- =============================================================================
-- Expensive RPCs are bounded (outside review L12): one account must not be
-- able to slow everyone down, least of all on PGlite, which runs one
-- statement at a time and does not honour statement_timeout (the role
-- settings anon 3 s / authenticated 8 s that hosted Supabase and our
-- PostgreSQL mode apply).
--
-- Already bounded before this file: page sizes 1-100 (check_page), the
-- company list's search at 200 characters, get_similar_feedback (500 rows,
-- limit 1-20, 5000 characters, rate-limited since 20261125110000), the
-- leaderboard (a daily snapshot since 20261125110002: a page is a range of
-- precomputed ranks), the export at 10,000 rows.
--
-- Here:
-- - URL and host parsing refuses input over 2048 characters before any
--   regular expression runs over it (feedback URLs, similar feedback, every
--   domain argument through normalize_domain).
-- - get_company_feedback refuses a domain argument over 253 characters, and
--   its text search, which reads every matching feedback's texts, is limited
--   per account (120/min) and per address (600/min) with HTTP 429.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create or replace function private.normalize_host(p_input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

create or replace function private.normalize_website_url(p_input text)
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
  -- Refused before any pattern runs over it.
  if char_length(v) > 2048 then
    raise exception 'Please enter a valid website URL.'
      using errcode = 'check_violation',
            detail = format('"%s…" is longer than 2048 characters.', left(p_input, 100));
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

create or replace function public.get_company_feedback(
  p_page integer default 1,
  p_page_size integer default 20,
  p_search text default null,
  p_domain text default null,
  p_category text default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  website_url text,
  website_host text,
  created_at timestamptz,
  updated_at timestamptz,
  has_screenshot boolean,
  has_audio boolean,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  tags text[],
  viewed boolean,
  my_vote text,
  is_own boolean,
  domain_verified boolean,
  total_count bigint
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_domains text[] := v_company.domains;
  v_domain text;
  v_filtering boolean;
begin
  perform private.check_page(p_page, p_page_size);
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'Searches are at most 200 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  -- A domain is at most 253 characters: refuse longer input before parsing it.
  if char_length(coalesce(p_domain, '')) > 253 then
    raise exception 'Choose one of your company''s domains.'
      using errcode = 'invalid_parameter_value',
            detail = format('"%s…" is not one of your domains.', left(p_domain, 100));
  end if;
  if nullif(btrim(coalesce(p_domain, '')), '') is not null then
    v_domain := private.normalize_domain(p_domain);
    if v_domain is null or not private.host_matches_domains(v_domain, v_company.domains) then
      raise exception 'Choose one of your company''s domains.'
        using errcode = 'invalid_parameter_value',
              detail = format('"%s" is not one of your domains.', left(p_domain, 100));
    end if;
    v_domains := array[v_domain];
  end if;
  if p_category is not null and p_category not in ('bug', 'feature', 'improvement', 'other') then
    raise exception 'Unknown feedback category "%".', left(p_category, 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: bug, feature, improvement, other.';
  end if;
  if p_status is not null and p_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(p_status, 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: pending, read, in_progress, completed, rejected.';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The start date must be before the end date.' using errcode = 'invalid_parameter_value';
  end if;
  if p_category is not null or p_status is not null or p_from is not null or p_to is not null then
    select private.resolve_plan(s.subscription_type) <> 'free' into v_filtering
      from public.company_subscriptions s where s.company_id = v_company.id;
    if not coalesce(v_filtering, false) then
      raise exception 'Upgrade to premium to use advanced filters'
        using errcode = 'insufficient_privilege',
              hint = 'The free plan filters by search and domain only.';
    end if;
  end if;
  -- A search reads the texts of every matching feedback of the company: at
  -- most 120 a minute per account and 600 per address (the dashboard
  -- debounces typing and refetches on events, far below that).
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    perform private.check_rate_limit('company_feedback_search', 120, 600, interval '1 minute',
      'Too many searches. Please wait a minute.');
  end if;
  return query
    select * from private.company_feedback_rows(v_company, v_domains, p_search, p_category,
      p_status, p_from, p_to, p_page_size, (p_page::bigint - 1) * p_page_size);
end
$$;
comment on function public.get_company_feedback(integer, integer, text, text, text, text, timestamptz, timestamptz) is
  'The caller''s company feedback list: only feedback whose host matches its verified domains, newest first, paged (size 1-100); search (title and excerpt, at most 200 characters, 120 a minute per account and 600 per address) and domain on every plan, category/status/date on paid plans. No author identity.';
