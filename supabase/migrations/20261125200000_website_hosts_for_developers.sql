-- =============================================================================
-- Feedback about pages on localhost, IP addresses and intranet names (issue
-- #19 item 3): a developer testing their own site is a core user, and the
-- extension sent such pages only to be told "Missing information".
--
-- A feedback's website URL may now have as host, besides a public-style
-- name: `localhost`, an IPv4 address, a bracketed IPv6 address, or a
-- one-label name when the address carries an explicit http(s) scheme (a bare
-- word typed without one stays a typo). Mirrors isValidWebsiteHost in
-- shared/domain/domain-match.ts and normalizeWebsiteUrl in
-- shared/domain/validation/fields.ts.
--
-- Company domains do not change: normalize_domain keeps is_valid_hostname,
-- so no company can claim `localhost` or an address, and such feedback
-- reaches no company.
-- =============================================================================

create function private.is_valid_website_host(p_host text, p_explicit_scheme boolean)
returns boolean
language sql
immutable
set search_path = ''
as $$
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
$$;
comment on function private.is_valid_website_host(text, boolean) is
  'True for the host of a page feedback may be about: a public-style name, localhost, an IPv4 or [IPv6] address, or a one-label name when the URL had an explicit http(s) scheme. Mirrors isValidWebsiteHost.';

-- Latest definition: 20261125110003_bound_rpcs.sql; only the host rule changes.
create or replace function private.normalize_website_url(p_input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

revoke all on function private.is_valid_website_host(text, boolean) from public;
