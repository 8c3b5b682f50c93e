-- =============================================================================
-- #19 item 23: the editor's cleaned HTML always saves.
--
-- private.blog_html_is_unsafe read URL schemes anywhere in the document, so
-- prose such as "Scripts, javascript: links are removed", a link to
-- `https://example.com/?next=javascript:x` or an image's alt text starting
-- with `data:` was refused although nothing in it can run. The check now
-- reads attribute values inside tags only, and a scheme only where a browser
-- acts on it: at the start of the value. Everything the old check refused
-- that can run is still refused (tests/fixtures/blog/xss-payloads.ts).
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create or replace function private.blog_html_is_unsafe(p_html text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
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
$$;
comment on function private.blog_html_is_unsafe(text) is
  'True when article HTML carries a script, iframe or other active element, an event handler, srcdoc, or an attribute value starting with a javascript:/vbscript:/non-image data: URL (character references and whitespace inside the scheme included). Text between tags is never read as a URL.';
