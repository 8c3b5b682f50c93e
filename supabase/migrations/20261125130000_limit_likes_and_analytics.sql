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
-- Section: functions (counted by private.hit_rate_limit, the one limiter of
-- database-side limits, 20261125110000_close_company_reads.sql)
-- -----------------------------------------------------------------------------

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
  v_address := private.request_address();
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
  perform private.hit_rate_limit('like:visitor:' || new.client_hash, interval '1 hour', 30, v_message);
  perform private.hit_rate_limit('like:article:' || new.article_id::text, interval '1 minute', 20, v_message);
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
    perform private.check_rate_limit('analytics', 150, 300, interval '1 hour', v_message);
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
