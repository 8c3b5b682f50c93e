-- Findings of Supabase's own checks (`npm run test:supabase`):
--
-- * `supabase db advisors` (multiple_permissive_policies): the two SELECT
--   policies of company_feedback_views were evaluated one after the other for
--   every row. One policy with both conditions grants exactly the same rows.
-- * `supabase db lint` (plpgsql_check): two array results were initialised
--   from an untyped '{}' (a text-to-text[] cast at run time), and to_slug
--   declared an `i` its FOR loop never used (the loop declares its own).
--   Bodies are otherwise those of their latest definitions.

drop policy "Companies can read their own feedback views" on public.company_feedback_views;
drop policy "Authors can read the views of their feedback" on public.company_feedback_views;
create policy "Companies and authors can read feedback views"
  on public.company_feedback_views for select to authenticated
  using (
    company_id in (
      select c.id from public.companies c where c.user_id = (select auth.uid()))
    or feedback_id in (
      select f.id from public.feedback f where f.user_id = (select auth.uid())));

create or replace function private.parse_domain_list(p_entries text[])
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_entry text;
  v_domain text;
  v_result text[] := '{}'::text[];
begin
  foreach v_entry in array coalesce(p_entries, '{}') loop
    foreach v_entry in array regexp_split_to_array(coalesce(v_entry, ''), '[[:space:],]+') loop
      continue when v_entry = '';
      v_domain := private.normalize_domain(v_entry);
      if v_domain is null then
        raise exception 'Please enter a valid domain, like example.com.'
          using errcode = 'check_violation',
                detail = format('"%s" is not a valid domain name.', left(v_entry, 100));
      end if;
      if not v_domain = any(v_result) then
        v_result := v_result || v_domain;
      end if;
    end loop;
  end loop;
  return v_result;
end
$$;

create or replace function private.check_profile_options(p_field text, p_values text[], p_options text[])
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_result text[] := '{}'::text[];
  v_value text;
begin
  foreach v_value in array coalesce(p_values, '{}') loop
    if v_value is null or not v_value = any(p_options) then
      raise exception 'Please choose one of the listed options.'
        using errcode = 'check_violation',
              detail = format('%s: "%s" is not one of the options.', p_field, left(coalesce(v_value, 'null'), 60));
    end if;
    if not v_value = any(v_result) then
      v_result := v_result || v_value;
    end if;
  end loop;
  return v_result;
end
$$;

create or replace function private.to_slug(p_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
