-- =============================================================================
-- The first-feedback bonus is recorded where it is decided (issue #20). The
-- before-insert trigger decides it (the author had no counted feedback yet),
-- but the after-insert trigger, which writes the XP ledger, inferred it again
-- from the amount ("points_awarded >= 15"): any change to the per-feedback
-- points or the bonus would have split the ledger wrongly. The decision is
-- now kept on the feedback (first_feedback, server-owned: no client grant)
-- and the ledger, and any reader, take it from there. Both functions are
-- redefined from their latest definitions (before: 20261125120002, after:
-- 20250601120400); only the first-feedback lines change.
-- =============================================================================

alter table public.feedback add column first_feedback boolean not null default false;
comment on column public.feedback.first_feedback is
  'True when this feedback earned its author the first-feedback bonus (+10, included in points_awarded); set by the server on insert.';

-- Feedback sent before this migration: the ledger already holds the decision.
update public.feedback f set first_feedback = true
 where exists (select 1 from public.user_points up
                where up.feedback_id = f.id and up.action_type = 'first_feedback');

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
  -- Server-owned: whatever a server-side insert says, decided below.
  new.first_feedback := false;
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
    new.first_feedback := coalesce(v_stats.feedback_count, 0) = 0;
    v_points := 5
      -- The media bonus only for files that exist, owned by the author
      -- (server-side inserts are not checked above).
      + case when new.screenshot_url is not null
               and private.is_own_media('screenshots', new.screenshot_url, new.user_id) then 1 else 0 end
      + case when new.audio_url is not null
               and private.is_own_media('audio', new.audio_url, new.user_id) then 1 else 0 end
      + case when new.first_feedback then 10 else 0 end;
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
  'Before a feedback is inserted: author from the session, texts checked with the form''s messages, URL and host normalised, only media the author uploaded (the +1 bonuses only for those), AI/company fields emptied, 30 per 10 minutes per account, XP under the daily cap of 20, stats counters and streaks updated, the first-feedback bonus recorded in first_feedback; feedback about the author''s own company domains (self_dealing) earns no XP and moves no counter.';

create or replace function private.feedback_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The bonus as the before-insert trigger decided it, not guessed from the amount.
  v_first integer := case when new.first_feedback then 10 else 0 end;
begin
  -- The ledger rows of the XP the stats already hold.
  if new.points_awarded > 0 then
    insert into public.user_points (user_id, action_type, points, feedback_id, created_at)
    values (new.user_id, 'feedback_submitted', new.points_awarded - v_first, new.id, new.created_at);
    if v_first > 0 then
      insert into public.user_points (user_id, action_type, points, feedback_id, created_at)
      values (new.user_id, 'first_feedback', v_first, new.id, new.created_at);
    end if;
  end if;

  -- A feedback dated before the user's latest day (imports): streaks again
  -- from all their days.
  if (new.created_at at time zone 'UTC')::date
     < (select s.last_feedback_day from public.user_stats s where s.user_id = new.user_id) then
    perform private.recompute_streaks(new.user_id);
  end if;

  insert into private.feedback_sites as fs (site, feedback_count)
  values (coalesce(new.website_host, 'name:' || lower(new.company_name)), 1)
  on conflict (site) do update set feedback_count = fs.feedback_count + 1;

  if new.ai_processed_at is null then
    insert into private.feedback_processing_jobs (feedback_id) values (new.id);
    perform pg_notify('feedback_processing_jobs', new.id::text);
  end if;

  if new.website_host is not null then
    perform private.add_company_events(new.id, new.website_host, 'created');
    if new.created_at > now() - interval '1 day' then
      insert into private.company_notification_jobs (company_id, feedback_id)
      select c.id, new.id from public.companies c
       where c.notifications_enabled and c.domains && private.host_suffixes(new.website_host);
      if found then
        perform pg_notify('company_notification_jobs', new.id::text);
      end if;
    end if;
  end if;
  return null;
end
$$;
comment on function private.feedback_after_insert() is
  'After a feedback is inserted: its XP ledger rows (feedback_submitted, and first_feedback when the feedback says so), streaks of out-of-order imports, site counter, AI job, company events and e-mail jobs.';

-- XP is immutable after the insert, and with it the bonus that is part of it.
create or replace function private.feedback_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.id := old.id;
  new.user_id := old.user_id;
  new.user_email := old.user_email;
  new.user_name := old.user_name;
  new.raw_description := old.raw_description;
  new.points_awarded := old.points_awarded;
  new.first_feedback := old.first_feedback;
  new.created_at := old.created_at;
  if new.website_url is distinct from old.website_url then
    new.website_url := private.normalize_website_url(new.website_url);
    new.website_host := private.normalize_host(new.website_url);
  else
    new.website_host := old.website_host;
  end if;
  if new.status is distinct from old.status then
    if not private.can_transition(old.status, new.status) then
      raise exception 'A feedback cannot move from % to %.', old.status, coalesce(new.status, 'null')
        using errcode = 'check_violation',
              hint = 'pending → read → in_progress, completed or rejected.';
    end if;
    new.status_changed_at := now();
  end if;
  if (new.status, new.title, new.description, new.category, new.company_name, new.website_url,
      new.screenshot_url, new.audio_url, new.sentiment, new.priority, new.actionable, new.tags,
      new.suggested_response, new.suggested_fix, new.quality_score, new.is_spam)
     is distinct from
     (old.status, old.title, old.description, old.category, old.company_name, old.website_url,
      old.screenshot_url, old.audio_url, old.sentiment, old.priority, old.actionable, old.tags,
      old.suggested_response, old.suggested_fix, old.quality_score, old.is_spam) then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;
comment on function private.feedback_before_update() is
  'Before a feedback changes: identity, raw text and XP are immutable; status moves follow the workflow; updated_at moves only for content or status, not counters.';
