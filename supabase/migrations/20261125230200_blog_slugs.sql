-- =============================================================================
-- #19 item 25: every title gets a usable slug, and a changed slug keeps its
-- old address working.
--
-- * private.to_slug romanises Cyrillic and Greek (and ß, æ, ø, …) as
--   shared/domain/transliteration.ts does; a title in another script
--   ('日本語のタイトル') gets 'article-' and the first 8 hex digits of its id.
-- * blog_article_slug_redirects keeps every slug an article had: the page
--   server answers /blog/<old> with a 301 to the current slug, and the app
--   follows it too. Anyone may read the mapping of an article they can
--   read; only blog admins write it (rows come from the article trigger).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.blog_article_slug_redirects (
  old_slug text primary key,
  article_id uuid not null references public.blog_articles (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.blog_article_slug_redirects is
  'Slugs an article had before: /blog/<old_slug> redirects to the article''s current slug. Readable with the article; written by blog admins (the article trigger).';

create index blog_article_slug_redirects_article_id_idx
  on public.blog_article_slug_redirects (article_id);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.blog_article_slug_redirects enable row level security;

-- The article subquery is itself filtered by the article policies.
create policy "Anyone can read the old slugs of articles they can read"
  on public.blog_article_slug_redirects for select to anon, authenticated
  using (article_id in (select a.id from public.blog_articles a));
create policy "Blog admins can add old slugs"
  on public.blog_article_slug_redirects for insert to authenticated
  with check ((select private.is_blog_admin()));
create policy "Blog admins can remove old slugs"
  on public.blog_article_slug_redirects for delete to authenticated
  using ((select private.is_blog_admin()));

revoke all on table public.blog_article_slug_redirects from anon, authenticated;
grant select on table public.blog_article_slug_redirects to anon, authenticated;
grant insert, delete on table public.blog_article_slug_redirects to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Mirrors toSlug in shared/domain/slug.ts (transliteration.ts). Both cases
-- are listed: lower() leaves non-ASCII letters alone in the C locale.
create or replace function private.to_slug(p_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := coalesce(p_text, '');
  v_map constant text[] := array['а','a', 'А','a', 'б','b', 'Б','b', 'в','v', 'В','v', 'г','g', 'Г','g', 'д','d', 'Д','d', 'е','e', 'Е','e', 'ж','zh', 'Ж','zh', 'з','z', 'З','z', 'и','i', 'И','i', 'к','k', 'К','k', 'л','l', 'Л','l', 'м','m', 'М','m', 'н','n', 'Н','n', 'о','o', 'О','o', 'п','p', 'П','p', 'р','r', 'Р','r', 'с','s', 'С','s', 'т','t', 'Т','t', 'у','u', 'У','u', 'ф','f', 'Ф','f', 'х','kh', 'Х','kh', 'ц','ts', 'Ц','ts', 'ч','ch', 'Ч','ch', 'ш','sh', 'Ш','sh', 'щ','shch', 'Щ','shch', 'ъ','', 'Ъ','', 'ы','y', 'Ы','y', 'ь','', 'Ь','', 'э','e', 'Э','e', 'ю','yu', 'Ю','yu', 'я','ya', 'Я','ya', 'і','i', 'І','i', 'є','ye', 'Є','ye', 'ґ','g', 'Ґ','g', 'ў','u', 'Ў','u', 'ј','j', 'Ј','j', 'љ','lj', 'Љ','lj', 'њ','nj', 'Њ','nj', 'ћ','c', 'Ћ','c', 'џ','dz', 'Џ','dz', 'ђ','dj', 'Ђ','dj', 'α','a', 'Α','a', 'β','v', 'Β','v', 'γ','g', 'Γ','g', 'δ','d', 'Δ','d', 'ε','e', 'Ε','e', 'ζ','z', 'Ζ','z', 'η','i', 'Η','i', 'θ','th', 'Θ','th', 'ι','i', 'Ι','i', 'κ','k', 'Κ','k', 'λ','l', 'Λ','l', 'μ','m', 'Μ','m', 'ν','n', 'Ν','n', 'ξ','x', 'Ξ','x', 'ο','o', 'Ο','o', 'π','p', 'Π','p', 'ρ','r', 'Ρ','r', 'σ','s', 'Σ','s', 'ς','s', 'Σ','s', 'τ','t', 'Τ','t', 'υ','y', 'Υ','y', 'φ','f', 'Φ','f', 'χ','ch', 'Χ','ch', 'ψ','ps', 'Ψ','ps', 'ω','o', 'Ω','o', 'ß','ss', 'æ','ae', 'Æ','ae', 'ø','o', 'Ø','o', 'œ','oe', 'Œ','oe', 'ł','l', 'Ł','l', 'đ','d', 'Đ','d', 'þ','th', 'Þ','th', 'ð','d', 'Ð','d', 'ı','i', 'I','i'];
  i integer;
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
comment on function private.to_slug(text) is
  'Slug of a text: accents folded, Cyrillic and Greek romanised, lowercased, characters other than a-z, 0-9, spaces and hyphens removed, spaces to one hyphen, hyphens collapsed and trimmed. Mirrors toSlug.';

create or replace function private.blog_article_before_write()
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
$$;
comment on function private.blog_article_before_write() is
  'Before an article is saved: title and content required, slug cleaned or made from the title (article-<id> for titles without romanisation), unsafe HTML refused (private.blog_html_is_unsafe), image URL checked, published_at stamped on first publication.';

-- Runs as the writer (a blog admin: only they write articles), so the
-- redirect policies apply.
create function private.blog_article_after_write()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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
comment on function private.blog_article_after_write() is
  'After an article is saved: its previous slug redirects to it, and its current slug stops redirecting anywhere.';

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger blog_articles_after_write
  after insert or update of slug on public.blog_articles
  for each row execute function private.blog_article_after_write();
