-- =============================================================================
-- Blog: articles, categories, tags, likes, slugs and the blog administrators
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.blog_articles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    slug text NOT NULL,
    content text NOT NULL,
    excerpt text DEFAULT ''::text NOT NULL,
    meta_title text DEFAULT ''::text NOT NULL,
    meta_description text DEFAULT ''::text NOT NULL,
    featured_image_url text DEFAULT ''::text NOT NULL,
    published boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone,
    author_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blog_articles_content_length CHECK (((char_length(content) >= 1) AND (char_length(content) <= 200000))),
    CONSTRAINT blog_articles_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 200)))
);

COMMENT ON TABLE public.blog_articles IS 'Blog articles: drafts (published false) visible to blog admins only, published ones to everyone.';

COMMENT ON COLUMN public.blog_articles.content IS 'Sanitised HTML; scripts, event handlers and javascript: URLs are refused.';

COMMENT ON COLUMN public.blog_articles.published_at IS 'Set the first time the article is published.';

COMMENT ON COLUMN public.blog_articles.author_id IS 'The admin who created it; shown publicly as the team.';

ALTER TABLE ONLY public.blog_articles
    ADD CONSTRAINT blog_articles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_articles
    ADD CONSTRAINT blog_articles_slug_key UNIQUE (slug);

CREATE INDEX blog_articles_author_id_idx ON public.blog_articles USING btree (author_id);

CREATE INDEX blog_articles_created_at_idx ON public.blog_articles USING btree (created_at DESC);

CREATE INDEX blog_articles_published_idx ON public.blog_articles USING btree (published_at DESC) WHERE published;

ALTER TABLE public.blog_articles ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_admins (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.blog_admins IS 'E-mails of the blog administrators (managed by operators). A signed-in user reads only their own row.';

ALTER TABLE ONLY public.blog_admins
    ADD CONSTRAINT blog_admins_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX blog_admins_user_email_key ON public.blog_admins USING btree (lower(user_email));

ALTER TABLE public.blog_admins ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_article_categories (
    article_id uuid NOT NULL,
    category_id uuid NOT NULL
);

COMMENT ON TABLE public.blog_article_categories IS 'Categories of an article; visible with the article.';

ALTER TABLE ONLY public.blog_article_categories
    ADD CONSTRAINT blog_article_categories_pkey PRIMARY KEY (article_id, category_id);

CREATE INDEX blog_article_categories_category_id_idx ON public.blog_article_categories USING btree (category_id);

ALTER TABLE public.blog_article_categories ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_article_likes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    article_id uuid NOT NULL,
    user_id uuid,
    user_email text,
    ip_address text,
    client_hash text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.blog_article_likes IS 'Likes of published articles: one per signed-in user and one per anonymous visitor (address hash) per article, anonymous ones rate limited. A signed-in user reads only their own.';

COMMENT ON COLUMN public.blog_article_likes.ip_address IS 'The spec''s marker: ''anonymous'' for anonymous likes, null otherwise; no address is stored.';

COMMENT ON COLUMN public.blog_article_likes.client_hash IS 'Hash of the anonymous client''s forwarded address, for the rate limit only.';

ALTER TABLE ONLY public.blog_article_likes
    ADD CONSTRAINT blog_article_likes_once UNIQUE (article_id, user_id);

ALTER TABLE ONLY public.blog_article_likes
    ADD CONSTRAINT blog_article_likes_pkey PRIMARY KEY (id);

CREATE INDEX blog_article_likes_article_id_idx ON public.blog_article_likes USING btree (article_id, created_at);

CREATE INDEX blog_article_likes_client_hash_idx ON public.blog_article_likes USING btree (client_hash, created_at) WHERE (client_hash IS NOT NULL);

CREATE UNIQUE INDEX blog_article_likes_once_per_visitor ON public.blog_article_likes USING btree (article_id, client_hash) WHERE (client_hash IS NOT NULL);

CREATE INDEX blog_article_likes_user_id_idx ON public.blog_article_likes USING btree (user_id) WHERE (user_id IS NOT NULL);

ALTER TABLE public.blog_article_likes ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_article_slug_redirects (
    old_slug text NOT NULL,
    article_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.blog_article_slug_redirects IS 'Slugs an article had before: /blog/<old_slug> redirects to the article''s current slug. Readable with the article; written by blog admins (the article trigger).';

ALTER TABLE ONLY public.blog_article_slug_redirects
    ADD CONSTRAINT blog_article_slug_redirects_pkey PRIMARY KEY (old_slug);

CREATE INDEX blog_article_slug_redirects_article_id_idx ON public.blog_article_slug_redirects USING btree (article_id);

ALTER TABLE public.blog_article_slug_redirects ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_article_tags (
    article_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

COMMENT ON TABLE public.blog_article_tags IS 'Tags of an article; visible with the article.';

ALTER TABLE ONLY public.blog_article_tags
    ADD CONSTRAINT blog_article_tags_pkey PRIMARY KEY (article_id, tag_id);

CREATE INDEX blog_article_tags_tag_id_idx ON public.blog_article_tags USING btree (tag_id);

ALTER TABLE public.blog_article_tags ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_categories (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blog_categories_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100)))
);

COMMENT ON TABLE public.blog_categories IS 'Blog categories; readable by everyone, written by blog admins.';

ALTER TABLE ONLY public.blog_categories
    ADD CONSTRAINT blog_categories_name_key UNIQUE (name);

ALTER TABLE ONLY public.blog_categories
    ADD CONSTRAINT blog_categories_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_categories
    ADD CONSTRAINT blog_categories_slug_key UNIQUE (slug);

ALTER TABLE public.blog_categories ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.blog_tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    slug text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blog_tags_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 60)))
);

COMMENT ON TABLE public.blog_tags IS 'Blog tags; readable by everyone, written by blog admins.';

ALTER TABLE ONLY public.blog_tags
    ADD CONSTRAINT blog_tags_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blog_tags
    ADD CONSTRAINT blog_tags_slug_key UNIQUE (slug);

ALTER TABLE public.blog_tags ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY public.blog_article_categories
    ADD CONSTRAINT blog_article_categories_article_id_fkey FOREIGN KEY (article_id) REFERENCES public.blog_articles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_categories
    ADD CONSTRAINT blog_article_categories_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.blog_categories(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_likes
    ADD CONSTRAINT blog_article_likes_article_id_fkey FOREIGN KEY (article_id) REFERENCES public.blog_articles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_likes
    ADD CONSTRAINT blog_article_likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_slug_redirects
    ADD CONSTRAINT blog_article_slug_redirects_article_id_fkey FOREIGN KEY (article_id) REFERENCES public.blog_articles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_tags
    ADD CONSTRAINT blog_article_tags_article_id_fkey FOREIGN KEY (article_id) REFERENCES public.blog_articles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_article_tags
    ADD CONSTRAINT blog_article_tags_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES public.blog_tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blog_articles
    ADD CONSTRAINT blog_articles_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

-- ---------- functions ------------------------------------------------------

-- Runs as the writer (a blog admin: only they write articles), so the
-- redirect policies apply.
CREATE FUNCTION private.blog_article_after_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- The slug in use now is nobody's old slug any more.
  delete from public.blog_article_slug_redirects where old_slug = new.slug;
  if tg_op = 'UPDATE' and old.slug is distinct from new.slug then
    delete from public.blog_article_slug_redirects where old_slug = old.slug;
    insert into public.blog_article_slug_redirects (old_slug, article_id)
    values (old.slug, new.id);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.blog_article_after_write() IS 'After an article is saved: its previous slug redirects to it, and its current slug stops redirecting anywhere.';

CREATE FUNCTION private.blog_article_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  new.title := btrim(coalesce(new.title, ''));
  new.content := btrim(coalesce(new.content, ''));
  if new.title = '' or new.content = '' then
    raise exception 'Title and content are required' using errcode = 'check_violation';
  end if;
  if char_length(new.title) > 200 then
    raise exception 'Article titles are at most 200 characters long.' using errcode = 'check_violation';
  end if;
  new.slug := private.to_slug(coalesce(nullif(btrim(coalesce(new.slug, '')), ''), new.title));
  if new.slug = '' then
    new.slug := private.to_slug(new.title);
  end if;
  -- A title in a script without romanisation: a short, stable id.
  if new.slug = '' and new.title ~ '[^[:punct:][:space:][:cntrl:]]' then
    new.slug := 'article-' || left(replace(new.id::text, '-', ''), 8);
  end if;
  if new.slug = '' or char_length(new.slug) > 200 then
    raise exception 'Please enter a slug with at least one letter or digit.' using errcode = 'check_violation';
  end if;
  if private.blog_html_is_unsafe(new.content) then
    raise exception 'Article content may not contain scripts, event handlers or javascript: URLs.'
      using errcode = 'check_violation', hint = 'Sanitise the HTML before saving.';
  end if;
  new.excerpt := btrim(coalesce(new.excerpt, ''));
  new.meta_title := btrim(coalesce(new.meta_title, ''));
  new.meta_description := btrim(coalesce(new.meta_description, ''));
  new.featured_image_url := btrim(coalesce(new.featured_image_url, ''));
  if char_length(new.excerpt) > 1000 or char_length(new.meta_title) > 200
     or char_length(new.meta_description) > 500 then
    raise exception 'Excerpts are at most 1000 characters, meta titles 200 and meta descriptions 500.'
      using errcode = 'check_violation';
  end if;
  if new.featured_image_url <> '' and new.featured_image_url !~* '^https?://[^[:space:]"''<>]+$' then
    raise exception 'Please enter a valid image URL.' using errcode = 'check_violation';
  end if;
  new.published := coalesce(new.published, false);
  if tg_op = 'INSERT' then
    new.author_id := coalesce(auth.uid(), new.author_id);
    new.created_at := coalesce(new.created_at, now());
  else
    new.author_id := old.author_id;
    new.created_at := old.created_at;
  end if;
  if new.published and new.published_at is null then
    new.published_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$_$;

COMMENT ON FUNCTION private.blog_article_before_write() IS 'Before an article is saved: title and content required, slug cleaned or made from the title (article-<id> for titles without romanisation), unsafe HTML refused (private.blog_html_is_unsafe), image URL checked, published_at stamped on first publication.';

CREATE FUNCTION private.blog_html_is_unsafe(p_html text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  v text := lower(coalesce(p_html, ''));
  v_code integer;
  v_char text;
  v_tag text;
  v_attr text[];
  v_name text;
  v_value text;
begin
  if v = '' then
    return false;
  end if;
  -- Elements that run, embed or restyle active content.
  if v ~ '<[[:space:]]*/?[[:space:]]*(script|iframe|frame|frameset|object|embed|applet|meta|base|link|style|form|svg|math|template|noscript|xmp|plaintext|noembed|noframes|portal)([^a-z0-9]|$)' then
    return true;
  end if;
  -- Character references the browser decodes inside attribute values.
  -- Only the characters that can spell a scheme, a handler or its
  -- separators matter; anything else stays as it is.
  if v ~ '&#' then
    foreach v_code in array array(
      select g from generate_series(1, 127) g
       where g <= 32 or g in (34, 39, 40, 47, 58, 59, 61, 96)
          or g between 65 and 90 or g between 97 and 122)
    loop
      v_char := chr(v_code);
      v := regexp_replace(v, '&#0*' || v_code || '(?![0-9]);?', v_char, 'g');
      v := regexp_replace(v, '&#x0*' || to_hex(v_code) || '(?![0-9a-f]);?', v_char, 'g');
    end loop;
    v := lower(v);
  end if;
  v := replace(replace(replace(v, '&colon;', ':'), '&tab;', ' '), '&newline;', ' ');
  -- Event handlers inside a tag; quoted values are skipped whole, since
  -- `<img alt=">" onerror=…>` is one tag to the browser. Text (where `<` is
  -- escaped) may mention `onclick=`.
  if v ~ '<[a-z]([^>"''`]|"[^"]*"|''[^'']*''|`[^`]*`)*[[:space:]/"''`]on[a-z]+[[:space:]]*=' then
    return true;
  end if;
  -- Attribute values, tag by tag. A scheme acts only at the start of a value
  -- (browsers drop whitespace and control characters inside it); alt, title
  -- and aria-* are plain text.
  for v_tag in
    select m[1] from regexp_matches(v, '(<[a-z]([^>"''`]|"[^"]*"|''[^'']*''|`[^`]*`)*)', 'g') as m
  loop
    for v_attr in
      select a from regexp_matches(v_tag,
        '([^[:space:]"''`<>/=]+)[[:space:]]*=[[:space:]]*("[^"]*"|''[^'']*''|`[^`]*`|[^[:space:]>]+)', 'g') as a
    loop
      v_name := v_attr[1];
      v_value := v_attr[2];
      if left(v_value, 1) in ('"', '''', '`') then
        v_value := substr(v_value, 2, char_length(v_value) - 2);
      end if;
      v_value := regexp_replace(v_value, '[\x01-\x20]', '', 'g');
      if v_name = 'srcdoc' then
        return true;
      end if;
      if v_name = 'style' and v_value ~ '(javascript|vbscript|livescript):|expression\(' then
        return true;
      end if;
      continue when v_name in ('alt', 'title') or v_name like 'aria-%';
      if v_value ~ '^(javascript|vbscript|livescript):'
         or v_value ~ '^data:(?!image/(png|gif|jpe?g|webp|avif|bmp)[;,])' then
        return true;
      end if;
    end loop;
  end loop;
  return false;
end
$_$;

COMMENT ON FUNCTION private.blog_html_is_unsafe(p_html text) IS 'True when article HTML carries a script, iframe or other active element, an event handler, srcdoc, or an attribute value starting with a javascript:/vbscript:/non-image data: URL (character references and whitespace inside the scheme included). Text between tags is never read as a URL.';

CREATE FUNCTION private.blog_like_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.blog_like_before_insert() IS 'Before a like: published articles only; signed-in likes carry the user; anonymous ones are marked ''anonymous'' and count once per visitor (token hash, or the address without one) and article; limited per address to 30 per hour, 10 per article per day, and 20 per article per minute (HTTP 429).';

CREATE FUNCTION private.blog_term_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if new.name = '' then
    raise exception 'Please enter a tag name.' using errcode = 'check_violation';
  end if;
  new.slug := private.to_slug(coalesce(nullif(btrim(coalesce(new.slug, '')), ''), new.name));
  if new.slug = '' then
    raise exception 'Tag names need at least one letter or digit.' using errcode = 'check_violation';
  end if;
  return new;
end
$$;

COMMENT ON FUNCTION private.blog_term_before_write() IS 'Before a category or tag is saved: name trimmed and required, slug cleaned or made from the name.';

CREATE FUNCTION private.blog_visitor_hash(p_token text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select md5('blog-like-visitor:' || p_token)
$$;

COMMENT ON FUNCTION private.blog_visitor_hash(p_token text) IS 'What is stored of an anonymous visitor''s token (blog_article_likes.client_hash).';

-- Defined before the policies that call it.
CREATE FUNCTION private.is_blog_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1
      from auth.users u
      join public.blog_admins a on lower(a.user_email) = lower(u.email)
     where u.id = auth.uid() and u.email_confirmed_at is not null
  )
$$;

COMMENT ON FUNCTION private.is_blog_admin() IS 'True when the signed-in user''s confirmed e-mail is in blog_admins.';

-- Mirrors toSlug in shared/domain/slug.ts (transliteration.ts). Both cases
-- are listed: lower() leaves non-ASCII letters alone in the C locale.
CREATE FUNCTION private.to_slug(p_text text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v text := coalesce(p_text, '');
  v_map constant text[] := array['а','a', 'А','a', 'б','b', 'Б','b', 'в','v', 'В','v', 'г','g', 'Г','g', 'д','d', 'Д','d', 'е','e', 'Е','e', 'ж','zh', 'Ж','zh', 'з','z', 'З','z', 'и','i', 'И','i', 'к','k', 'К','k', 'л','l', 'Л','l', 'м','m', 'М','m', 'н','n', 'Н','n', 'о','o', 'О','o', 'п','p', 'П','p', 'р','r', 'Р','r', 'с','s', 'С','s', 'т','t', 'Т','t', 'у','u', 'У','u', 'ф','f', 'Ф','f', 'х','kh', 'Х','kh', 'ц','ts', 'Ц','ts', 'ч','ch', 'Ч','ch', 'ш','sh', 'Ш','sh', 'щ','shch', 'Щ','shch', 'ъ','', 'Ъ','', 'ы','y', 'Ы','y', 'ь','', 'Ь','', 'э','e', 'Э','e', 'ю','yu', 'Ю','yu', 'я','ya', 'Я','ya', 'і','i', 'І','i', 'є','ye', 'Є','ye', 'ґ','g', 'Ґ','g', 'ў','u', 'Ў','u', 'ј','j', 'Ј','j', 'љ','lj', 'Љ','lj', 'њ','nj', 'Њ','nj', 'ћ','c', 'Ћ','c', 'џ','dz', 'Џ','dz', 'ђ','dj', 'Ђ','dj', 'α','a', 'Α','a', 'β','v', 'Β','v', 'γ','g', 'Γ','g', 'δ','d', 'Δ','d', 'ε','e', 'Ε','e', 'ζ','z', 'Ζ','z', 'η','i', 'Η','i', 'θ','th', 'Θ','th', 'ι','i', 'Ι','i', 'κ','k', 'Κ','k', 'λ','l', 'Λ','l', 'μ','m', 'Μ','m', 'ν','n', 'Ν','n', 'ξ','x', 'Ξ','x', 'ο','o', 'Ο','o', 'π','p', 'Π','p', 'ρ','r', 'Ρ','r', 'σ','s', 'Σ','s', 'ς','s', 'Σ','s', 'τ','t', 'Τ','t', 'υ','y', 'Υ','y', 'φ','f', 'Φ','f', 'χ','ch', 'Χ','ch', 'ψ','ps', 'Ψ','ps', 'ω','o', 'Ω','o', 'ß','ss', 'æ','ae', 'Æ','ae', 'ø','o', 'Ø','o', 'œ','oe', 'Œ','oe', 'ł','l', 'Ł','l', 'đ','d', 'Đ','d', 'þ','th', 'Þ','th', 'ð','d', 'Ð','d', 'ı','i', 'I','i'];
begin
  if v ~ '[^\x01-\x7f]' then
    v := regexp_replace(normalize(v, NFKD), '[\u0300-\u036f]', '', 'g');
    for i in 1 .. array_length(v_map, 1) by 2 loop
      v := replace(v, v_map[i], v_map[i + 1]);
    end loop;
  end if;
  return btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(lower(v), '[^a-z0-9[:space:]-]', '', 'g'),
        '[[:space:]]+', '-', 'g'),
      '-+', '-', 'g'),
    '-');
end
$$;

COMMENT ON FUNCTION private.to_slug(p_text text) IS 'Slug of a text: accents folded, Cyrillic and Greek romanised, lowercased, characters other than a-z, 0-9, spaces and hyphens removed, spaces to one hyphen, hyphens collapsed and trimmed. Mirrors toSlug.';

CREATE FUNCTION public.get_article_like_count(p_article_id uuid) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select count(*)::integer
    from public.blog_article_likes l
   where l.article_id = p_article_id
     and exists (
       select 1 from public.blog_articles a
        where a.id = p_article_id and (a.published or private.is_blog_admin()))
$$;

COMMENT ON FUNCTION public.get_article_like_count(p_article_id uuid) IS 'Likes of an article (signed-in and anonymous); 0 for articles the caller cannot read.';

CREATE FUNCTION public.save_blog_article(p_id uuid, p_title text, p_slug text, p_content text, p_excerpt text DEFAULT ''::text, p_meta_title text DEFAULT ''::text, p_meta_description text DEFAULT ''::text, p_featured_image_url text DEFAULT ''::text, p_published boolean DEFAULT false, p_category_ids uuid[] DEFAULT '{}'::uuid[], p_tag_ids uuid[] DEFAULT '{}'::uuid[]) RETURNS public.blog_articles
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_article public.blog_articles;
  v_constraint text;
begin
  if not private.is_blog_admin() then
    raise exception 'You don''t have admin access to the blog panel.'
      using errcode = 'insufficient_privilege';
  end if;
  begin
    if p_id is null then
      insert into public.blog_articles (title, slug, content, excerpt, meta_title,
        meta_description, featured_image_url, published)
      values (p_title, p_slug, p_content, p_excerpt, p_meta_title,
        p_meta_description, p_featured_image_url, coalesce(p_published, false))
      returning * into v_article;
    else
      update public.blog_articles
         set title = p_title, slug = p_slug, content = p_content,
             excerpt = p_excerpt, meta_title = p_meta_title,
             meta_description = p_meta_description,
             featured_image_url = p_featured_image_url,
             published = coalesce(p_published, false)
       where id = p_id
      returning * into v_article;
      if v_article.id is null then
        raise exception 'Article not found.' using errcode = 'PT404';
      end if;
    end if;
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'blog_articles_slug_key' then
      raise exception 'An article with this slug already exists. Please choose another slug.'
        using errcode = 'unique_violation';
    end if;
    raise;
  end;

  delete from public.blog_article_categories where article_id = v_article.id;
  insert into public.blog_article_categories (article_id, category_id)
  select distinct v_article.id, c from unnest(coalesce(p_category_ids, '{}')) as c;

  delete from public.blog_article_tags where article_id = v_article.id;
  insert into public.blog_article_tags (article_id, tag_id)
  select distinct v_article.id, t from unnest(coalesce(p_tag_ids, '{}')) as t;

  return v_article;
end
$$;

COMMENT ON FUNCTION public.save_blog_article(p_id uuid, p_title text, p_slug text, p_content text, p_excerpt text, p_meta_title text, p_meta_description text, p_featured_image_url text, p_published boolean, p_category_ids uuid[], p_tag_ids uuid[]) IS 'Blog admins: creates (p_id null) or updates an article and replaces its category and tag links, all or nothing. Runs as the caller, so the blog policies apply too.';

CREATE FUNCTION public.unlike_article_anonymously(p_article_id uuid, p_visitor_token text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.unlike_article_anonymously(p_article_id uuid, p_visitor_token text) IS 'Removes the anonymous like this visitor token gave the article; true when there was one.';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER blog_article_likes_before_insert BEFORE INSERT ON public.blog_article_likes FOR EACH ROW EXECUTE FUNCTION private.blog_like_before_insert();

CREATE TRIGGER blog_articles_after_write AFTER INSERT OR UPDATE OF slug ON public.blog_articles FOR EACH ROW EXECUTE FUNCTION private.blog_article_after_write();

CREATE TRIGGER blog_articles_before_write BEFORE INSERT OR UPDATE ON public.blog_articles FOR EACH ROW EXECUTE FUNCTION private.blog_article_before_write();

CREATE TRIGGER blog_categories_before_write BEFORE INSERT OR UPDATE ON public.blog_categories FOR EACH ROW EXECUTE FUNCTION private.blog_term_before_write();

CREATE TRIGGER blog_tags_before_write BEFORE INSERT OR UPDATE ON public.blog_tags FOR EACH ROW EXECUTE FUNCTION private.blog_term_before_write();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Anyone can read blog categories" ON public.blog_categories FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Anyone can read blog tags" ON public.blog_tags FOR SELECT TO anon, authenticated USING (true);

-- The article subquery is itself filtered by the article policies.
CREATE POLICY "Anyone can read the categories of articles they can read" ON public.blog_article_categories FOR SELECT TO anon, authenticated USING ((article_id IN ( SELECT a.id
   FROM public.blog_articles a)));

-- The article subquery is itself filtered by the article policies.
CREATE POLICY "Anyone can read the old slugs of articles they can read" ON public.blog_article_slug_redirects FOR SELECT TO anon, authenticated USING ((article_id IN ( SELECT a.id
   FROM public.blog_articles a)));

CREATE POLICY "Anyone can read the tags of articles they can read" ON public.blog_article_tags FOR SELECT TO anon, authenticated USING ((article_id IN ( SELECT a.id
   FROM public.blog_articles a)));

CREATE POLICY "Blog admins can add old slugs" ON public.blog_article_slug_redirects FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can create articles" ON public.blog_articles FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can create categories" ON public.blog_categories FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can create tags" ON public.blog_tags FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can delete articles" ON public.blog_articles FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can delete categories" ON public.blog_categories FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can delete tags" ON public.blog_tags FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can edit articles" ON public.blog_articles FOR UPDATE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin)) WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can edit categories" ON public.blog_categories FOR UPDATE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin)) WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can edit tags" ON public.blog_tags FOR UPDATE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin)) WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can link categories" ON public.blog_article_categories FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can link tags" ON public.blog_article_tags FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can remove old slugs" ON public.blog_article_slug_redirects FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can unlink categories" ON public.blog_article_categories FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Blog admins can unlink tags" ON public.blog_article_tags FOR DELETE TO authenticated USING (( SELECT private.is_blog_admin() AS is_blog_admin));

CREATE POLICY "Signed-in users can like articles as themselves" ON public.blog_article_likes FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Signed-in users can read published articles and admins every ar" ON public.blog_articles FOR SELECT TO authenticated USING ((published OR ( SELECT private.is_blog_admin() AS is_blog_admin)));

CREATE POLICY "Signed-in users can read their own likes" ON public.blog_article_likes FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Signed-in users can remove their own likes" ON public.blog_article_likes FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own blog admin row" ON public.blog_admins FOR SELECT TO authenticated USING (((lower(user_email) = lower((( SELECT auth.jwt() AS jwt) ->> 'email'::text))) AND ( SELECT private.is_blog_admin() AS is_blog_admin)));

CREATE POLICY "Visitors can like published articles anonymously" ON public.blog_article_likes FOR INSERT TO anon WITH CHECK ((user_id IS NULL));

CREATE POLICY "Visitors can read published articles" ON public.blog_articles FOR SELECT TO anon USING (published);

CREATE POLICY "Blog admins can delete blog images" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'blog-images'::text) AND ( SELECT private.is_blog_admin() AS is_blog_admin)));

CREATE POLICY "Blog admins can replace blog images" ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = 'blog-images'::text) AND ( SELECT private.is_blog_admin() AS is_blog_admin))) WITH CHECK (((bucket_id = 'blog-images'::text) AND ( SELECT private.is_blog_admin() AS is_blog_admin)));

CREATE POLICY "Blog admins can upload blog images" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'blog-images'::text) AND ( SELECT private.is_blog_admin() AS is_blog_admin)));

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.blog_article_after_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.blog_article_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.blog_html_is_unsafe(p_html text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.blog_like_before_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.blog_term_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.blog_visitor_hash(p_token text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_blog_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_blog_admin() TO authenticated;

REVOKE ALL ON FUNCTION private.to_slug(p_text text) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.get_article_like_count(p_article_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_article_like_count(p_article_id uuid) TO service_role, anon, authenticated;

REVOKE ALL ON TABLE public.blog_articles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_articles TO service_role;
GRANT SELECT ON TABLE public.blog_articles TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_articles TO authenticated;

REVOKE ALL ON FUNCTION public.save_blog_article(p_id uuid, p_title text, p_slug text, p_content text, p_excerpt text, p_meta_title text, p_meta_description text, p_featured_image_url text, p_published boolean, p_category_ids uuid[], p_tag_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_blog_article(p_id uuid, p_title text, p_slug text, p_content text, p_excerpt text, p_meta_title text, p_meta_description text, p_featured_image_url text, p_published boolean, p_category_ids uuid[], p_tag_ids uuid[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.unlike_article_anonymously(p_article_id uuid, p_visitor_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.unlike_article_anonymously(p_article_id uuid, p_visitor_token text) TO service_role, anon;

REVOKE ALL ON TABLE public.blog_admins FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_admins TO service_role;
GRANT SELECT ON TABLE public.blog_admins TO authenticated;

REVOKE ALL ON TABLE public.blog_article_categories FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_article_categories TO service_role;
GRANT SELECT ON TABLE public.blog_article_categories TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.blog_article_categories TO authenticated;

REVOKE ALL ON TABLE public.blog_article_likes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_article_likes TO service_role;
GRANT SELECT,DELETE ON TABLE public.blog_article_likes TO authenticated;

GRANT INSERT(article_id) ON TABLE public.blog_article_likes TO anon, authenticated;

GRANT INSERT(user_id) ON TABLE public.blog_article_likes TO anon, authenticated;

GRANT INSERT(user_email) ON TABLE public.blog_article_likes TO anon, authenticated;

GRANT INSERT(ip_address) ON TABLE public.blog_article_likes TO anon, authenticated;

GRANT INSERT(client_hash) ON TABLE public.blog_article_likes TO anon;

REVOKE ALL ON TABLE public.blog_article_slug_redirects FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_article_slug_redirects TO service_role;
GRANT SELECT ON TABLE public.blog_article_slug_redirects TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.blog_article_slug_redirects TO authenticated;

REVOKE ALL ON TABLE public.blog_article_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_article_tags TO service_role;
GRANT SELECT ON TABLE public.blog_article_tags TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.blog_article_tags TO authenticated;

REVOKE ALL ON TABLE public.blog_categories FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_categories TO service_role;
GRANT SELECT ON TABLE public.blog_categories TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_categories TO authenticated;

REVOKE ALL ON TABLE public.blog_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.blog_tags TO service_role;
GRANT SELECT ON TABLE public.blog_tags TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.blog_tags TO authenticated;
