-- =============================================================================
-- What companies and consumers can read that they should not (outside review
-- M3, M4, L6).
--
-- M3: get_similar_feedback gave any account the titles and 280-character
-- excerpts of any site's feedback, ranked by similarity to whatever it typed
-- (title and description): a dozen keyword queries harvested half a site,
-- including for a company that had only added, not verified, the domain.
-- Now it stays the duplicate check it is meant to be: other people's
-- feedback comes back only when most of its title is in what the caller
-- typed, with the title and counts and never its text (excerpt only for the
-- caller's own), matched on the title alone (the description is no oracle),
-- never for a company that lists the site without having verified it, and at
-- most 60 calls per account and 180 per address per 10 minutes.
--
-- M4: the company list's search matched the whole description while the
-- list shows its first 160 characters, so a free company learned hidden text
-- a character at a time without spending a view. The search now matches
-- exactly the fields the list returns. And on a plan with a view allowance
-- the list itself returns the excerpt and the AI labels only for feedback
-- opened this period (DECISIONS "What a free company sees before a view",
-- issue #19 item 18): before a view, title, category, status, votes, date
-- and host/path.
--
-- L6: company_feedback_events were written for, and readable by, a company
-- that had only added a domain. Events are now written for companies that
-- verified the feedback's domain, and reading one (REST or realtime) needs
-- the domain to be verified still.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables (the one rate limiter of database-side limits)
-- -----------------------------------------------------------------------------

create table private.rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);
comment on table private.rate_limit_hits is
  'Requests counted per limit bucket (e.g. <scope>:account:<uid>, <scope>:address:<hash>) and fixed window; windows over a day old are pruned as new ones are counted.';

-- The sweep of windows whose bucket never came back.
create index rate_limit_hits_window_start_idx on private.rate_limit_hits (window_start);

alter table private.rate_limit_hits enable row level security;
revoke all on table private.rate_limit_hits from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions (rate limit)
-- -----------------------------------------------------------------------------

-- The client address as the gateway decided it: hosted Supabase's gateway and
-- ours both set X-Forwarded-For (ours overwrites the client's own header with
-- the socket's peer); `::ffff:1.2.3.4` and `1.2.3.4` are one address. Null
-- outside an HTTP request.
create function private.request_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(regexp_replace(lower(btrim(split_part(
           nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
           ',', 1))), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), '')
$$;
comment on function private.request_address() is
  'The caller''s address from request.headers x-forwarded-for (set by the gateway, never the client''s own header); null outside a request.';

-- Counts one request in a bucket's current fixed window. The counter row is
-- locked by its upsert, so parallel requests and the rows of one multi-row
-- insert are all counted. Past p_max: HTTP 429 with Retry-After (PostgREST's
-- RAISE SQLSTATE 'PGRST'); the raise rolls the count back with the request.
create function private.hit_rate_limit(
  p_bucket text,
  p_window interval,
  p_max integer,
  p_message text
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
comment on function private.hit_rate_limit(text, interval, integer, text) is
  'Counts one request in the bucket''s current window; past p_max raises HTTP 429 with Retry-After and p_message.';

-- One call of p_scope for the caller's account and for its address.
create function private.check_rate_limit(
  p_scope text,
  p_per_account integer,
  p_per_address integer,
  p_window interval,
  p_message text
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
comment on function private.check_rate_limit(text, integer, integer, interval, text) is
  'Counts one call of p_scope for the caller''s account and address in the current window; past either limit raises HTTP 429 with Retry-After and p_message.';

revoke all on function private.request_address(),
  private.hit_rate_limit(text, interval, integer, text),
  private.check_rate_limit(text, integer, integer, interval, text)
  from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions (M3, similar feedback)
-- -----------------------------------------------------------------------------

create or replace function public.get_similar_feedback(
  p_website_url text,
  p_text text default null,
  p_limit integer default 5
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  created_at timestamptz,
  similarity real,
  my_vote text,
  is_own boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  v_others := char_length(v_text) >= 3 and not exists (
    select 1 from public.companies c
     where c.user_id = v_uid
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
$$;
comment on function public.get_similar_feedback(text, text, integer) is
  'Duplicate check while writing: feedback about the same host whose title is mostly contained in p_text (pg_trgm word_similarity >= 0.5; the caller''s own always), with title, category, status and votes; the excerpt only of the caller''s own. Nothing of others for a company that lists the host unverified. 60 calls per account and 180 per address per 10 minutes (HTTP 429).';

-- -----------------------------------------------------------------------------
-- Section: functions (M4, company list search)
-- -----------------------------------------------------------------------------

-- The one definition of the list's excerpt: what the list shows and what its
-- search may match cannot drift apart.
create function private.company_list_excerpt(p_description text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(p_description, 160)
$$;
comment on function private.company_list_excerpt(text) is
  'The excerpt the company list shows of a feedback description (first 160 characters); the list search matches only this and the title.';

create or replace function private.company_feedback_rows(
  p_company public.companies,
  p_domains text[],
  p_search text,
  p_category text,
  p_status text,
  p_from timestamptz,
  p_to timestamptz,
  p_limit integer,
  p_offset bigint
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
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_plan text;
  v_start timestamptz;
  -- On a plan with a view allowance the text is behind the view (DECISIONS
  -- "What a free company sees before a view"): the excerpt and the AI
  -- labels come back, and are searched, only for feedback opened this period.
  v_locked boolean;
  -- A domain under another listed domain adds nothing; without them every
  -- host matches at most one root, so the range scans never overlap.
  v_roots text[] := array(
    select d from unnest(p_domains) as d
     where not exists (select 1 from unnest(p_domains) as e where d like '%.' || e));
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = p_company.id;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  v_locked := private.view_limit(coalesce(v_plan, 'free')) is not null;
  return query
    -- The page's keys and the total come from feedback_host_created_idx alone
    -- (an index-only scan: host, date, id, category, status); only the rows
    -- of the page are read from the table. The search needs the texts, so it
    -- looks them up per candidate, and matches only what the list returns
    -- (title and excerpt, on every plan), never text that opens with a view.
    with keys as (
      select f.id, count(*) over () as total
        from unnest(v_roots) as d(dom)
        join public.feedback f
          on reverse(f.website_host) ~>=~ reverse(d.dom)
         and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
         and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
       where (v_pattern is null or exists (
               select 1 from public.feedback s
                where s.id = f.id
                  and (private.mask_contact(s.title) ilike v_pattern
                       or ((not v_locked or exists (
                              select 1 from public.company_feedback_views v
                               where v.company_id = p_company.id and v.feedback_id = s.id
                                 and v.viewed_at >= v_start))
                           and private.company_list_excerpt(private.mask_contact(s.description)) ilike v_pattern))))
         and (p_category is null or f.category = p_category)
         and (p_status is null or f.status = p_status)
         and (p_from is null or f.created_at >= p_from)
         and (p_to is null or f.created_at < p_to)
       order by f.created_at desc, f.id desc
       limit p_limit offset p_offset
    ), page as (
      select f.*, k.total,
             exists (select 1 from public.company_feedback_views v
                      where v.company_id = p_company.id and v.feedback_id = f.id
                        and v.viewed_at >= v_start) as seen
        from keys k join public.feedback f on f.id = k.id
    )
    select pg.id, private.mask_contact(pg.title),
           case when pg.seen or not v_locked
                then private.company_list_excerpt(private.mask_contact(pg.description)) end,
           pg.category, pg.status,
           substring(pg.website_url from '^[^?#]*'), pg.website_host, pg.created_at, pg.updated_at,
           pg.screenshot_url is not null, pg.audio_url is not null,
           coalesce(pr.verified_linkedin, false), coalesce(st.reputation, 0), pg.quality_score,
           pg.upvotes, pg.downvotes, pg.total_votes, pg.view_count,
           case when pg.seen or not v_locked then pg.priority end,
           case when pg.seen or not v_locked then pg.sentiment end,
           case when pg.seen or not v_locked then pg.tags end,
           pg.seen,
           vt.vote_type, pg.user_id = v_uid,
           exists (select 1 from public.company_domains cd
                    where cd.company_id = p_company.id and cd.verified_at is not null
                      and private.host_matches_domains(pg.website_host, array[cd.domain])),
           pg.total
      from page pg
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
     order by pg.created_at desc, pg.id desc;
end
$$;
comment on function private.company_feedback_rows(public.companies, text[], text, text, text, timestamptz, timestamptz, integer, bigint) is
  'Summaries of the feedback matching the given company domains (exact or subdomain), filtered and paged; on a plan with a view allowance the excerpt and AI labels only for feedback opened this period; the search matches only what the list shows; contact details masked; no author identity.';

-- -----------------------------------------------------------------------------
-- Section: functions (L6, company feedback events)
-- -----------------------------------------------------------------------------

-- Companies that verified a domain the host is (or is under).
create or replace function private.add_company_events(p_feedback_id uuid, p_host text, p_event text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.company_feedback_events (company_id, feedback_id, event_type)
  select distinct d.company_id, p_feedback_id, p_event
    from public.company_domains d
   where p_host is not null
     and d.verified_at is not null
     and d.domain = any(private.host_suffixes(p_host))
$$;
comment on function private.add_company_events(uuid, text, text) is
  'Signals an event on a feedback to every company that verified its domain (exact or parent); unverified domains get no events.';

-- Policy helper: the event's feedback is on a domain the company verified.
create function private.company_event_visible(p_company_id uuid, p_feedback_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.feedback f
     where f.id = p_feedback_id
       and private.host_matches_domains(f.website_host, private.verified_domains(p_company_id)))
$$;
comment on function private.company_event_visible(uuid, uuid) is
  'True when the feedback of a company event is on one of the company''s verified domains (RLS of company_feedback_events, so realtime too).';

revoke all on function private.company_list_excerpt(text), private.company_event_visible(uuid, uuid)
  from public, anon, authenticated;
grant execute on function private.company_event_visible(uuid, uuid) to authenticated;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

drop policy if exists "Companies can read their own feedback events" on public.company_feedback_events;
create policy "Companies can read their own feedback events on verified domains"
  on public.company_feedback_events for select to authenticated
  using (company_id in (
           select c.id from public.companies c where c.user_id = (select auth.uid()))
         and private.company_event_visible(company_id, feedback_id));

-- Events already written for domains that were never verified.
delete from public.company_feedback_events e
 where not private.company_event_visible(e.company_id, e.feedback_id);
