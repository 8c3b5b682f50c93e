-- =============================================================================
-- #19 item 26: an anonymous like counts once per visitor, and an anonymous
-- unlike takes it back on the server too.
--
-- A visitor is the random token the browser keeps in local storage next to
-- the spec's liked list; only its hash is stored (client_hash). Without a
-- token (older clients, direct API calls) the visitor is the address, as
-- before. Tokens are free to mint, so the limits stay on the address: 30
-- likes per hour, 20 per article per minute, and now 10 per article and
-- address per day (a household or office shares one address).
-- Unliking needs the token: public.unlike_article_anonymously.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: functions
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
  v_token text := nullif(btrim(coalesce(new.client_hash, '')), '');
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
  if v_address is null then
    new.client_hash := null;
    return new;
  end if;
  if v_token is not null then
    if v_token !~ '^[A-Za-z0-9_-]{16,100}$' then
      raise exception 'Invalid visitor token.' using errcode = 'invalid_parameter_value';
    end if;
    new.client_hash := private.blog_visitor_hash(v_token);
  else
    new.client_hash := md5('blog-like:' || v_address);
  end if;
  if exists (select 1 from public.blog_article_likes l
              where l.article_id = new.article_id and l.client_hash = new.client_hash) then
    raise exception 'You already like this article.' using errcode = 'unique_violation';
  end if;
  perform private.hit_rate_limit('like:visitor:' || md5('blog-like:' || v_address), interval '1 hour', 30, v_message);
  perform private.hit_rate_limit('like:article:' || new.article_id::text, interval '1 minute', 20, v_message);
  perform private.hit_rate_limit('like:article-address:' || md5(new.article_id::text || ':' || v_address),
    interval '1 day', 10, v_message);
  return new;
end
$$;
comment on function private.blog_like_before_insert() is
  'Before a like: published articles only; signed-in likes carry the user; anonymous ones are marked ''anonymous'' and count once per visitor (token hash, or the address without one) and article; limited per address to 30 per hour, 10 per article per day, and 20 per article per minute (HTTP 429).';

create function private.blog_visitor_hash(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select md5('blog-like-visitor:' || p_token)
$$;
comment on function private.blog_visitor_hash(text) is
  'What is stored of an anonymous visitor''s token (blog_article_likes.client_hash).';

create function public.unlike_article_anonymously(p_article_id uuid, p_visitor_token text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.blog_article_likes l
   where l.article_id = p_article_id
     and l.user_id is null
     and l.client_hash = private.blog_visitor_hash(coalesce(p_visitor_token, ''))
     and char_length(coalesce(p_visitor_token, '')) >= 16;
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;
comment on function public.unlike_article_anonymously(uuid, text) is
  'Removes the anonymous like this visitor token gave the article; true when there was one.';

revoke execute on function private.blog_visitor_hash(text) from public, anon, authenticated;
revoke execute on function public.unlike_article_anonymously(uuid, text) from public, authenticated;
grant execute on function public.unlike_article_anonymously(uuid, text) to anon;

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

-- The visitor's token travels in client_hash; the trigger stores its hash.
grant insert (client_hash) on table public.blog_article_likes to anon;
