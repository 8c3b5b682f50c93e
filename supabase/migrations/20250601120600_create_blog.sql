-- =============================================================================
-- Public blog: articles, categories, tags and their links, likes, and the
-- blog administrators.
--
-- DECISIONS.md "Blog": an admin is a signed-in user (confirmed e-mail) whose
-- e-mail is in blog_admins, and the database enforces it for every write.
-- Article HTML is sanitised by the editor and on render; the database refuses
-- scripts, event handlers and javascript: URLs as a last line. Likes: one per
-- signed-in user per article; anonymous likes are counted and rate limited.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.blog_admins (
  id uuid primary key default gen_random_uuid(),
  user_email text not null,
  created_at timestamptz not null default now()
);
comment on table public.blog_admins is
  'E-mails of the blog administrators (managed by operators). A signed-in user reads only their own row.';

create table public.blog_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  constraint blog_categories_name_key unique (name),
  constraint blog_categories_slug_key unique (slug),
  constraint blog_categories_name_length check (char_length(name) between 1 and 100)
);
comment on table public.blog_categories is 'Blog categories; readable by everyone, written by blog admins.';

create table public.blog_tags (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null,
  created_at timestamptz not null default now(),
  constraint blog_tags_slug_key unique (slug),
  constraint blog_tags_name_length check (char_length(name) between 1 and 60)
);
comment on table public.blog_tags is 'Blog tags; readable by everyone, written by blog admins.';

create table public.blog_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  slug text not null,
  content text not null,
  excerpt text not null default '',
  meta_title text not null default '',
  meta_description text not null default '',
  featured_image_url text not null default '',
  published boolean not null default false,
  published_at timestamptz,
  author_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_articles_slug_key unique (slug),
  constraint blog_articles_title_length check (char_length(title) between 1 and 200),
  constraint blog_articles_content_length check (char_length(content) between 1 and 200000)
);
comment on table public.blog_articles is
  'Blog articles: drafts (published false) visible to blog admins only, published ones to everyone.';
comment on column public.blog_articles.content is 'Sanitised HTML; scripts, event handlers and javascript: URLs are refused.';
comment on column public.blog_articles.published_at is 'Set the first time the article is published.';
comment on column public.blog_articles.author_id is 'The admin who created it; shown publicly as the team.';

create table public.blog_article_categories (
  article_id uuid not null references public.blog_articles (id) on delete cascade,
  category_id uuid not null references public.blog_categories (id) on delete cascade,
  primary key (article_id, category_id)
);
comment on table public.blog_article_categories is 'Categories of an article; visible with the article.';

create table public.blog_article_tags (
  article_id uuid not null references public.blog_articles (id) on delete cascade,
  tag_id uuid not null references public.blog_tags (id) on delete cascade,
  primary key (article_id, tag_id)
);
comment on table public.blog_article_tags is 'Tags of an article; visible with the article.';

create table public.blog_article_likes (
  id uuid primary key default gen_random_uuid(),
  article_id uuid not null references public.blog_articles (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  user_email text,
  ip_address text,
  client_hash text,
  created_at timestamptz not null default now(),
  constraint blog_article_likes_once unique (article_id, user_id)
);
comment on table public.blog_article_likes is
  'Likes of published articles: one per signed-in user (unique), any number of anonymous ones (rate limited). A signed-in user reads only their own.';
comment on column public.blog_article_likes.ip_address is 'The spec''s marker: ''anonymous'' for anonymous likes, null otherwise; no address is stored.';
comment on column public.blog_article_likes.client_hash is 'Hash of the anonymous client''s forwarded address, for the rate limit only.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create unique index blog_admins_user_email_key on public.blog_admins (lower(user_email));
create index blog_articles_published_idx on public.blog_articles (published_at desc) where published;
create index blog_articles_created_at_idx on public.blog_articles (created_at desc);
create index blog_articles_author_id_idx on public.blog_articles (author_id);
create index blog_article_categories_category_id_idx on public.blog_article_categories (category_id);
create index blog_article_tags_tag_id_idx on public.blog_article_tags (tag_id);
create index blog_article_likes_article_id_idx on public.blog_article_likes (article_id, created_at);
create index blog_article_likes_user_id_idx on public.blog_article_likes (user_id) where user_id is not null;
create index blog_article_likes_client_hash_idx
  on public.blog_article_likes (client_hash, created_at) where client_hash is not null;

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.blog_admins enable row level security;
alter table public.blog_categories enable row level security;
alter table public.blog_tags enable row level security;
alter table public.blog_articles enable row level security;
alter table public.blog_article_categories enable row level security;
alter table public.blog_article_tags enable row level security;
alter table public.blog_article_likes enable row level security;

-- -----------------------------------------------------------------------------
-- Section: functions (policy helpers)
-- -----------------------------------------------------------------------------

-- Defined before the policies that call it.
create function private.is_blog_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from auth.users u
      join public.blog_admins a on lower(a.user_email) = lower(u.email)
     where u.id = auth.uid() and u.email_confirmed_at is not null
  )
$$;
comment on function private.is_blog_admin() is
  'True when the signed-in user''s confirmed e-mail is in blog_admins.';

grant execute on function private.is_blog_admin() to authenticated;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Users can read their own blog admin row"
  on public.blog_admins for select to authenticated
  using (lower(user_email) = lower((select auth.jwt()) ->> 'email'));

create policy "Anyone can read blog categories"
  on public.blog_categories for select to anon, authenticated
  using (true);
create policy "Blog admins can create categories"
  on public.blog_categories for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can edit categories"
  on public.blog_categories for update to authenticated
  using ((select private.is_blog_admin()))
  with check ((select private.is_blog_admin()));
create policy "Blog admins can delete categories"
  on public.blog_categories for delete to authenticated
  using ((select private.is_blog_admin()));

create policy "Anyone can read blog tags"
  on public.blog_tags for select to anon, authenticated
  using (true);
create policy "Blog admins can create tags"
  on public.blog_tags for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can edit tags"
  on public.blog_tags for update to authenticated
  using ((select private.is_blog_admin()))
  with check ((select private.is_blog_admin()));
create policy "Blog admins can delete tags"
  on public.blog_tags for delete to authenticated
  using ((select private.is_blog_admin()));

create policy "Visitors can read published articles"
  on public.blog_articles for select to anon
  using (published);
create policy "Signed-in users can read published articles and admins every article"
  on public.blog_articles for select to authenticated
  using (published or (select private.is_blog_admin()));
create policy "Blog admins can create articles"
  on public.blog_articles for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can edit articles"
  on public.blog_articles for update to authenticated
  using ((select private.is_blog_admin()))
  with check ((select private.is_blog_admin()));
create policy "Blog admins can delete articles"
  on public.blog_articles for delete to authenticated
  using ((select private.is_blog_admin()));

-- The article subquery is itself filtered by the article policies.
create policy "Anyone can read the categories of articles they can read"
  on public.blog_article_categories for select to anon, authenticated
  using (article_id in (select a.id from public.blog_articles a));
create policy "Blog admins can link categories"
  on public.blog_article_categories for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can unlink categories"
  on public.blog_article_categories for delete to authenticated
  using ((select private.is_blog_admin()));

create policy "Anyone can read the tags of articles they can read"
  on public.blog_article_tags for select to anon, authenticated
  using (article_id in (select a.id from public.blog_articles a));
create policy "Blog admins can link tags"
  on public.blog_article_tags for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can unlink tags"
  on public.blog_article_tags for delete to authenticated
  using ((select private.is_blog_admin()));

create policy "Visitors can like published articles anonymously"
  on public.blog_article_likes for insert to anon
  with check (user_id is null);
create policy "Signed-in users can like articles as themselves"
  on public.blog_article_likes for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Signed-in users can read their own likes"
  on public.blog_article_likes for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Signed-in users can remove their own likes"
  on public.blog_article_likes for delete to authenticated
  using (user_id = (select auth.uid()));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.blog_admins, public.blog_categories, public.blog_tags,
  public.blog_articles, public.blog_article_categories, public.blog_article_tags,
  public.blog_article_likes from anon, authenticated;

grant select on table public.blog_admins to authenticated;
grant select on table public.blog_categories, public.blog_tags, public.blog_articles,
  public.blog_article_categories, public.blog_article_tags to anon, authenticated;
grant insert, update, delete on table public.blog_categories, public.blog_tags,
  public.blog_articles to authenticated;
grant insert, delete on table public.blog_article_categories, public.blog_article_tags
  to authenticated;
grant insert (article_id, user_id, user_email, ip_address)
  on table public.blog_article_likes to anon, authenticated;
grant select, delete on table public.blog_article_likes to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Mirrors toSlug in shared/domain/slug.ts.
create function private.to_slug(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          lower(regexp_replace(
            case when coalesce(p_text, '') ~ '[^\x01-\x7f]' then normalize(p_text, NFKD) else coalesce(p_text, '') end,
            '[\u0300-\u036f]', '', 'g')),
          '[^a-z0-9[:space:]-]', '', 'g'),
        '[[:space:]]+', '-', 'g'),
      '-+', '-', 'g'),
    '-')
$$;
comment on function private.to_slug(text) is
  'Slug of a text: accents folded, lowercased, characters other than a-z, 0-9, spaces and hyphens removed, spaces to one hyphen, hyphens collapsed and trimmed. Mirrors toSlug.';

create function private.blog_article_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
  if new.slug = '' or char_length(new.slug) > 200 then
    raise exception 'Please enter a slug with at least one letter or digit.' using errcode = 'check_violation';
  end if;
  if new.content ~* '<[[:space:]]*/?[[:space:]]*(script|iframe|object|embed)\M'
     or new.content ~* '<[^>]*[[:space:]/]on[a-z]+[[:space:]]*='
     or new.content ~* '(href|src|action|formaction|xlink:href)[[:space:]]*=[[:space:]]*["'']?[[:space:]]*(javascript|vbscript|data:text/html)' then
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
  if new.featured_image_url <> '' and new.featured_image_url !~* '^https?://[^[:space:]]+$' then
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
$$;
comment on function private.blog_article_before_write() is
  'Before an article is saved: title and content required, slug cleaned or made from the title, no scripts, event handlers or javascript: URLs, image URL checked, published_at stamped on first publication.';

create function private.blog_term_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function private.blog_term_before_write() is
  'Before a category or tag is saved: name trimmed and required, slug cleaned or made from the name.';

create function private.blog_like_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_forwarded text;
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
  v_forwarded := nullif(btrim(split_part(coalesce(
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for',
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-real-ip', ''), ',', 1)), '');
  new.client_hash := case when v_forwarded is not null then md5('blog-like:' || v_forwarded) end;
  if new.client_hash is not null and (
       select count(*) from public.blog_article_likes l
        where l.client_hash = new.client_hash and l.created_at > now() - interval '1 hour') >= 30 then
    raise exception 'Too many likes. Please try again later.' using errcode = 'PT429';
  end if;
  if (select count(*) from public.blog_article_likes l
       where l.article_id = new.article_id and l.user_id is null
         and l.created_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many likes. Please try again later.' using errcode = 'PT429';
  end if;
  return new;
end
$$;
comment on function private.blog_like_before_insert() is
  'Before a like: published articles only; signed-in likes carry the user; anonymous ones are marked ''anonymous'' and limited to 30 per client per hour and 20 per article per minute (HTTP 429).';

create function public.get_article_like_count(p_article_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.blog_article_likes l
   where l.article_id = p_article_id
     and exists (
       select 1 from public.blog_articles a
        where a.id = p_article_id and (a.published or private.is_blog_admin()))
$$;
comment on function public.get_article_like_count(uuid) is
  'Likes of an article (signed-in and anonymous); 0 for articles the caller cannot read.';

grant execute on function public.get_article_like_count(uuid) to anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger blog_articles_before_write
  before insert or update on public.blog_articles
  for each row execute function private.blog_article_before_write();

create trigger blog_categories_before_write
  before insert or update on public.blog_categories
  for each row execute function private.blog_term_before_write();

create trigger blog_tags_before_write
  before insert or update on public.blog_tags
  for each row execute function private.blog_term_before_write();

create trigger blog_article_likes_before_insert
  before insert on public.blog_article_likes
  for each row execute function private.blog_like_before_insert();
