-- =============================================================================
-- Media paths that link nothing, and media bonuses only for real uploads
-- (security review L5 and L2; DECISIONS.md "Upload paths").
--
-- L5: uploads went to one opaque folder per author ({folder}/{uuid}.{ext}),
-- so a company that saw two media paths could tell they came from one
-- author. Now every upload goes to a fresh random folder of its own
-- ({uuid}/{uuid}.{ext}): the object's owner (storage.objects.owner_id, which
-- Storage sets from the JWT's sub on upload, here and on hosted Supabase)
-- is what makes it the author's, not its folder. A folder may not be the
-- uploader's user id, nor an old per-author folder, nor one that already
-- holds someone else's file. Existing objects under the old per-author
-- folders keep working for their authors (owner, or the old folder rule)
-- and for companies (by exact path of a feedback, as before).
--
-- L2: a feedback's screenshot/voice note path must be an object in the right
-- bucket owned by the author, checked on insert; the +1 XP bonuses are paid
-- only for such objects. Both clients upload before they insert the feedback
-- (shared/data/uploads.ts, then shared/data/feedback.ts), and a feedback's
-- media cannot be changed by its author afterwards (no UPDATE grant), so
-- every legitimate submission still earns its bonus.
-- =============================================================================

-- Whether an object exists in a bucket and belongs to a user.
create or replace function private.is_own_media(p_bucket text, p_name text, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null and exists (
    select 1 from storage.objects o
     where o.bucket_id = p_bucket and o.name = p_name
       and coalesce(o.owner_id, o.owner::text) = p_user_id::text)
$$;
comment on function private.is_own_media(text, text, uuid) is
  'True when the bucket holds an object at that path whose owner (set by Storage from the uploader''s JWT) is the user.';

-- Where the signed-in user may put a new feedback file: {uuid}/{file} in a
-- folder that is not their user id, not an old per-author folder, and holds
-- no file of anyone else (in either media bucket).
create or replace function private.may_upload_media_to(p_name text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_folder text := split_part(p_name, '/', 1);
begin
  if v_uid is null
     or p_name !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9._-]{1,200}$'
     or v_folder = v_uid::text then
    return false;
  end if;
  if exists (select 1 from private.upload_folders u where u.folder::text = v_folder) then
    return false;
  end if;
  return not exists (
    select 1 from storage.objects o
     where o.bucket_id in ('screenshots', 'audio')
       and o.name like v_folder || '/%'
       and coalesce(o.owner_id, o.owner::text) is distinct from v_uid::text);
end
$$;
comment on function private.may_upload_media_to(text) is
  'True when the signed-in user may upload a feedback file at this path: {uuid}/{file name}, the folder neither their user id, an old per-author folder, nor holding anyone else''s file.';
grant execute on function private.may_upload_media_to(text) to authenticated;

drop policy if exists "Users can upload feedback media to their own folder" on storage.objects;
drop policy if exists "Users can upload feedback media to a fresh folder" on storage.objects;
create policy "Users can upload feedback media to a fresh folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('screenshots', 'audio')
    and coalesce(owner_id, owner::text) = (select auth.uid()::text)
    and private.may_upload_media_to(name));

drop policy if exists "Authors can read their own feedback media" on storage.objects;
create policy "Authors can read their own feedback media"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    -- Owned by the caller, or (objects from before per-file folders) under
    -- their former per-author folder.
    and (coalesce(owner_id, owner::text) = (select auth.uid()::text)
         or (storage.foldername(name))[1] = (select private.current_upload_folder()::text)));

drop policy if exists "Authors can replace their own feedback media" on storage.objects;
create policy "Authors can replace their own feedback media"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    and (coalesce(owner_id, owner::text) = (select auth.uid()::text)
         or (storage.foldername(name))[1] = (select private.current_upload_folder()::text)))
  with check (
    bucket_id in ('screenshots', 'audio')
    and coalesce(owner_id, owner::text) = (select auth.uid()::text)
    and (private.may_upload_media_to(name)
         or (storage.foldername(name))[1] = (select private.current_upload_folder()::text)));

drop policy if exists "Authors can delete their own feedback media" on storage.objects;
create policy "Authors can delete their own feedback media"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    -- Owned by the caller, or (objects from before per-file folders) under
    -- their former per-author folder.
    and (coalesce(owner_id, owner::text) = (select auth.uid()::text)
         or (storage.foldername(name))[1] = (select private.current_upload_folder()::text)));

create or replace function private.feedback_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_stats public.user_stats;
  v_day date;
  v_before integer;
  v_points integer := 0;
begin
  if v_uid is not null then
    if new.user_id is not null and new.user_id <> v_uid then
      raise exception 'You can only submit feedback as yourself.' using errcode = 'insufficient_privilege';
    end if;
    new.user_id := v_uid;
    new.created_at := now();
  elsif new.user_id is null then
    raise exception 'Feedback needs an author.' using errcode = 'not_null_violation';
  end if;

  new.title := btrim(coalesce(new.title, ''));
  new.description := btrim(coalesce(new.description, ''));
  new.company_name := btrim(coalesce(new.company_name, ''));
  if new.title = '' or new.description = '' or new.company_name = '' then
    raise exception 'Please fill in title, description, and company name.'
      using errcode = 'check_violation', detail = 'Missing information';
  end if;
  if char_length(new.title) > 200 then
    raise exception 'Feedback titles are at most 200 characters long.' using errcode = 'check_violation';
  end if;
  if char_length(new.description) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'check_violation';
  end if;
  if char_length(new.company_name) > 200 then
    raise exception 'Company names are at most 200 characters long.' using errcode = 'check_violation';
  end if;
  new.raw_description := coalesce(nullif(btrim(coalesce(new.raw_description, '')), ''), new.description);
  if char_length(new.raw_description) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'check_violation';
  end if;
  new.category := coalesce(nullif(btrim(coalesce(new.category, '')), ''), 'other');
  if new.category not in ('bug', 'feature', 'improvement', 'other') then
    raise exception 'Unknown feedback category "%".', left(new.category, 40)
      using errcode = 'check_violation', hint = 'Use one of: bug, feature, improvement, other.';
  end if;
  new.website_url := private.normalize_website_url(new.website_url);
  new.website_host := private.normalize_host(new.website_url);

  new.screenshot_url := nullif(btrim(coalesce(new.screenshot_url, '')), '');
  new.audio_url := nullif(btrim(coalesce(new.audio_url, '')), '');
  -- A path must name an object the author uploaded to that bucket (security
  -- review L2): never a path that was not uploaded, and never someone
  -- else's file, which a company of this feedback's site would then read.
  if v_uid is not null and (
       (new.screenshot_url is not null
        and not private.is_own_media('screenshots', new.screenshot_url, v_uid))
    or (new.audio_url is not null
        and not private.is_own_media('audio', new.audio_url, v_uid))) then
    raise exception 'Attach only files you uploaded yourself.'
      using errcode = 'insufficient_privilege',
            hint = 'Upload the file first, then send the feedback with the path the upload returned.';
  end if;

  -- Identity comes from the account, and everything the AI step and
  -- companies set starts empty, whatever a client sent.
  select u.email into new.user_email from auth.users u where u.id = new.user_id;
  select p.full_name into new.user_name from public.profiles p where p.id = new.user_id;
  new.status := 'pending';
  new.status_changed_at := null;
  new.upvotes := 0;
  new.downvotes := 0;
  new.total_votes := 0;
  new.view_count := 0;
  if v_uid is not null then
    new.sentiment := null;
    new.priority := null;
    new.actionable := null;
    new.tags := '{}';
    new.suggested_response := null;
    new.suggested_fix := null;
    new.quality_score := 3;
    new.quality_source := 'default';
    new.is_spam := false;
    new.ai_processed_at := null;
  end if;
  new.updated_at := new.created_at;
  -- Kept, so the company has it on record, but it earns its author nothing.
  new.self_dealing := private.is_self_dealing(new.user_id, new.website_host);

  -- Daily XP cap and counters. The stats row is locked until commit, so
  -- concurrent submissions of one user are counted one after the other; the
  -- counters move here, not after the insert, so that every row of a
  -- multi-row insert sees the rows before it.
  select * into v_stats from public.user_stats s where s.user_id = new.user_id for update;
  -- Rate limit per account (DECISIONS.md "Rate limits"): more than 30 in
  -- 10 minutes is HTTP 429. Per-IP limits belong to the API gateway.
  if v_uid is not null and (
       select count(*) from public.feedback f
        where f.user_id = v_uid and f.created_at > now() - interval '10 minutes') >= 30 then
    raise exception 'You are sending feedback too fast. Please wait a few minutes.'
      using errcode = 'PT429';
  end if;
  if new.self_dealing then
    new.points_awarded := 0;
    return new;
  end if;
  v_day := (new.created_at at time zone 'UTC')::date;
  if v_stats.day_feedback_date is null or v_day > v_stats.day_feedback_date then
    v_before := 0;
  elsif v_day = v_stats.day_feedback_date then
    v_before := v_stats.day_feedback_count;
  else
    select count(*) into v_before from public.feedback f
     where f.user_id = new.user_id
       and f.created_at >= (v_day::timestamp at time zone 'UTC')
       and f.created_at < ((v_day + 1)::timestamp at time zone 'UTC');
  end if;
  if v_before < 20 then
    v_points := 5
      -- The media bonus only for files that exist, owned by the author
      -- (server-side inserts are not checked above).
      + case when new.screenshot_url is not null
               and private.is_own_media('screenshots', new.screenshot_url, new.user_id) then 1 else 0 end
      + case when new.audio_url is not null
               and private.is_own_media('audio', new.audio_url, new.user_id) then 1 else 0 end
      + case when coalesce(v_stats.feedback_count, 0) = 0 then 10 else 0 end;
  end if;
  new.points_awarded := v_points;

  update public.user_stats s
     set total_points = s.total_points + v_points,
         feedback_count = s.feedback_count + 1,
         bug_count = s.bug_count + (new.category = 'bug')::integer,
         feature_count = s.feature_count + (new.category = 'feature')::integer,
         screenshot_count = s.screenshot_count + (new.screenshot_url is not null)::integer,
         quality_score_sum = s.quality_score_sum + new.quality_score,
         day_feedback_count = case
           when s.day_feedback_date is null or v_day > s.day_feedback_date then 1
           when v_day = s.day_feedback_date then s.day_feedback_count + 1
           else s.day_feedback_count end,
         day_feedback_date = greatest(coalesce(s.day_feedback_date, v_day), v_day),
         current_streak = case
           when s.last_feedback_day is null or v_day > s.last_feedback_day + 1 then 1
           when v_day = s.last_feedback_day + 1 then s.current_streak + 1
           else s.current_streak end,
         longest_streak = greatest(s.longest_streak, case
           when s.last_feedback_day is null or v_day > s.last_feedback_day + 1 then 1
           when v_day = s.last_feedback_day + 1 then s.current_streak + 1
           else s.current_streak end),
         last_feedback_day = greatest(coalesce(s.last_feedback_day, v_day), v_day)
   where s.user_id = new.user_id;
  return new;
end
$$;
comment on function private.feedback_before_insert() is
  'Before a feedback is inserted: author from the session, texts checked with the form''s messages, URL and host normalised, only media the author uploaded (the +1 bonuses only for those), AI/company fields emptied, 30 per 10 minutes per account, XP under the daily cap of 20, stats counters and streaks updated; feedback about the author''s own company domains (self_dealing) earns no XP and moves no counter.';

-- Kept for clients that still ask for a folder before each upload: it now
-- answers a fresh random folder every time (never stored, never reused).
create or replace function public.get_my_upload_folder()
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_self(null, 'user');
  return gen_random_uuid();
end
$$;
comment on function public.get_my_upload_folder() is
  'A fresh random folder for one upload: screenshots and audio go to {folder}/{uuid}.{ext}, a new folder per file, so media paths never link an author''s feedback. Never the user id.';

comment on column public.feedback.screenshot_url is
  'Path in the private screenshots bucket, {fresh folder}/{file} (older rows: the author''s former per-author folder); an object the author uploaded. Companies read it.';
comment on column public.feedback.audio_url is
  'Path in the private audio bucket, {fresh folder}/{file} (older rows: the author''s former per-author folder); an object the author uploaded. Companies read it.';
comment on table private.upload_folders is
  'Former per-author upload folders (before the per-file folders of security review L5): objects under them stay readable by their author. No new uploads go there. Never readable by clients.';
