-- =============================================================================
-- Consumer accounts and progress: profiles (one per auth user, created by a
-- trigger on auth.users), stats, the points ledger, levels, the 10 badges,
-- profile completion, LinkedIn verification, the leaderboard and each user's
-- opaque upload folder.
--
-- Rules: DECISIONS.md "Points, levels, badges, reputation"; amounts and
-- thresholds mirror shared/domain/{points,levels,badges,reputation,
-- profile-completeness,profile-options}.ts. Clients never write stats, points
-- or badges: triggers and server-only functions do.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text,
  nickname text not null,
  referral_code text not null,
  age_range text,
  city text,
  languages text[] not null default '{}',
  devices text[] not null default '{}',
  gender text,
  job_title text,
  seniority text,
  tech_knowledge smallint,
  topics text[] not null default '{}',
  hobbies text[] not null default '{}',
  verified_linkedin boolean not null default false,
  linkedin_verified_at timestamptz,
  profile_completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_referral_code_key unique (referral_code),
  constraint profiles_nickname_length check (char_length(nickname) between 2 and 30),
  constraint profiles_tech_knowledge_range check (tech_knowledge between 1 and 10)
);
comment on table public.profiles is
  'One row per auth user (created by a trigger on auth.users): questionnaire answers, nickname and referral code. Readable and editable only by its owner.';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by a trigger; client values are ignored.';
comment on column public.profiles.full_name is 'Copy of the sign-up full_name metadata; used as the feedback user_name.';
comment on column public.profiles.nickname is 'Public name on the leaderboard; defaults to PeegerNNNNNN, never the e-mail or name.';
comment on column public.profiles.referral_code is 'Unique 8-character code of the referral link /auth?ref={code}.';
comment on column public.profiles.job_title is 'Chosen job title, or the free text when Other was chosen.';
comment on column public.profiles.verified_linkedin is 'Set only by mark_linkedin_verified (linkedin-oauth function, service role).';
comment on column public.profiles.profile_completed_at is 'First time the saved profile was complete; the +30 XP is awarded then, once.';

create table public.user_stats (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  total_points integer not null default 0,
  current_level smallint not null default 0,
  reputation numeric(2, 1) not null default 0,
  feedback_count integer not null default 0,
  bug_count integer not null default 0,
  feature_count integer not null default 0,
  screenshot_count integer not null default 0,
  quality_score_sum bigint not null default 0,
  votes_cast integer not null default 0,
  upvotes_received integer not null default 0,
  downvotes_received integer not null default 0,
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  last_feedback_day date,
  day_feedback_date date,
  day_feedback_count integer not null default 0,
  updated_at timestamptz not null default now(),
  constraint user_stats_level_range check (current_level between 0 and 5),
  constraint user_stats_reputation_range check (reputation between 0 and 5)
);
comment on table public.user_stats is
  'Per-user totals and counters, maintained by triggers: XP, level, reputation and the counters the badges are earned on. Read-only for its owner.';
comment on column public.user_stats.current_level is 'Level 0-5 from total_points (private.level_for_points), recomputed on every write.';
comment on column public.user_stats.reputation is '0-5 with one decimal (private.compute_reputation), recomputed on every write.';
comment on column public.user_stats.quality_score_sum is 'Sum of the quality scores of the user''s feedback; the average feeds reputation.';
comment on column public.user_stats.current_streak is 'Consecutive UTC days with feedback ending at last_feedback_day.';
comment on column public.user_stats.longest_streak is 'Longest run of consecutive UTC days with feedback (streak badges).';
comment on column public.user_stats.day_feedback_date is 'UTC day counted by day_feedback_count (daily XP cap).';
comment on column public.user_stats.day_feedback_count is 'Feedback sent on day_feedback_date, earning XP or not; XP stops after 20.';

create table public.user_points (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  action_type text not null,
  points integer not null,
  feedback_id uuid,
  referral_id uuid,
  created_at timestamptz not null default now(),
  constraint user_points_action_type_known check (action_type in (
    'feedback_submitted', 'first_feedback', 'profile_completed',
    'linkedin_verified', 'referral_bonus', 'referral_completed',
    'feedback_completed', 'spam_reversal'
  ))
);
comment on table public.user_points is
  'The XP ledger: one row per award (the experience history). Written only by triggers and server functions; unique keys make each one-off award happen once.';
comment on column public.user_points.action_type is 'What earned the points; underscores are shown as spaces.';
comment on column public.user_points.points is 'Signed XP; spam_reversal is negative.';
comment on column public.user_points.feedback_id is 'Feedback the award is about (feedback_submitted, first_feedback, feedback_completed, spam_reversal).';
comment on column public.user_points.referral_id is 'Referral the award is about (referral_bonus, referral_completed).';

create table public.badges (
  key text primary key,
  name text not null,
  description text not null,
  emoji text not null,
  metric text not null,
  threshold integer not null,
  sort_order smallint not null unique,
  constraint badges_metric_known check (metric in (
    'feedbackCount', 'longestStreakDays', 'votesCast', 'upvotesReceived',
    'bugReports', 'featureRequests', 'screenshotCount', 'totalPoints'
  ))
);
comment on table public.badges is
  'The 10 badge definitions (shared/domain/badges.ts BADGES): earned when the user_stats counter named by metric reaches threshold.';
comment on column public.badges.metric is 'BadgeMetric of shared/domain/badges.ts naming the user_stats counter.';

create table public.user_badges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  badge_key text not null references public.badges (key),
  badge_name text not null,
  badge_emoji text not null,
  earned_at timestamptz not null default now(),
  constraint user_badges_once unique (user_id, badge_key)
);
comment on table public.user_badges is
  'Badges a user earned, each exactly once (unique user_id, badge_key). Inserted by triggers; an INSERT opens the badge dialog through realtime.';

create table private.leaderboard_buckets (
  points integer not null,
  stripe smallint not null,
  users integer not null default 0,
  primary key (points, stripe)
);
comment on table private.leaderboard_buckets is
  'How many ranked users (total_points > 0) hold each points total, kept by a trigger on user_stats and striped 16 ways so concurrent awards rarely wait on one row. A leaderboard page or a rank is found by summing buckets instead of scanning every user.';

-- Upload paths are {folder}/{uuid}.{ext} and companies read them, so the
-- folder must not be the auth user id (DECISIONS.md "Anonymity"). The mapping
-- lives here, out of every client's reach: only its owner learns their folder,
-- through get_my_upload_folder.
create table private.upload_folders (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  folder uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  constraint upload_folders_folder_key unique (folder)
);
comment on table private.upload_folders is
  'Each user''s random, opaque folder in the private screenshots and audio buckets (created with the profile). Never readable by clients: the owner gets theirs through get_my_upload_folder; storage policies use private.current_upload_folder.';
comment on column private.upload_folders.folder is 'First path segment of the user''s uploads; identifies no one without this table.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

-- One-off awards happen once; per-feedback awards once per feedback.
create unique index user_points_once_per_user
  on public.user_points (user_id, action_type)
  where action_type in ('first_feedback', 'profile_completed', 'linkedin_verified', 'referral_bonus');
create unique index user_points_once_per_feedback
  on public.user_points (user_id, action_type, feedback_id)
  where action_type in ('feedback_submitted', 'feedback_completed', 'spam_reversal');
create unique index user_points_once_per_referral
  on public.user_points (user_id, action_type, referral_id)
  where action_type = 'referral_completed';
create index user_points_user_id_created_at_idx
  on public.user_points (user_id, created_at desc);
create index user_points_feedback_id_idx
  on public.user_points (feedback_id) where feedback_id is not null;
create index user_points_referral_id_idx
  on public.user_points (referral_id) where referral_id is not null;

-- Leaderboard order within a points total, index-only.
create index user_stats_leaderboard_idx
  on public.user_stats (total_points desc, user_id)
  include (feedback_count, current_level)
  where total_points > 0;

create index user_badges_user_id_earned_at_idx
  on public.user_badges (user_id, earned_at desc);
create index user_badges_badge_key_idx on public.user_badges (badge_key);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.user_stats enable row level security;
alter table public.user_points enable row level security;
alter table public.badges enable row level security;
alter table public.user_badges enable row level security;
alter table private.leaderboard_buckets enable row level security;
alter table private.upload_folders enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Users can read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

-- The spec saves the questionnaire with an upsert on id: the row already
-- exists (trigger), so the insert half only ever applies to the caller's id.
create policy "Users can create their own profile"
  on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));

create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "Users can read their own stats"
  on public.user_stats for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read their own points"
  on public.user_points for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Anyone can read the badge definitions"
  on public.badges for select to anon, authenticated
  using (true);

create policy "Users can read their own badges"
  on public.user_badges for select to authenticated
  using (user_id = (select auth.uid()));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.profiles, public.user_stats, public.user_points,
  public.badges, public.user_badges from anon, authenticated;
revoke all on table private.leaderboard_buckets, private.upload_folders
  from public, anon, authenticated;

grant select on table public.profiles to authenticated;
-- Only questionnaire fields and the nickname; verification, completion and
-- the referral code are the server's.
grant insert (id, email, nickname, age_range, city, languages, devices, gender,
  job_title, seniority, tech_knowledge, topics, hobbies, updated_at)
  on table public.profiles to authenticated;
grant update (id, email, nickname, age_range, city, languages, devices, gender,
  job_title, seniority, tech_knowledge, topics, hobbies, updated_at)
  on table public.profiles to authenticated;

grant select on table public.user_stats, public.user_points, public.user_badges
  to authenticated;
grant select on table public.badges to anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Public name given at sign-up: never derived from the e-mail or name.
create function private.default_nickname(p_user_id uuid)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'Peeger' || lpad(
    ((('x' || substr(md5(p_user_id::text), 1, 8))::bit(32)::bigint) % 1000000)::text,
    6, '0')
$$;
comment on function private.default_nickname(uuid) is
  'Default nickname PeegerNNNNNN derived from the user id, so the leaderboard never shows an e-mail or name.';

create function private.generate_referral_code()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea;
  v_code text;
begin
  loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := '';
    for i in 0..7 loop
      v_code := v_code || substr(v_alphabet, get_byte(v_bytes, i) % 32 + 1, 1);
    end loop;
    exit when not exists (select 1 from public.profiles p where p.referral_code = v_code);
  end loop;
  return v_code;
end
$$;
comment on function private.generate_referral_code() is
  'A fresh 8-character referral code (no 0/O/1/I), unique among profiles.';

-- Creates the profile of every new auth user (and, through its own trigger, the stats row).
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name, nickname, referral_code)
  values (
    new.id,
    new.email,
    nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), ''),
    private.default_nickname(new.id),
    private.generate_referral_code()
  );
  return new;
end
$$;
comment on function private.handle_new_user() is
  'After insert on auth.users: creates the profile with a default nickname and a unique referral code.';

create function private.sync_user_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
     set email = new.email,
         full_name = coalesce(
           nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), ''),
           p.full_name)
   where p.id = new.id
     and (p.email is distinct from new.email
          or p.full_name is distinct from nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), ''));
  return new;
end
$$;
comment on function private.sync_user_identity() is
  'After an auth user''s e-mail or metadata changes: copies e-mail and full name to the profile.';

create function private.create_user_stats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.user_stats (user_id) values (new.id) on conflict do nothing;
  return new;
end
$$;
comment on function private.create_user_stats() is 'After insert on profiles: creates the stats row.';

create function private.create_upload_folder()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.upload_folders (user_id) values (new.id) on conflict do nothing;
  return new;
end
$$;
comment on function private.create_upload_folder() is
  'After insert on profiles: gives the user a random upload folder.';

-- A policy helper: storage policies compare the first path segment with it.
create function private.current_upload_folder()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.folder from private.upload_folders u where u.user_id = auth.uid()
$$;
comment on function private.current_upload_folder() is
  'The signed-in user''s opaque upload folder; null when signed out.';

-- Mirrors profileCompleteness in shared/domain/profile-completeness.ts.
create function private.profile_sections(
  p public.profiles,
  out general boolean,
  out job boolean,
  out interests boolean,
  out complete boolean
)
language sql
immutable
set search_path = ''
as $$
  with s as (
    select
      coalesce(btrim(p.age_range), '') <> ''
        and coalesce(btrim(p.city), '') <> ''
        and exists (select 1 from unnest(p.languages) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.devices) x where btrim(x) <> '')
        and coalesce(btrim(p.gender), '') <> '' as general,
      coalesce(btrim(p.job_title), '') not in ('', 'Other')
        and coalesce(btrim(p.seniority), '') <> ''
        and p.tech_knowledge between 1 and 10 as job,
      exists (select 1 from unnest(p.topics) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.hobbies) x where btrim(x) <> '') as interests
  )
  select s.general, s.job, s.interests, s.general and s.job and s.interests from s
$$;
comment on function private.profile_sections(public.profiles) is
  'Completeness of the General, Job and Interests sections and overall; a stored job title of just Other counts as missing. Mirrors profileCompleteness.';

-- Raises the questionnaire's message for a value outside its option list.
create function private.check_profile_options(p_field text, p_values text[], p_options text[])
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_result text[] := '{}';
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
comment on function private.check_profile_options(text, text[], text[]) is
  'Deduplicated values when all are options; raises ''Please choose one of the listed options.'' naming the field otherwise.';

create function private.profile_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_nickname text;
begin
  -- E-mail and name are the auth user's, whatever the client sent.
  select u.email into new.email from auth.users u where u.id = new.id;
  if tg_op = 'UPDATE' then
    new.full_name := old.full_name;
    new.referral_code := old.referral_code;
    new.created_at := old.created_at;
  elsif new.referral_code is null then
    -- The insert half of the spec's upsert: the row exists, so this code is
    -- only needed to pass the NOT NULL check before the conflict turns it
    -- into an update that keeps the stored code.
    new.referral_code := coalesce(
      (select p.referral_code from public.profiles p where p.id = new.id),
      private.generate_referral_code());
  end if;

  v_nickname := btrim(coalesce(new.nickname, ''));
  if v_nickname = '' then
    v_nickname := case when tg_op = 'UPDATE' then old.nickname else private.default_nickname(new.id) end;
  end if;
  if char_length(v_nickname) not between 2 and 30 or v_nickname ~ '[[:cntrl:]]' then
    raise exception 'Nicknames are 2 to 30 characters long.'
      using errcode = 'check_violation', detail = 'nickname';
  end if;
  new.nickname := v_nickname;

  new.age_range := nullif(btrim(coalesce(new.age_range, '')), '');
  new.gender := nullif(btrim(coalesce(new.gender, '')), '');
  new.seniority := nullif(btrim(coalesce(new.seniority, '')), '');
  new.city := nullif(btrim(coalesce(new.city, '')), '');
  new.job_title := nullif(btrim(coalesce(new.job_title, '')), '');
  perform private.check_profile_options('age_range', array_remove(array[new.age_range], null),
    array['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50-54', '55-59', '60+']);
  perform private.check_profile_options('gender', array_remove(array[new.gender], null),
    array['female', 'male', 'prefer-not-to-say']);
  perform private.check_profile_options('seniority', array_remove(array[new.seniority], null),
    array['Intern', 'Junior', 'Mid-level', 'Senior', 'Lead', 'Principal', 'Manager', 'Director', 'VP', 'C-Level']);
  if char_length(new.city) > 100 then
    raise exception 'City names are at most 100 characters long.'
      using errcode = 'check_violation', detail = 'city';
  end if;
  if char_length(new.job_title) > 100 then
    raise exception 'Job titles are at most 100 characters long.'
      using errcode = 'check_violation', detail = 'job_title';
  end if;
  if new.tech_knowledge is not null and new.tech_knowledge not between 1 and 10 then
    raise exception 'Technological knowledge must be a whole number from 1 to 10.'
      using errcode = 'check_violation', detail = 'tech_knowledge';
  end if;
  new.languages := private.check_profile_options('languages', new.languages,
    array['English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Chinese',
          'Japanese', 'Korean', 'Arabic', 'Russian', 'Dutch', 'Swedish', 'Norwegian']);
  new.devices := private.check_profile_options('devices', new.devices,
    array['mobile', 'desktop', 'tablet']);
  new.topics := private.check_profile_options('topics', new.topics,
    array['UX Design', 'UI Design', 'Food & Beverage', 'Technology', 'Travel', 'Finance',
          'Health & Fitness', 'E-commerce', 'Entertainment', 'Education', 'Gaming',
          'Social Media', 'Productivity', 'Photography']);
  new.hobbies := private.check_profile_options('hobbies', new.hobbies,
    array['Football', 'Basketball', 'Tennis', 'Running', 'Cycling', 'Hiking', 'Reading',
          'Cooking', 'Music', 'Painting', 'Dancing', 'Yoga', 'Travelling', 'Video Games',
          'Gardening', 'Swimming']);

  new.updated_at := now();
  if new.profile_completed_at is null and (private.profile_sections(new)).complete then
    new.profile_completed_at := now();
  end if;
  return new;
end
$$;
comment on function private.profile_before_write() is
  'Before a profile is written: e-mail from auth, option lists and ranges checked with clear messages, first completion stamped.';

-- The one place XP is written: a ledger row (unique keys make one-off awards
-- idempotent) and, only when it was new, the stats total.
create function private.award_points(
  p_user_id uuid,
  p_action_type text,
  p_points integer,
  p_feedback_id uuid default null,
  p_referral_id uuid default null,
  p_created_at timestamptz default now()
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.user_points (user_id, action_type, points, feedback_id, referral_id, created_at)
  values (p_user_id, p_action_type, p_points, p_feedback_id, p_referral_id, coalesce(p_created_at, now()))
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return false;
  end if;
  if p_points <> 0 then
    update public.user_stats s
       set total_points = s.total_points + p_points
     where s.user_id = p_user_id;
  end if;
  return true;
end
$$;
comment on function private.award_points(uuid, text, integer, uuid, uuid, timestamptz) is
  'Writes one XP record and adds it to the total; returns false (and changes nothing) when the same one-off award exists.';

create function private.profile_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.profile_completed_at is not null then
    perform private.award_points(new.id, 'profile_completed', 30);
  end if;
  return null;
end
$$;
comment on function private.profile_after_write() is
  'After a profile write that completed it: +30 XP profile_completed (once, by unique key).';

create function private.stats_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.current_level := private.level_for_points(new.total_points);
  new.reputation := private.compute_reputation(
    new.feedback_count, new.quality_score_sum, new.upvotes_received,
    new.downvotes_received, new.total_points);
  new.updated_at := now();
  return new;
end
$$;
comment on function private.stats_before_write() is
  'Before stats are written: level and reputation recomputed from the counters.';

create function private.award_badges()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.user_badges (user_id, badge_key, badge_name, badge_emoji)
  select new.user_id, b.key, b.name, b.emoji
    from public.badges b
   where case b.metric
           when 'feedbackCount' then new.feedback_count
           when 'longestStreakDays' then new.longest_streak
           when 'votesCast' then new.votes_cast
           when 'upvotesReceived' then new.upvotes_received
           when 'bugReports' then new.bug_count
           when 'featureRequests' then new.feature_count
           when 'screenshotCount' then new.screenshot_count
           when 'totalPoints' then new.total_points
         end >= b.threshold
     and not exists (
       select 1 from public.user_badges ub
        where ub.user_id = new.user_id and ub.badge_key = b.key)
   order by b.sort_order
  on conflict (user_id, badge_key) do nothing;
  return null;
end
$$;
comment on function private.award_badges() is
  'After stats change: inserts every badge whose counter reached its threshold and the user does not hold yet (never removes one).';

create function private.track_leaderboard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
  v_stripe smallint := (abs(hashtext(v_user::text)) % 16)::smallint;
  v_old integer := case when tg_op = 'INSERT' then 0 else old.total_points end;
  v_new integer := case when tg_op = 'DELETE' then 0 else new.total_points end;
  v_points integer;
begin
  -- Buckets are touched in ascending points order so that two awards moving
  -- users across the same buckets in opposite directions cannot deadlock.
  foreach v_points in array array[least(v_old, v_new), greatest(v_old, v_new)] loop
    continue when v_points <= 0;
    if v_points = v_old then
      update private.leaderboard_buckets b set users = b.users - 1
       where b.points = v_points and b.stripe = v_stripe;
    else
      insert into private.leaderboard_buckets as b (points, stripe, users)
      values (v_points, v_stripe, 1)
      on conflict (points, stripe) do update set users = b.users + 1;
    end if;
  end loop;
  return null;
end
$$;
comment on function private.track_leaderboard() is
  'After a user''s total changes: moves them from the old points bucket to the new one (only totals above 0 are ranked).';

-- The first row of a leaderboard offset: the points total it sits in and how
-- many users rank above that total.
create function private.leaderboard_position(p_offset bigint, out points integer, out ranked_above bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select c.points, c.above
    from (
      select t.points, t.users,
             coalesce(sum(t.users) over (order by t.points desc
               rows between unbounded preceding and 1 preceding), 0) as above
        from (select b.points, sum(b.users) as users
                from private.leaderboard_buckets b
               where b.points > 0
               group by b.points) t
    ) c
   where c.above + c.users > p_offset
   order by c.points desc
   limit 1
$$;
comment on function private.leaderboard_position(bigint) is
  'Points total holding the row at a 0-based leaderboard offset, and the number of users with more points.';

create function private.ranked_users()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(b.users), 0)::bigint from private.leaderboard_buckets b where b.points > 0
$$;
comment on function private.ranked_users() is 'Number of users on the leaderboard (total_points > 0).';

-- Server-only award (spec name): not executable by anon or authenticated.
create function public.award_points(
  p_user_id uuid,
  p_action_type text,
  p_points integer,
  p_feedback_id uuid default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fixed integer;
begin
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'Unknown user.' using errcode = 'invalid_parameter_value';
  end if;
  v_fixed := case p_action_type
    when 'first_feedback' then 10
    when 'profile_completed' then 30
    when 'linkedin_verified' then 30
    when 'referral_bonus' then 30
    when 'referral_completed' then 30
    when 'feedback_completed' then 10
  end;
  if v_fixed is null and p_action_type not in ('feedback_submitted', 'spam_reversal') then
    raise exception 'Unknown action type "%".', p_action_type
      using errcode = 'invalid_parameter_value';
  end if;
  if v_fixed is not null and p_points is distinct from v_fixed then
    raise exception '% is worth % points.', p_action_type, v_fixed
      using errcode = 'invalid_parameter_value';
  end if;
  if p_action_type = 'feedback_submitted' and (p_points not between 0 and 7 or p_feedback_id is null) then
    raise exception 'feedback_submitted is worth 0 to 7 points and needs a feedback.'
      using errcode = 'invalid_parameter_value';
  end if;
  if p_action_type = 'spam_reversal' and (p_points >= 0 or p_feedback_id is null) then
    raise exception 'spam_reversal takes points back (negative) and needs a feedback.'
      using errcode = 'invalid_parameter_value';
  end if;
  if p_action_type in ('feedback_completed') and p_feedback_id is null then
    raise exception '% needs a feedback.', p_action_type using errcode = 'invalid_parameter_value';
  end if;
  return private.award_points(p_user_id, p_action_type, p_points, p_feedback_id);
end
$$;
comment on function public.award_points(uuid, text, integer, uuid) is
  'Server-only (service role): awards XP with the rule''s fixed amount; returns false when that one-off award already exists.';

-- Mirrors levelForPoints; backs the level parity test.
create function public.compute_level(p_points numeric)
returns integer
language sql
immutable
set search_path = ''
as $$
  select private.level_for_points(p_points)
$$;
comment on function public.compute_level(numeric) is
  'Level 0-5 for a total of points (the SQL twin of levelForPoints).';

create function public.check_profile_completion()
returns table (general boolean, job boolean, interests boolean, complete boolean, xp_awarded boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_profile public.profiles;
  v_sections record;
  v_awarded boolean := false;
begin
  select * into v_profile from public.profiles p where p.id = v_uid for update;
  if not found then
    raise exception 'Profile not found.' using errcode = 'insufficient_privilege';
  end if;
  select * into v_sections from private.profile_sections(v_profile);
  if v_sections.complete then
    v_awarded := not exists (
      select 1 from public.user_points up
       where up.user_id = v_uid and up.action_type = 'profile_completed');
    if v_profile.profile_completed_at is null then
      update public.profiles p set profile_completed_at = now() where p.id = v_uid;
    end if;
    perform private.award_points(v_uid, 'profile_completed', 30);
  end if;
  return query select v_sections.general, v_sections.job, v_sections.interests,
    v_sections.complete, v_awarded;
end
$$;
comment on function public.check_profile_completion() is
  'The caller''s profile completeness per section; awards the +30 XP if complete and not yet awarded (xp_awarded tells whether this call did).';

-- Server-only: called by the linkedin-oauth function after a successful exchange.
create function public.mark_linkedin_verified(p_user_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
     set verified_linkedin = true,
         linkedin_verified_at = coalesce(p.linkedin_verified_at, now())
   where p.id = p_user_id;
  if not found then
    raise exception 'Unknown user.' using errcode = 'invalid_parameter_value';
  end if;
  return private.award_points(p_user_id, 'linkedin_verified', 30);
end
$$;
comment on function public.mark_linkedin_verified(uuid) is
  'Server-only (service role): marks the profile LinkedIn-verified and awards +30 XP once; true when the XP was awarded by this call.';

create function public.get_leaderboard(page_num integer default 1, page_size integer default 10)
returns table (
  rank bigint,
  nickname text,
  feedback_count integer,
  level integer,
  xp integer,
  total_count bigint,
  is_current_user boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_total bigint := private.ranked_users();
  v_offset bigint;
  v_start record;
  v_uid uuid := auth.uid();
begin
  perform private.check_page(page_num, page_size);
  v_offset := (page_num::bigint - 1) * page_size;
  if v_offset >= v_total then
    return;
  end if;
  -- Start at the page's first points total and skip only the users of that
  -- total who rank before the page, instead of every user above it.
  select * into v_start from private.leaderboard_position(v_offset);
  return query
    select v_offset + row_number() over (order by top.total_points desc, top.user_id),
           p.nickname, top.feedback_count, top.current_level::integer, top.total_points,
           v_total, top.user_id = v_uid
      from (
        select s.user_id, s.total_points, s.feedback_count, s.current_level
          from public.user_stats s
         where s.total_points > 0 and s.total_points <= v_start.points
         order by s.total_points desc, s.user_id
         limit page_size offset (v_offset - v_start.ranked_above)
      ) top
      join public.profiles p on p.id = top.user_id
     order by top.total_points desc, top.user_id;
end
$$;
comment on function public.get_leaderboard(integer, integer) is
  'One page (1-based, size 1-100) of users with XP, most XP first: nickname, feedback count, level, XP, the total row count and a flag on the caller''s row. No ids or e-mails.';

create function public.get_my_leaderboard_rank()
returns table (
  rank bigint,
  nickname text,
  feedback_count integer,
  level integer,
  xp integer,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_stats public.user_stats;
  v_rank bigint;
  v_total bigint;
begin
  select * into v_stats from public.user_stats s where s.user_id = v_uid;
  v_total := private.ranked_users();
  if coalesce(v_stats.total_points, 0) > 0 then
    select 1
      + (select coalesce(sum(b.users), 0) from private.leaderboard_buckets b
          where b.points > v_stats.total_points)
      + (select count(*) from public.user_stats s
          where s.total_points = v_stats.total_points and s.user_id < v_uid)
      into v_rank;
  end if;
  return query
    select v_rank, p.nickname, coalesce(v_stats.feedback_count, 0),
           coalesce(v_stats.current_level, 0)::integer, coalesce(v_stats.total_points, 0), v_total
      from public.profiles p where p.id = v_uid;
end
$$;
comment on function public.get_my_leaderboard_rank() is
  'The caller''s leaderboard rank (null without XP), nickname, counts and the total number of ranked users.';

create function public.get_my_upload_folder()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_self(null, 'user');
  v_folder uuid;
begin
  select u.folder into v_folder from private.upload_folders u where u.user_id = v_uid;
  if v_folder is null then
    raise exception 'Your account has no upload folder.'
      using errcode = 'no_data_found', hint = 'Complete the sign-up first.';
  end if;
  return v_folder;
end
$$;
comment on function public.get_my_upload_folder() is
  'The caller''s own opaque upload folder: screenshots and audio go to {folder}/{uuid}.{ext}. Never the user id, and never anyone else''s folder.';

grant execute on function private.current_upload_folder() to authenticated;
grant execute on function public.get_my_upload_folder() to authenticated;
grant execute on function public.compute_level(numeric) to anon, authenticated, service_role;
grant execute on function public.get_leaderboard(integer, integer) to authenticated, service_role;
grant execute on function public.get_my_leaderboard_rank() to authenticated;
grant execute on function public.check_profile_completion() to authenticated;
grant execute on function public.award_points(uuid, text, integer, uuid) to service_role;
grant execute on function public.mark_linkedin_verified(uuid) to service_role;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_identity_changed
  after update of email, raw_user_meta_data on auth.users
  for each row execute function private.sync_user_identity();

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profile_before_write();

create trigger profiles_create_stats
  after insert on public.profiles
  for each row execute function private.create_user_stats();

create trigger profiles_create_upload_folder
  after insert on public.profiles
  for each row execute function private.create_upload_folder();

-- The completion stamp is set by profiles_before_write, so these triggers
-- test the value, not the columns of the UPDATE.
create trigger profiles_award_completion_on_insert
  after insert on public.profiles
  for each row when (new.profile_completed_at is not null)
  execute function private.profile_after_write();

create trigger profiles_award_completion_on_update
  after update on public.profiles
  for each row when (old.profile_completed_at is null and new.profile_completed_at is not null)
  execute function private.profile_after_write();

create trigger user_stats_before_write
  before insert or update on public.user_stats
  for each row execute function private.stats_before_write();

create trigger user_stats_track_leaderboard_on_insert
  after insert on public.user_stats
  for each row when (new.total_points > 0)
  execute function private.track_leaderboard();

create trigger user_stats_track_leaderboard_on_update
  after update on public.user_stats
  for each row when (old.total_points is distinct from new.total_points)
  execute function private.track_leaderboard();

create trigger user_stats_track_leaderboard_on_delete
  after delete on public.user_stats
  for each row when (old.total_points > 0)
  execute function private.track_leaderboard();

create trigger user_stats_award_badges
  after update on public.user_stats
  for each row when (
    new.feedback_count > old.feedback_count
    or new.longest_streak > old.longest_streak
    or new.votes_cast > old.votes_cast
    or new.upvotes_received > old.upvotes_received
    or new.bug_count > old.bug_count
    or new.feature_count > old.feature_count
    or new.screenshot_count > old.screenshot_count
    or new.total_points > old.total_points
  )
  execute function private.award_badges();

-- -----------------------------------------------------------------------------
-- Section: data (the fixed badge list)
-- -----------------------------------------------------------------------------

insert into public.badges (key, name, description, emoji, metric, threshold, sort_order) values
  ('first_shot', 'First Shot', 'Submit first feedback', '🎯', 'feedbackCount', 1, 1),
  ('feedback_streak_3', '3-Day Streak', 'Feedback on 3 consecutive days', '🔥', 'longestStreakDays', 3, 2),
  ('feedback_streak_7', 'Week Warrior', '7 consecutive days', '⚔️', 'longestStreakDays', 7, 3),
  ('helpful_voter', 'Helpful Voter', 'Vote on 10 feedback items', '👍', 'votesCast', 10, 4),
  ('quality_contributor', 'Quality Contributor', '5 upvotes on your feedback', '⭐', 'upvotesReceived', 5, 5),
  ('bug_hunter', 'Bug Hunter', 'Report 5 bugs', '🐛', 'bugReports', 5, 6),
  ('feature_requester', 'Feature Requester', 'Request 5 features', '💡', 'featureRequests', 5, 7),
  ('chatterbox', 'Chatterbox', 'Submit 10 feedbacks', '💬', 'feedbackCount', 10, 8),
  ('snapshot_pro', 'Snapshot Pro', 'Submit 10 screenshots', '📸', 'screenshotCount', 10, 9),
  ('peega_legend', 'Legend', 'Reach 1000+ points', '👑', 'totalPoints', 1000, 10);

-- -----------------------------------------------------------------------------
-- Section: realtime publication
-- -----------------------------------------------------------------------------

alter publication supabase_realtime add table public.user_badges;
