-- =============================================================================
-- "You said, we did" (#22): a company's public page of completed topics.
--
-- Decisions:
-- - Opt-in: companies.public_page_slug (null = no page). Owners and admins set
--   it through set_public_page; lowercase [a-z0-9-], 3 to 40 characters, no
--   leading/trailing dash, unique, reserved words refused.
-- - Publishing: any member publishes a COMPLETED topic of their own company
--   with a public title (1-120) and an optional note (<= 1000), plain text,
--   e-mail addresses and phone numbers masked (private.mask_contact). The
--   internal title is never public. unpublish_topic hides it again (the
--   texts stay for a later re-publish).
-- - The page reads only get_public_changes (anon may call it): the company's
--   name and, per published topic that is still completed, the public title,
--   the public note, the completion date and how many distinct people
--   reported it (a count). No author, no feedback text, no internal title,
--   no topic id. An unknown or opted-out slug answers null (the page: 404).
-- =============================================================================

alter table public.companies add column public_page_slug text;
alter table public.companies add constraint companies_public_page_slug_format
  check (public_page_slug is null
         or (public_page_slug ~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$'));
alter table public.companies add constraint companies_public_page_slug_key unique (public_page_slug);
comment on column public.companies.public_page_slug is
  'The address of the company''s public "You said, we did" page (/changes/<slug>), null when it has none (#22). Set through set_public_page.';

-- Words a slug may not be: they read as Peega's own pages or mislead.
create function private.reserved_public_slug(p_slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_slug = any (array[
    'admin', 'administrator', 'api', 'app', 'auth', 'blog', 'changes', 'companies', 'company',
    'dashboard', 'help', 'login', 'logout', 'new', 'official', 'peega', 'privacy', 'root',
    'security', 'settings', 'signup', 'staff', 'support', 'system', 'terms', 'www'])
$$;
comment on function private.reserved_public_slug(text) is
  'True for the words a public page slug may not be (#22).';
revoke all on function private.reserved_public_slug(text) from public, anon, authenticated;

create function public.set_public_page(p_slug text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company_admin();
  v_slug text := nullif(lower(btrim(coalesce(p_slug, ''))), '');
begin
  if v_slug is not null then
    if char_length(v_slug) not between 3 and 40
       or v_slug !~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$' then
      raise exception 'Use 3 to 40 lowercase letters, digits or dashes, starting and ending with a letter or digit.'
        using errcode = 'invalid_parameter_value';
    end if;
    if private.reserved_public_slug(v_slug) then
      raise exception 'The address "%" is reserved. Please choose another.', v_slug
        using errcode = 'invalid_parameter_value';
    end if;
    if exists (select 1 from public.companies c where c.public_page_slug = v_slug and c.id <> v_company.id) then
      raise exception 'The address "%" is taken. Please choose another.', v_slug
        using errcode = 'unique_violation';
    end if;
  end if;
  update public.companies c set public_page_slug = v_slug, updated_at = now() where c.id = v_company.id;
  return v_slug;
end
$$;
comment on function public.set_public_page(text) is
  'Owner/admin: turns the company''s public "You said, we did" page on at /changes/<slug> (validated, unique, not reserved) or off (null or empty).';
revoke all on function public.set_public_page(text) from public, anon;
grant execute on function public.set_public_page(text) to authenticated;

-- Plain text for the public: trimmed, control characters (but line breaks)
-- removed, contact details masked.
create function private.clean_public_text(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(private.mask_contact(
           regexp_replace(replace(coalesce(p_text, ''), E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', '', 'g'))), '')
$$;
comment on function private.clean_public_text(text) is
  'Text a company publishes: trimmed, control characters dropped, e-mail addresses and phone numbers masked (#22).';
revoke all on function private.clean_public_text(text) from public, anon, authenticated;

-- The topic of the caller's company, locked; 42501 for anyone but a member,
-- P0002 for a topic that is not the company's (same answer as no topic).
create function private.own_topic_for_update(p_topic_id uuid)
returns public.feedback_topics
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_topic public.feedback_topics;
begin
  select * into v_topic from public.feedback_topics t
   where t.id = p_topic_id and t.company_id = v_company.id
   for update;
  if not found then
    raise exception 'This topic is not one of your company''s.' using errcode = 'no_data_found';
  end if;
  return v_topic;
end
$$;
revoke all on function private.own_topic_for_update(uuid) from public, anon, authenticated;

create function public.publish_topic(p_topic_id uuid, p_public_title text, p_public_note text default null)
returns table (id uuid, public_title text, public_note text, published_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_topic public.feedback_topics := private.own_topic_for_update(p_topic_id);
  v_title text := private.clean_public_text(replace(coalesce(p_public_title, ''), E'\n', ' '));
  v_note text := private.clean_public_text(p_public_note);
begin
  if v_topic.status <> 'completed' then
    raise exception 'Only completed topics can be published.'
      using errcode = 'invalid_parameter_value', hint = 'Mark the topic completed first.';
  end if;
  if v_title is null or char_length(v_title) > 120 then
    raise exception 'The public title needs 1 to 120 characters.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(coalesce(v_note, '')) > 1000 then
    raise exception 'The note can be at most 1000 characters.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    update public.feedback_topics t
       set public_title = v_title, public_note = v_note,
           published_at = coalesce(t.published_at, now()),
           -- The page's date: when the topic was completed.
           completed_at = coalesce(t.completed_at, t.status_changed_at, now()), updated_at = now()
     where t.id = v_topic.id
    returning t.id, t.public_title, t.public_note, t.published_at;
end
$$;
comment on function public.publish_topic(uuid, text, text) is
  'A member shows a completed topic of their company on its public page with a public title and an optional note (plain text, contact details masked); re-publishing edits the texts.';
revoke all on function public.publish_topic(uuid, text, text) from public, anon;
grant execute on function public.publish_topic(uuid, text, text) to authenticated;

create function public.unpublish_topic(p_topic_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.own_topic_for_update(p_topic_id);
begin
  update public.feedback_topics t set published_at = null, updated_at = now()
   where t.id = v_topic.id and t.published_at is not null;
  return found;
end
$$;
comment on function public.unpublish_topic(uuid) is
  'A member takes a topic of their company off its public page (its public texts are kept for a later re-publish).';
revoke all on function public.unpublish_topic(uuid) from public, anon;
grant execute on function public.unpublish_topic(uuid) to authenticated;

-- The public page's data: null for an unknown or opted-out slug.
create function public.get_public_changes(p_slug text, p_limit integer default 20, p_before timestamptz default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'company_name', c.company_name,
           'slug', c.public_page_slug,
           'topics', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'public_title', t.public_title,
                      'public_note', t.public_note,
                      'completed_at', t.completed_at,
                      'reporters', (select count(distinct f.user_id)
                                      from public.feedback_topic_items i
                                      join public.feedback f on f.id = i.feedback_id
                                     where i.topic_id = t.id and i.state = 'confirmed'))
                    order by t.completed_at desc)
               from (select t.* from public.feedback_topics t
                      where t.company_id = c.id and t.published_at is not null
                        and t.status = 'completed' and t.completed_at is not null
                        and (p_before is null or t.completed_at < p_before)
                      order by t.completed_at desc
                      limit least(greatest(coalesce(p_limit, 20), 1), 50)) t), '[]'::jsonb))
    from public.companies c
   where c.public_page_slug is not null
     and c.public_page_slug = lower(btrim(p_slug))
$$;
comment on function public.get_public_changes(text, integer, timestamptz) is
  'Anyone: the "You said, we did" page of an opted-in company (its name; per published completed topic the public title, note, completion date and the number of people who reported it), newest first, at most 50 per call before p_before; null when the slug is unknown or off.';
revoke all on function public.get_public_changes(text, integer, timestamptz) from public;
grant execute on function public.get_public_changes(text, integer, timestamptz) to anon, authenticated;
