-- =============================================================================
-- Blog admin writes, part two: saving an article together with its category
-- and tag links in one transaction, and a stricter check of article HTML.
--
-- DECISIONS.md "Blog": only blog admins write (the database decides), and
-- scripts, event handlers and javascript: URLs never survive. The editor
-- cleans the HTML with DOMPurify before saving; this check is the guarantee
-- for anyone who writes through the API directly. It now also catches
-- character references (`&#106;avascript:`), whitespace inside schemes,
-- handlers hidden behind a quoted `>`, `srcdoc`, and the other elements that
-- can run or load active content.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function private.blog_html_is_unsafe(p_html text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := lower(coalesce(p_html, ''));
  v_code integer;
  v_char text;
begin
  if v = '' then
    return false;
  end if;
  -- Elements that run, embed or restyle active content.
  if v ~ '<[[:space:]]*/?[[:space:]]*(script|iframe|frame|frameset|object|embed|applet|meta|base|link|style|form|svg|math|template|noscript|xmp|plaintext|noembed|noframes|portal|frame)([^a-z0-9]|$)' then
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
      v_char := case when v_code = 92 then '\\' else chr(v_code) end;
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
  -- URLs: browsers drop whitespace and control characters inside a scheme.
  v := regexp_replace(v, '[\x01-\x20]', '', 'g');
  return v ~ 'srcdoc='
      or v ~ '[=("'',;`](javascript|vbscript|livescript):'
      or v ~ '=["''`]?data:(?!image/(png|gif|jpe?g|webp|avif|bmp)[;,])';
end
$$;
comment on function private.blog_html_is_unsafe(text) is
  'True when article HTML carries a script, iframe or other active element, an event handler, srcdoc, or a javascript:/vbscript:/data: URL (character references and whitespace inside the scheme included).';

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
  'Before an article is saved: title and content required, slug cleaned or made from the title, unsafe HTML refused (private.blog_html_is_unsafe), image URL checked, published_at stamped on first publication.';

create function public.save_blog_article(
  p_id uuid,
  p_title text,
  p_slug text,
  p_content text,
  p_excerpt text default '',
  p_meta_title text default '',
  p_meta_description text default '',
  p_featured_image_url text default '',
  p_published boolean default false,
  p_category_ids uuid[] default '{}',
  p_tag_ids uuid[] default '{}'
)
returns public.blog_articles
language plpgsql
security invoker
set search_path = ''
as $$
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
        raise exception 'Article not found.' using errcode = 'no_data_found';
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
comment on function public.save_blog_article(uuid, text, text, text, text, text, text, text, boolean, uuid[], uuid[]) is
  'Blog admins: creates (p_id null) or updates an article and replaces its category and tag links, all or nothing. Runs as the caller, so the blog policies apply too.';

revoke execute on function public.save_blog_article(uuid, text, text, text, text, text, text, text, boolean, uuid[], uuid[])
  from public, anon;
grant execute on function public.save_blog_article(uuid, text, text, text, text, text, text, text, boolean, uuid[], uuid[])
  to authenticated;
