-- =============================================================================
-- Technical context on feedback (issue #26): the console errors, failed
-- requests and environment the extension recorded on a site the author
-- opted in for, minus the lines they unticked. The extension masks secrets
-- before sending (shared/domain/mask-secrets.ts); nothing from the client is
-- trusted here: the shape and limits are checked again (a check constraint
-- and a clear error before it), request addresses must carry no query or
-- fragment, and every string is masked again with the same rules. It holds
-- no author identity: only the fields below are accepted.
--
-- Who reads it: the author (their own row, as every column), and a company
-- only through get_company_feedback_detail, i.e. behind the view allowance
-- and the verified domain, exactly like the description. The list, search,
-- export and webhooks do not carry it.
-- =============================================================================

alter table public.feedback add column technical_context jsonb;
comment on column public.feedback.technical_context is
  'Opt-in technical context from the extension: {environment {browser, os, viewport, devicePixelRatio, language}, consoleErrors [{kind, message, at}], failedRequests [{method, status, url, at}]}, at most 50 of each, secrets masked on insert; companies read it only through get_company_feedback_detail.';

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- The rules of shared/domain/mask-secrets.ts in PostgreSQL's regular
-- expressions; text the extension masked masks to itself.
create function private.mask_secrets(p_text text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v text := p_text;
  v_names text := '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|key|secret|password|passwd|pwd|pass|auth|session(?:[_-]?id)?|sid|code|signature|sig|otp|jwt)';
  v_fields text := '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|secret|password|passwd|jwt|session[_-]?id)';
begin
  if v is null then
    return null;
  end if;
  v := regexp_replace(v, '\yeyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?', '[jwt]', 'g');
  v := regexp_replace(v,
    '[A-Za-z0-9!#$%''*+^_`{|}~.-]*[A-Za-z0-9!#$%&''*+/=?^_`{|}~.-]?@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}',
    '[email]', 'g');
  v := regexp_replace(v, '\y(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+', '\1 [secret]', 'gi');
  v := regexp_replace(v, '\y(' || v_names || '=)[^&\s#;,"''<>]+', '\1[secret]', 'gi');
  v := regexp_replace(v, '(["'']?\y' || v_fields || '["'']?\s*:\s*["'']?)[^"''\s,}&]+', '\1[secret]', 'gi');
  v := regexp_replace(v, '\y[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\y', '[id]', 'gi');
  v := regexp_replace(v, '\y[0-9a-f]{24,}\y', '[hex]', 'gi');
  v := regexp_replace(v, '\+\d(?:[\s.()-]*\d){7,14}', '[number]', 'g');
  v := regexp_replace(v, '\y\d(?:[ -]?\d){11,}\y', '[number]', 'g');
  v := regexp_replace(v,
    '(?=[A-Za-z0-9+/=]*[0-9])(?=[A-Za-z0-9+/=]*[a-z])(?=[A-Za-z0-9+/=]*[A-Z])[A-Za-z0-9+/=]{32,}',
    '[secret]', 'g');
  v := regexp_replace(v,
    '(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{32,}',
    '[secret]', 'g');
  v := regexp_replace(v,
    '(^|[^A-Za-z0-9_-])(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])([A-Za-z0-9]{32,})(?![A-Za-z0-9_-])',
    '\1[secret]', 'g');
  return v;
end
$$;
comment on function private.mask_secrets(text) is
  'Masks credentials (JWTs, bearer tokens, key=/token=/password= values), e-mail addresses, UUIDs, long hex and base64 strings and long numbers, as shared/domain/mask-secrets.ts does; idempotent.';

-- Exactly the shape of shared/domain/technical-context.ts, nothing more.
create function private.technical_context_valid(p_context jsonb)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_env jsonb;
  v_item jsonb;
  v_at text := '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$';
begin
  if p_context is null then
    return true;
  end if;
  if jsonb_typeof(p_context) <> 'object'
     or octet_length(p_context::text) > 65536
     or exists (select 1 from jsonb_object_keys(p_context) k
                 where k not in ('environment', 'consoleErrors', 'failedRequests'))
     or jsonb_typeof(p_context -> 'environment') is distinct from 'object'
     or jsonb_typeof(p_context -> 'consoleErrors') is distinct from 'array'
     or jsonb_typeof(p_context -> 'failedRequests') is distinct from 'array'
     or jsonb_array_length(p_context -> 'consoleErrors') > 50
     or jsonb_array_length(p_context -> 'failedRequests') > 50 then
    return false;
  end if;

  v_env := p_context -> 'environment';
  if exists (select 1 from jsonb_each(v_env) e
              where e.key not in ('browser', 'os', 'viewport', 'devicePixelRatio', 'language')
                 or (e.key in ('browser', 'os')
                     and (jsonb_typeof(e.value) <> 'string'
                          or char_length(e.value #>> '{}') not between 1 and 60))
                 or (e.key = 'viewport'
                     and (jsonb_typeof(e.value) <> 'string'
                          or (e.value #>> '{}') !~ '^\d{1,5}×\d{1,5}$'))
                 or (e.key = 'language'
                     and (jsonb_typeof(e.value) <> 'string'
                          or (e.value #>> '{}') !~ '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$'))
                 or (e.key = 'devicePixelRatio'
                     and (jsonb_typeof(e.value) <> 'number'
                          or (e.value #>> '{}')::numeric not between 0.1 and 10))) then
    return false;
  end if;

  for v_item in select value from jsonb_array_elements(p_context -> 'consoleErrors') loop
    if jsonb_typeof(v_item) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_item) k) <> array['at', 'kind', 'message']
       or jsonb_typeof(v_item -> 'kind') <> 'string' or v_item ->> 'kind' not in ('error', 'rejection')
       or jsonb_typeof(v_item -> 'message') <> 'string'
       or char_length(v_item ->> 'message') not between 1 and 500
       or jsonb_typeof(v_item -> 'at') <> 'string' or (v_item ->> 'at') !~ v_at then
      return false;
    end if;
  end loop;

  for v_item in select value from jsonb_array_elements(p_context -> 'failedRequests') loop
    if jsonb_typeof(v_item) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_item) k) <> array['at', 'method', 'status', 'url']
       or jsonb_typeof(v_item -> 'method') <> 'string' or (v_item ->> 'method') !~ '^[A-Z]{1,10}$'
       or jsonb_typeof(v_item -> 'status') <> 'number' or (v_item ->> 'status') !~ '^\d{1,3}$'
       or (v_item ->> 'status')::integer > 599
       or jsonb_typeof(v_item -> 'url') <> 'string'
       or char_length(v_item ->> 'url') not between 1 and 500 or (v_item ->> 'url') ~ '[?#]'
       or jsonb_typeof(v_item -> 'at') <> 'string' or (v_item ->> 'at') !~ v_at then
      return false;
    end if;
  end loop;
  return true;
end
$$;
comment on function private.technical_context_valid(jsonb) is
  'True when a feedback''s technical_context has exactly the expected shape and limits (null is valid): at most 50 console errors and 50 failed requests, bounded strings, request addresses without query or fragment, at most 64 KB.';

-- Every string of a valid context masked again (and cut back to its limit,
-- a mask being longer than what it hides).
create function private.mask_technical_context(p_context jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select jsonb_build_object(
    'environment', coalesce((
      select jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
                                          then to_jsonb(left(private.mask_secrets(e.value #>> '{}'), 60))
                                          else e.value end)
        from jsonb_each(p_context -> 'environment') e), '{}'::jsonb),
    'consoleErrors', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', i.value -> 'kind',
               'message', left(private.mask_secrets(i.value ->> 'message'), 500),
               'at', i.value -> 'at') order by i.ordinality)
        from jsonb_array_elements(p_context -> 'consoleErrors') with ordinality i), '[]'::jsonb),
    'failedRequests', coalesce((
      select jsonb_agg(jsonb_build_object(
               'method', i.value -> 'method',
               'status', i.value -> 'status',
               'url', left(private.mask_secrets(i.value ->> 'url'), 500),
               'at', i.value -> 'at') order by i.ordinality)
        from jsonb_array_elements(p_context -> 'failedRequests') with ordinality i), '[]'::jsonb))
$$;
comment on function private.mask_technical_context(jsonb) is
  'A valid technical context with every string masked again by private.mask_secrets and cut to its limit.';

create function private.feedback_technical_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.technical_context is null or jsonb_typeof(new.technical_context) = 'null' then
    new.technical_context := null;
    return new;
  end if;
  if not private.technical_context_valid(new.technical_context) then
    raise exception 'The technical context is not in the expected shape.'
      using errcode = 'check_violation',
            hint = 'Send environment, consoleErrors (at most 50) and failedRequests (at most 50), addresses without query or fragment.';
  end if;
  new.technical_context := private.mask_technical_context(new.technical_context);
  return new;
end
$$;
comment on function private.feedback_technical_context() is
  'Before a feedback is inserted: its technical context checked (clear error) and every string masked again; never trusted from the client.';

create trigger feedback_before_insert_technical_context
  before insert on public.feedback
  for each row execute function private.feedback_technical_context();

-- Set once, by its author: nobody rewrites what was sent (clients have no
-- UPDATE grant; this holds for server-side code as well).
create function private.feedback_technical_context_fixed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.technical_context := old.technical_context;
  return new;
end
$$;
comment on function private.feedback_technical_context_fixed() is
  'Before a feedback changes: its technical context stays as sent.';

create trigger feedback_before_update_technical_context
  before update of technical_context on public.feedback
  for each row execute function private.feedback_technical_context_fixed();

revoke all on function private.mask_secrets(text), private.technical_context_valid(jsonb),
  private.mask_technical_context(jsonb), private.feedback_technical_context(),
  private.feedback_technical_context_fixed()
  from public, anon, authenticated;

-- The check constraint runs as the inserting role; the validator reads
-- nothing but its argument.
grant execute on function private.technical_context_valid(jsonb) to authenticated, service_role;

alter table public.feedback add constraint feedback_technical_context_shape
  check (private.technical_context_valid(technical_context));

grant insert (technical_context) on table public.feedback to authenticated;

-- -----------------------------------------------------------------------------
-- Section: the company's detail, with the context (latest definition:
-- 20261125250000_view_limit_error_code.sql; only technical_context is added,
-- and a changed result needs the function dropped first)
-- -----------------------------------------------------------------------------

drop function public.get_company_feedback_detail(uuid);

create function public.get_company_feedback_detail(feedback_uuid uuid)
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
  is_own boolean,
  technical_context jsonb
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
      using errcode = 'PT402',
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
           v.vote_type, f.user_id = v_uid, f.technical_context
      from public.feedback f
      left join public.profiles p on p.id = f.user_id
      left join public.user_stats s on s.user_id = f.user_id
      left join public.feedback_votes v on v.feedback_id = f.id and v.user_id = v_uid
     where f.id = feedback_uuid;
end
$$;
comment on function public.get_company_feedback_detail(uuid) is
  'Opens one matching feedback for the caller''s company through the view allowance (recording the view, pending → read) and returns it in full, with its technical context, without author identity and with e-mail addresses and phone numbers masked; raises ''Daily limit reached'' with SQLSTATE PT402 (HTTP 402) when the allowance is used up.';

revoke all on function public.get_company_feedback_detail(uuid) from public, anon;
grant execute on function public.get_company_feedback_detail(uuid) to authenticated;
