-- =============================================================================
-- Red-team finding L4: anonymous likes and analytics events get limits that
-- cannot be spoofed, and an anonymous like counts once per visitor.
--
-- * The caller's address is the gateway's `x-forwarded-for` (the embedded
--   gateway overwrites the client's header with the socket's peer, hosted
--   Supabase's gateway sets it too); `x-real-ip` is no longer read, a client
--   could send it.
-- * Limits count in a small table of fixed windows instead of counting the
--   rows: a count misses the earlier rows of a multi-row insert (one request
--   carrying 10 000 events) and races between parallel requests; the counter
--   row is locked by its upsert, so neither escapes.
-- * An anonymous like is unique per article and visitor (hash of the
--   address); existing repeated likes keep counting but lose their hash.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table if not exists private.visitor_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);
comment on table private.visitor_limit_hits is
  'Requests counted per limit bucket (address or account hash) and fixed window; old windows are pruned as new ones are counted.';

create index if not exists visitor_limit_hits_window_start_idx
  on private.visitor_limit_hits (window_start);

revoke all on table private.visitor_limit_hits from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create or replace function private.visitor_address()
returns text
language sql
stable
set search_path = ''
as $$
  -- The first entry: the embedded gateway sends exactly one, the client's
  -- socket address; `::ffff:1.2.3.4` and `1.2.3.4` are one address.
  select nullif(regexp_replace(lower(btrim(split_part(
           nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
           ',', 1))), '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), '')
$$;
comment on function private.visitor_address() is
  'The caller''s address as the API gateway saw it (x-forwarded-for, first entry), or null outside a request.';

create or replace function private.hit_visitor_limit(
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
  v_window_start timestamptz := date_bin(p_window, now(), timestamptz '2000-01-01 00:00:00+00');
  v_hits integer;
  v_retry integer;
begin
  insert into private.visitor_limit_hits as h (bucket, window_start, hits)
  values (p_bucket, v_window_start, 1)
  on conflict (bucket, window_start) do update set hits = h.hits + 1
  returning h.hits into v_hits;
  if v_hits > p_max then
    v_retry := greatest(1, ceil(extract(epoch from (v_window_start + p_window - now())))::integer);
    -- PostgREST's own way to answer with a status and headers (429 with
    -- Retry-After, DECISIONS.md "Client address").
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'PT429', 'message', p_message)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', v_retry::text))::text;
  end if;
  -- Keep the table small: a few windows that ended over a day ago go with
  -- each hit.
  delete from private.visitor_limit_hits h
   where h.ctid in (select o.ctid from private.visitor_limit_hits o
                     where o.window_start < now() - interval '1 day' limit 20);
end
$$;
comment on function private.hit_visitor_limit(text, interval, integer, text) is
  'Counts one request in the bucket''s current window; past p_max it raises HTTP 429 with Retry-After and p_message.';

revoke all on function private.hit_visitor_limit(text, interval, integer, text) from public, anon, authenticated;

create or replace function private.blog_like_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_address text;
  v_message constant text := 'Too many likes. Please try again later.';
begin
  if not exists (select 1 from public.blog_articles a where a.id = new.article_id and a.published) then
    raise exception 'You can only like published articles.' using errcode = 'insufficient_privilege';
  end if;
  new.created_at := now();
  if v_uid is not null then
    if new.user_id is not null and new.user_id <> v_uid then
      raise exception 'You can only like as yourself.' using errcode = 'insufficient_privilege';
    end if;
    new.user_id := v_uid;
    select u.email into new.user_email from auth.users u where u.id = v_uid;
    new.ip_address := null;
    new.client_hash := null;
    return new;
  end if;
  -- Without a session only the anonymous policy applies (user_id null);
  -- trusted server code may record a user's like directly.
  if new.user_id is not null then
    return new;
  end if;
  new.user_email := null;
  new.ip_address := 'anonymous';
  v_address := private.visitor_address();
  -- A request without an address (none reaches PostgREST through the
  -- gateway) shares one visitor; only trusted server code has no role.
  if v_address is null and auth.role() is not null then
    v_address := 'unknown';
  end if;
  new.client_hash := case when v_address is not null then md5('blog-like:' || v_address) end;
  if new.client_hash is null then
    return new;
  end if;
  if exists (select 1 from public.blog_article_likes l
              where l.article_id = new.article_id and l.client_hash = new.client_hash) then
    raise exception 'You already like this article.' using errcode = 'unique_violation';
  end if;
  perform private.hit_visitor_limit('like:visitor:' || new.client_hash, interval '1 hour', 30, v_message);
  perform private.hit_visitor_limit('like:article:' || new.article_id::text, interval '1 minute', 20, v_message);
  return new;
end
$$;
comment on function private.blog_like_before_insert() is
  'Before a like: published articles only; signed-in likes carry the user; anonymous ones are marked ''anonymous'', count once per visitor and article, and are limited to 30 per visitor per hour and 20 per article per minute (HTTP 429).';

create or replace function private.analytics_event_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_address text;
  v_message constant text := 'Too many events. Please try again later.';
begin
  if auth.uid() is not null or auth.role() in ('anon', 'authenticated') then
    new.user_id := auth.uid();
  end if;
  new.event_name := lower(btrim(coalesce(new.event_name, '')));
  new.properties := coalesce(new.properties, '{}');
  new.created_at := now();
  -- Clients (any JWT role but the service's) are limited per address and,
  -- signed in, per account (DECISIONS.md "Client address").
  if auth.role() in ('anon', 'authenticated') then
    v_address := coalesce(private.visitor_address(), 'unknown');
    perform private.hit_visitor_limit(
      'analytics:address:' || md5('analytics:' || v_address), interval '1 hour', 300, v_message);
    if auth.uid() is not null then
      perform private.hit_visitor_limit(
        'analytics:user:' || auth.uid()::text, interval '1 hour', 150, v_message);
    end if;
  end if;
  return new;
end
$$;
comment on function private.analytics_event_before_insert() is
  'Before an event is recorded: the user comes from the session, the name is normalised; clients are limited to 300 events per address and 150 per account per hour (HTTP 429).';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

-- Repeated anonymous likes recorded before this migration keep counting; only
-- the first of each visitor and article keeps its hash.
update public.blog_article_likes l
   set client_hash = null
 where l.client_hash is not null
   and exists (select 1 from public.blog_article_likes e
                where e.article_id = l.article_id and e.client_hash = l.client_hash
                  and (e.created_at, e.id) < (l.created_at, l.id));

create unique index if not exists blog_article_likes_once_per_visitor
  on public.blog_article_likes (article_id, client_hash) where client_hash is not null;

comment on table public.blog_article_likes is
  'Likes of published articles: one per signed-in user and one per anonymous visitor (address hash) per article, anonymous ones rate limited. A signed-in user reads only their own.';
