-- =============================================================================
-- Feedback: what consumers send, what the AI step adds, votes, company views
-- and the allowance behind them, status changes with author notifications,
-- per-company realtime events, and the job queues of the AI processing and
-- the company e-mail notifications.
--
-- Anonymity (DECISIONS.md "Anonymity"): consumers read only their own rows of
-- `feedback`; companies never read the table. They get matching feedback only
-- through the company RPCs below, which return no user id, e-mail or name, and
-- realtime signals from company_feedback_events, which hold none either.
-- Matching (DECISIONS.md "Which feedback a company sees"): the host is stored
-- normalised on insert and indexed reversed, so "equals a domain or is a
-- subdomain of it" is an index range scan; substrings never match.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  user_email text,
  user_name text,
  title text not null,
  description text not null,
  raw_description text not null,
  category text not null default 'other',
  status text not null default 'pending',
  company_name text not null,
  website_url text,
  website_host text,
  screenshot_url text,
  audio_url text,
  sentiment text,
  priority text,
  actionable boolean,
  tags text[] not null default '{}',
  suggested_response text,
  suggested_fix text,
  quality_score smallint not null default 3,
  quality_source text not null default 'default',
  upvotes integer not null default 0,
  downvotes integer not null default 0,
  total_votes integer not null default 0,
  view_count integer not null default 0,
  points_awarded integer not null default 0,
  is_spam boolean not null default false,
  ai_processed_at timestamptz,
  status_changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint feedback_category_known check (category in ('bug', 'feature', 'improvement', 'other')),
  constraint feedback_status_known check (status in ('pending', 'read', 'in_progress', 'completed', 'rejected')),
  constraint feedback_sentiment_known check (sentiment in ('positive', 'negative', 'neutral')),
  constraint feedback_priority_known check (priority in ('high', 'medium', 'low')),
  constraint feedback_quality_range check (quality_score between 1 and 5),
  constraint feedback_quality_source_known check (quality_source in ('default', 'ai', 'company')),
  constraint feedback_title_length check (char_length(title) between 1 and 200),
  constraint feedback_description_length check (char_length(description) between 1 and 5000),
  constraint feedback_raw_description_length check (char_length(raw_description) between 1 and 5000),
  constraint feedback_company_name_length check (char_length(company_name) between 1 and 200),
  constraint feedback_tags_limit check (coalesce(array_length(tags, 1), 0) <= 10),
  constraint feedback_counters_non_negative check (
    upvotes >= 0 and downvotes >= 0 and total_votes >= 0 and view_count >= 0)
);
comment on table public.feedback is
  'Feedback a consumer sent about a site. Authors read their own rows; companies read matching rows only through the company RPCs (no author identity).';
comment on column public.feedback.user_email is 'Author''s e-mail at submission (set by a trigger); never returned to companies.';
comment on column public.feedback.user_name is 'Author''s profile full name at submission (set by a trigger); never returned to companies.';
comment on column public.feedback.description is 'Text shown as the feedback: the user''s text at first, the AI-processed text after processing.';
comment on column public.feedback.raw_description is 'The user''s own text, kept as written.';
comment on column public.feedback.website_url is 'Normalised URL (https:// added when missing); companies get it without query or fragment.';
comment on column public.feedback.website_host is 'Normalised host (no scheme, port or leading www., lowercase) used for company matching; indexed reversed.';
comment on column public.feedback.screenshot_url is 'Path in the private screenshots bucket, under the author''s opaque {upload folder}/ (never the user id; companies read it).';
comment on column public.feedback.audio_url is 'Path in the private audio bucket, under the author''s opaque {upload folder}/ (never the user id; companies read it).';
comment on column public.feedback.quality_score is '1-5, default 3: the AI estimate, replaced by the company''s rating (quality_source).';
comment on column public.feedback.quality_source is 'Who set quality_score: default, ai or company (a company rating is never overwritten by AI).';
comment on column public.feedback.view_count is 'Distinct (company, UTC day) views of this feedback.';
comment on column public.feedback.points_awarded is 'XP this feedback earned on submission (5-7, +10 when first, 0 past the daily cap).';
comment on column public.feedback.is_spam is 'Set by the AI step; its XP is then reversed (spam_reversal), badges stay.';
comment on column public.feedback.ai_processed_at is 'When the AI step wrote its fields; null while queued.';

create table public.feedback_votes (
  id uuid primary key default gen_random_uuid(),
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  user_email text,
  vote_type text not null,
  created_at timestamptz not null default now(),
  constraint feedback_votes_once unique (feedback_id, user_id),
  constraint feedback_votes_type_known check (vote_type in ('upvote', 'downvote'))
);
comment on table public.feedback_votes is
  'One vote per user per feedback, never on one''s own and only on feedback the voter can see (enforced by a trigger). Each voter reads only their own votes; totals live on feedback.';
comment on column public.feedback_votes.user_email is 'The voter''s e-mail (set by a trigger); visible only to the voter.';

create table public.company_feedback_views (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  viewed_on date not null,
  viewed_at timestamptz not null default now(),
  counted boolean not null default true,
  constraint company_feedback_views_once_per_day unique (company_id, feedback_id, viewed_on)
);
comment on table public.company_feedback_views is
  'A company opened a feedback, at most one row per UTC day. Readable by that company and by the feedback''s author (an INSERT refreshes the author''s view counts).';
comment on column public.company_feedback_views.viewed_on is 'UTC day of the view.';
comment on column public.company_feedback_views.counted is 'True when this view used the allowance (first view of that feedback in the plan''s period).';

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null default 'feedback_status',
  feedback_id uuid references public.feedback (id) on delete cascade,
  feedback_title text,
  old_status text,
  new_status text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_kind_known check (kind in ('feedback_status'))
);
comment on table public.notifications is
  'Messages to a user, sent live: one per status change of their feedback (who changed it is not included).';
comment on column public.notifications.read_at is 'Set by the user when read; the only column they may change.';

create table public.company_feedback_events (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  event_type text not null,
  created_at timestamptz not null default now(),
  constraint company_feedback_events_type_known
    check (event_type in ('created', 'status_changed', 'voted', 'rated', 'analysed'))
);
comment on table public.company_feedback_events is
  'Realtime signal per company: something happened to a matching feedback. Holds no author identity; the dashboard refetches through the RPCs.';

create table private.feedback_sites (
  site text primary key,
  feedback_count bigint not null default 0
);
comment on table private.feedback_sites is
  'Feedback per site (host, or company name when no URL), maintained on insert; backs get_community_stats without scanning feedback.';

create table private.feedback_processing_jobs (
  id bigint generated always as identity primary key,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  constraint feedback_processing_jobs_once unique (feedback_id),
  constraint feedback_processing_jobs_status_known check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table private.feedback_processing_jobs is
  'AI processing queue, one job per new feedback (supabase/local/jobs/queue-worker.ts; on hosted Supabase a database webhook on INSERT calls process-feedback). NOTIFY feedback_processing_jobs on insert.';

create table private.company_notification_jobs (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  constraint company_notification_jobs_once unique (company_id, feedback_id),
  constraint company_notification_jobs_status_known check (status in ('pending', 'running', 'done', 'failed'))
);
comment on table private.company_notification_jobs is
  'E-mail/webhook queue: a new feedback for a company with notifications_enabled (the message carries no author identity). NOTIFY company_notification_jobs on insert.';

alter table public.user_points
  add constraint user_points_feedback_id_fkey
  foreign key (feedback_id) references public.feedback (id) on delete set null;

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create index feedback_user_id_created_at_idx on public.feedback (user_id, created_at desc);
-- Exact-or-subdomain matching as a range scan on the reversed host.
create index feedback_host_reversed_idx
  on public.feedback (reverse(website_host) text_pattern_ops)
  where website_host is not null;
create index feedback_screenshot_url_idx on public.feedback (screenshot_url) where screenshot_url is not null;
create index feedback_audio_url_idx on public.feedback (audio_url) where audio_url is not null;

create index feedback_votes_user_id_idx on public.feedback_votes (user_id, created_at desc);

create index company_feedback_views_allowance_idx
  on public.company_feedback_views (company_id, viewed_at) where counted;
create index company_feedback_views_feedback_id_idx on public.company_feedback_views (feedback_id);

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_feedback_id_idx on public.notifications (feedback_id);

create index company_feedback_events_company_id_idx
  on public.company_feedback_events (company_id, created_at desc);
create index company_feedback_events_feedback_id_idx on public.company_feedback_events (feedback_id);

create index feedback_processing_jobs_due_idx on private.feedback_processing_jobs (status, run_after, id);
create index company_notification_jobs_due_idx on private.company_notification_jobs (status, run_after, id);
create index company_notification_jobs_feedback_id_idx on private.company_notification_jobs (feedback_id);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.feedback enable row level security;
alter table public.feedback_votes enable row level security;
alter table public.company_feedback_views enable row level security;
alter table public.notifications enable row level security;
alter table public.company_feedback_events enable row level security;
alter table private.feedback_sites enable row level security;
alter table private.feedback_processing_jobs enable row level security;
alter table private.company_notification_jobs enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Authors can read their own feedback"
  on public.feedback for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Signed-in users can submit feedback as themselves"
  on public.feedback for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Voters can read their own votes"
  on public.feedback_votes for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Signed-in users can vote as themselves"
  on public.feedback_votes for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Companies can read their own feedback views"
  on public.company_feedback_views for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

create policy "Authors can read the views of their feedback"
  on public.company_feedback_views for select to authenticated
  using (feedback_id in (
    select f.id from public.feedback f where f.user_id = (select auth.uid())));

create policy "Users can read their notifications"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can mark their notifications read"
  on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their notifications"
  on public.notifications for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Companies can read their own feedback events"
  on public.company_feedback_events for select to authenticated
  using (company_id in (
    select c.id from public.companies c where c.user_id = (select auth.uid())));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.feedback, public.feedback_votes, public.company_feedback_views,
  public.notifications, public.company_feedback_events from anon, authenticated;
revoke all on table private.feedback_sites, private.feedback_processing_jobs,
  private.company_notification_jobs from public, anon, authenticated;

grant select on table public.feedback to authenticated;
-- The spec's insert payload; the trigger overwrites identity and AI fields.
grant insert (user_id, user_email, user_name, title, description, raw_description, category,
  company_name, website_url, screenshot_url, audio_url, sentiment, suggested_response,
  suggested_fix)
  on table public.feedback to authenticated;
grant select on table public.feedback_votes to authenticated;
grant insert (feedback_id, user_id, user_email, vote_type) on table public.feedback_votes to authenticated;
grant select on table public.company_feedback_views to authenticated;
grant select, delete on table public.notifications to authenticated;
grant update (read_at) on table public.notifications to authenticated;
grant select on table public.company_feedback_events to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions (rules)
-- -----------------------------------------------------------------------------

-- Mirrors canTransition in shared/domain/statuses.ts.
create function private.can_transition(p_from text, p_to text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case p_from
    when 'pending' then p_to = 'read'
    when 'read' then p_to in ('in_progress', 'completed', 'rejected')
    when 'in_progress' then p_to in ('completed', 'rejected')
    when 'completed' then p_to in ('in_progress', 'rejected')
    when 'rejected' then p_to in ('in_progress', 'completed')
    else false
  end
$$;
comment on function private.can_transition(text, text) is
  'Allowed status moves: pending → read; read → in_progress, completed, rejected; freely among those three; never back. Mirrors canTransition.';

-- Who may see (and so vote on) a feedback: its author, a company whose domain
-- it matches, and any signed-in user through the anonymised similar-feedback
-- suggestions for its site (not rejected, not spam, with a website).
create function private.can_see_feedback(p_user_id uuid, p_feedback public.feedback)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null and (
    p_feedback.user_id = p_user_id
    or (p_feedback.website_host is not null
        and p_feedback.status <> 'rejected'
        and not p_feedback.is_spam)
    or exists (
      select 1 from public.companies c
       where c.user_id = p_user_id
         and private.host_matches_domains(p_feedback.website_host, c.domains))
  )
$$;
comment on function private.can_see_feedback(uuid, public.feedback) is
  'True when the user is the author, owns a matching company, or can meet the feedback among the anonymised suggestions for its site.';

-- Companies whose domains match a host (GIN on companies.domains).
create function private.matching_company_ids(p_host text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id from public.companies c
   where p_host is not null and c.domains && private.host_suffixes(p_host)
$$;
comment on function private.matching_company_ids(text) is 'Ids of the companies that own a host (exact or parent domain).';

create function private.add_company_events(p_feedback_id uuid, p_host text, p_event text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.company_feedback_events (company_id, feedback_id, event_type)
  select m.id, p_feedback_id, p_event from private.matching_company_ids(p_host) as m(id)
$$;
comment on function private.add_company_events(uuid, text, text) is 'Signals an event on a feedback to every company it belongs to.';

-- Recomputes the streak counters from the feedback days (out-of-order inserts).
create function private.recompute_streaks(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  with days as (
    select distinct (f.created_at at time zone 'UTC')::date as d
      from public.feedback f where f.user_id = p_user_id
  ), runs as (
    select d - (row_number() over (order by d))::integer as grp, d from days
  ), lengths as (
    select count(*)::integer as len, max(d) as last_day from runs group by grp
  )
  update public.user_stats s
     set longest_streak = greatest(s.longest_streak, coalesce((select max(len) from lengths), 0)),
         current_streak = coalesce((select len from lengths order by last_day desc limit 1), 0),
         last_feedback_day = (select max(last_day) from lengths)
   where s.user_id = p_user_id
$$;
comment on function private.recompute_streaks(uuid) is
  'Current and longest UTC-day streaks of a user recomputed from all their feedback (used when feedback arrives out of order).';

create function private.feedback_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_folder text := private.current_upload_folder()::text;
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
  -- Paths must sit in the caller's opaque folder (never their user id, which
  -- companies would read in the path).
  if v_uid is not null and (
       (new.screenshot_url is not null
        and (v_folder is null or new.screenshot_url !~ ('^' || v_folder || '/[A-Za-z0-9._-]{1,200}$')))
    or (new.audio_url is not null
        and (v_folder is null or new.audio_url !~ ('^' || v_folder || '/[A-Za-z0-9._-]{1,200}$')))) then
    raise exception 'Attach only files you uploaded to your own folder.'
      using errcode = 'insufficient_privilege',
            hint = 'Upload to {get_my_upload_folder()}/{file name} first.';
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
      + case when new.screenshot_url is not null then 1 else 0 end
      + case when new.audio_url is not null then 1 else 0 end
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
  'Before a feedback is inserted: author from the session, texts checked with the form''s messages, URL and host normalised, own-folder uploads only, AI/company fields emptied, 30 per 10 minutes per account, XP under the daily cap of 20, stats counters and streaks updated.';

create function private.feedback_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Without the first-feedback bonus a feedback earns at most 7, with it 15 to 17.
  v_first integer := case when new.points_awarded >= 15 then 10 else 0 end;
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
  'After a feedback is inserted: its XP ledger rows, streaks of out-of-order imports, site counter, AI job, company events and e-mail jobs.';

create function private.feedback_before_update()
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

create function private.feedback_after_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_earned integer;
begin
  if new.category is distinct from old.category
     or new.quality_score <> old.quality_score
     or (new.screenshot_url is null) <> (old.screenshot_url is null) then
    update public.user_stats s
       set bug_count = s.bug_count + (new.category = 'bug')::integer - (old.category = 'bug')::integer,
           feature_count = s.feature_count + (new.category = 'feature')::integer - (old.category = 'feature')::integer,
           screenshot_count = s.screenshot_count + (new.screenshot_url is not null)::integer
             - (old.screenshot_url is not null)::integer,
           quality_score_sum = s.quality_score_sum + new.quality_score - old.quality_score
     where s.user_id = new.user_id;
  end if;

  if new.status is distinct from old.status then
    insert into public.notifications (user_id, kind, feedback_id, feedback_title, old_status, new_status)
    values (new.user_id, 'feedback_status', new.id, new.title, old.status, new.status);
    perform private.add_company_events(new.id, new.website_host, 'status_changed');
    if new.status = 'completed' then
      perform private.award_points(new.user_id, 'feedback_completed', 10, new.id);
    end if;
  end if;

  if new.is_spam and not old.is_spam then
    select coalesce(sum(up.points), 0) into v_earned from public.user_points up
     where up.user_id = new.user_id and up.feedback_id = new.id
       and up.action_type in ('feedback_submitted', 'first_feedback');
    if v_earned > 0 then
      perform private.award_points(new.user_id, 'spam_reversal', -v_earned, new.id);
    end if;
  end if;

  if new.quality_score <> old.quality_score and new.quality_source = 'company' then
    perform private.add_company_events(new.id, new.website_host, 'rated');
  elsif new.ai_processed_at is distinct from old.ai_processed_at then
    perform private.add_company_events(new.id, new.website_host, 'analysed');
  end if;
  return null;
end
$$;
comment on function private.feedback_after_update() is
  'After a feedback changes: counters follow category/quality/screenshot, a status change notifies the author and companies (+10 XP once on completed), spam reverses the feedback''s XP.';

create function private.vote_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_feedback public.feedback;
begin
  if v_uid is not null then
    if new.user_id is not null and new.user_id <> v_uid then
      raise exception 'You can only vote as yourself.' using errcode = 'insufficient_privilege';
    end if;
    new.user_id := v_uid;
    new.created_at := now();
  elsif new.user_id is null then
    raise exception 'A vote needs a voter.' using errcode = 'not_null_violation';
  end if;
  new.vote_type := lower(btrim(coalesce(new.vote_type, '')));
  if new.vote_type not in ('upvote', 'downvote') then
    raise exception 'Unknown vote type "%".', left(new.vote_type, 40)
      using errcode = 'check_violation', hint = 'Use upvote or downvote.';
  end if;
  select * into v_feedback from public.feedback f where f.id = new.feedback_id;
  if not found or not private.can_see_feedback(new.user_id, v_feedback) then
    raise exception 'You cannot vote on this feedback.' using errcode = 'insufficient_privilege';
  end if;
  if v_feedback.user_id = new.user_id then
    raise exception 'You cannot vote on your own feedback' using errcode = 'insufficient_privilege';
  end if;
  select u.email into new.user_email from auth.users u where u.id = new.user_id;
  return new;
end
$$;
comment on function private.vote_before_insert() is
  'Before a vote: voter from the session, vote type checked, never on one''s own feedback and only on feedback the voter can see.';

create function private.vote_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_vote public.feedback_votes := case when tg_op = 'DELETE' then old else new end;
  v_sign integer := case when tg_op = 'DELETE' then -1 else 1 end;
  v_up integer := case when v_vote.vote_type = 'upvote' then v_sign else 0 end;
  v_down integer := case when v_vote.vote_type = 'downvote' then v_sign else 0 end;
  v_author uuid;
  v_host text;
begin
  update public.feedback f
     set upvotes = greatest(f.upvotes + v_up, 0),
         downvotes = greatest(f.downvotes + v_down, 0),
         total_votes = greatest(f.total_votes + v_sign, 0)
   where f.id = v_vote.feedback_id
  returning f.user_id, f.website_host into v_author, v_host;
  -- Both stats rows locked in id order, so crossing votes never deadlock.
  perform 1 from public.user_stats s
   where s.user_id in (v_vote.user_id, v_author) order by s.user_id for update;
  update public.user_stats s
     set votes_cast = greatest(s.votes_cast + v_sign, 0)
   where s.user_id = v_vote.user_id;
  if v_author is not null then
    update public.user_stats s
       set upvotes_received = greatest(s.upvotes_received + v_up, 0),
           downvotes_received = greatest(s.downvotes_received + v_down, 0)
     where s.user_id = v_author;
    if tg_op = 'INSERT' then
      perform private.add_company_events(v_vote.feedback_id, v_host, 'voted');
    end if;
  end if;
  return null;
end
$$;
comment on function private.vote_after_write() is
  'After a vote is added or removed: totals on the feedback, votes cast by the voter, votes received by the author, a company signal.';

create function private.view_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.feedback f set view_count = f.view_count + 1 where f.id = new.feedback_id;
  return null;
end
$$;
comment on function private.view_after_insert() is 'After a company view is recorded: the feedback''s view count goes up by one.';

-- The view allowance: records that the company opened the feedback, within
-- the plan's limit, atomically per company (advisory lock), and marks a
-- pending feedback read. False when the allowance is used up.
create function private.record_view(p_company public.companies, p_feedback_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_feedback public.feedback;
  v_subscription public.company_subscriptions;
  v_plan text;
  v_now timestamptz := now();
  v_start timestamptz;
  v_limit integer;
  v_already boolean;
  v_used integer;
begin
  if p_feedback_id is null then
    raise exception 'feedback_uuid is required.' using errcode = 'invalid_parameter_value';
  end if;
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  if not found or not private.host_matches_domains(v_feedback.website_host, p_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  perform pg_advisory_xact_lock(hashtext('company_feedback_views'), hashtext(p_company.id::text));

  select * into v_subscription from public.company_subscriptions s where s.company_id = p_company.id;
  v_plan := private.resolve_plan(v_subscription.subscription_type);
  v_limit := private.view_limit(v_plan);
  v_start := coalesce(private.view_period_start(v_plan, v_now),
                      private.view_period_start('free', v_now));
  v_already := exists (
    select 1 from public.company_feedback_views v
     where v.company_id = p_company.id and v.feedback_id = p_feedback_id and v.viewed_at >= v_start);
  if not v_already and v_limit is not null then
    select count(*) into v_used from public.company_feedback_views v
     where v.company_id = p_company.id and v.counted
       and v.viewed_at >= greatest(v_start, coalesce(v_subscription.views_reset_at, v_start));
    if v_used >= v_limit then
      return false;
    end if;
  end if;

  insert into public.company_feedback_views (company_id, feedback_id, viewed_on, viewed_at, counted)
  values (p_company.id, p_feedback_id, (v_now at time zone 'UTC')::date, v_now, not v_already)
  on conflict (company_id, feedback_id, viewed_on) do nothing;
  if v_feedback.status = 'pending' then
    update public.feedback f set status = 'read' where f.id = p_feedback_id and f.status = 'pending';
  end if;
  return true;
end
$$;
comment on function private.record_view(public.companies, uuid) is
  'Opens a feedback for a company: free 5 distinct per UTC day, pro 20 per ISO week, advanced unlimited; re-opening in the period is free; pending becomes read.';

create function private.views_used(p_company_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.company_feedback_views v
    join public.company_subscriptions s on s.company_id = v.company_id
   where v.company_id = p_company_id and v.counted
     and v.viewed_at >= greatest(
       coalesce(private.view_period_start(private.resolve_plan(s.subscription_type), now()),
                private.view_period_start('free', now())),
       coalesce(s.views_reset_at, '-infinity'::timestamptz))
$$;
comment on function private.views_used(uuid) is
  'Feedback views of a company that used its allowance in the current period (after a demo reset).';

-- -----------------------------------------------------------------------------
-- Section: functions (consumer RPCs)
-- -----------------------------------------------------------------------------

create function public.get_user_feedback(p_user_id uuid default null)
returns table (
  id uuid,
  title text,
  description text,
  raw_description text,
  category text,
  created_at timestamptz,
  status text,
  user_name text,
  website_url text,
  website_host text,
  company_name text,
  screenshot_url text,
  audio_url text,
  sentiment text,
  priority text,
  actionable boolean,
  tags text[],
  suggested_response text,
  suggested_fix text,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  points_awarded integer,
  user_reputation numeric,
  verified_linkedin boolean,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(p_user_id, 'p_user_id');
begin
  return query
    select f.id, f.title, f.description, f.raw_description, f.category, f.created_at, f.status,
           f.user_name, f.website_url, f.website_host, f.company_name, f.screenshot_url, f.audio_url,
           f.sentiment, f.priority, f.actionable, f.tags, f.suggested_response, f.suggested_fix,
           f.quality_score, f.upvotes, f.downvotes, f.total_votes, f.view_count, f.points_awarded,
           coalesce(s.reputation, 0), coalesce(p.verified_linkedin, false), f.updated_at
      from public.feedback f
      left join public.user_stats s on s.user_id = f.user_id
      left join public.profiles p on p.id = f.user_id
     where f.user_id = v_uid
     order by f.created_at desc, f.id;
end
$$;
comment on function public.get_user_feedback(uuid) is
  'The caller''s feedback, newest first, with AI fields, votes, views and their reputation. p_user_id, if given, must be the caller.';

create function public.get_user_feedback_view_counts(p_user_id uuid default null)
returns table (feedback_id uuid, view_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(p_user_id, 'p_user_id');
begin
  return query
    select f.id, f.view_count from public.feedback f where f.user_id = v_uid order by f.created_at desc;
end
$$;
comment on function public.get_user_feedback_view_counts(uuid) is
  'View count of each of the caller''s feedback. p_user_id, if given, must be the caller.';

create function public.get_similar_feedback(
  p_website_url text,
  p_text text default null,
  p_limit integer default 5
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  created_at timestamptz,
  similarity real,
  my_vote text,
  is_own boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_host text := private.normalize_host(private.normalize_website_url(p_website_url));
  v_text text := btrim(coalesce(p_text, ''));
begin
  if v_host is null then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if p_limit is null or p_limit not between 1 and 20 then
    raise exception 'Limit must be between 1 and 20.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_text) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select c.id, c.title, left(c.description, 280), c.category, c.status, c.upvotes, c.downvotes,
           c.total_votes, c.created_at,
           case when v_text = '' then 0::real
                else extensions.similarity(c.title || ' ' || c.description, v_text) end as sim,
           v.vote_type, c.user_id = v_uid
      from (
        select f.* from public.feedback f
         where reverse(f.website_host) = reverse(v_host)
           and f.status <> 'rejected' and not f.is_spam
         order by f.created_at desc
         limit 500
      ) c
      left join public.feedback_votes v on v.feedback_id = c.id and v.user_id = v_uid
     order by sim desc, c.upvotes - c.downvotes desc, c.created_at desc
     limit p_limit;
end
$$;
comment on function public.get_similar_feedback(text, text, integer) is
  'Anonymised feedback already sent about the same host, most similar to p_text first (pg_trgm), with the caller''s vote, so they can upvote instead of sending a duplicate.';

create function public.get_community_stats()
returns table (total_feedbacks bigint, unique_companies bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(s.feedback_count), 0)::bigint, count(*) filter (where s.feedback_count > 0)
    from private.feedback_sites s
$$;
comment on function public.get_community_stats() is
  'Total feedback and the number of distinct sites (host, or company name without URL) that received feedback.';

-- Server-only: the process-feedback worker writes the AI result.
create function public.apply_feedback_analysis(p_feedback_id uuid, p_analysis jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_priority text := lower(nullif(btrim(p_analysis ->> 'priority'), ''));
  v_sentiment text := lower(nullif(btrim(p_analysis ->> 'sentiment'), ''));
  v_quality integer := coalesce(p_analysis ->> 'quality_score', p_analysis ->> 'qualityScore')::numeric::integer;
  v_description text := nullif(btrim(coalesce(p_analysis ->> 'description', '')), '');
begin
  if v_priority is not null and v_priority not in ('high', 'medium', 'low') then
    raise exception 'Unknown priority "%".', v_priority using errcode = 'invalid_parameter_value';
  end if;
  if v_sentiment is not null and v_sentiment not in ('positive', 'negative', 'neutral') then
    raise exception 'Unknown sentiment "%".', v_sentiment using errcode = 'invalid_parameter_value';
  end if;
  if v_quality is not null and v_quality not between 1 and 5 then
    raise exception 'Quality scores are 1 to 5.' using errcode = 'invalid_parameter_value';
  end if;
  update public.feedback f
     set description = coalesce(left(v_description, 5000), f.description),
         priority = coalesce(v_priority, f.priority),
         sentiment = coalesce(v_sentiment, f.sentiment),
         actionable = coalesce((p_analysis ->> 'actionable')::boolean, f.actionable),
         tags = coalesce((
           select array_agg(distinct left(lower(btrim(t)), 40))
             from (select t from jsonb_array_elements_text(
                     case when jsonb_typeof(p_analysis -> 'tags') = 'array' then p_analysis -> 'tags'
                          else '[]'::jsonb end) as t limit 10) x
            where btrim(t) <> ''), f.tags),
         suggested_response = coalesce(
           left(coalesce(p_analysis ->> 'suggested_response', p_analysis ->> 'suggestedResponse'), 5000),
           f.suggested_response),
         suggested_fix = coalesce(
           left(coalesce(p_analysis ->> 'suggested_fix', p_analysis ->> 'suggestedFix'), 5000),
           f.suggested_fix),
         quality_score = case when f.quality_source = 'company' or v_quality is null
                              then f.quality_score else v_quality end,
         quality_source = case when f.quality_source = 'company' or v_quality is null
                               then f.quality_source else 'ai' end,
         is_spam = f.is_spam or coalesce(
           (coalesce(p_analysis ->> 'is_spam', p_analysis ->> 'isSpam'))::boolean, false),
         ai_processed_at = now()
   where f.id = p_feedback_id;
  return found;
end
$$;
comment on function public.apply_feedback_analysis(uuid, jsonb) is
  'Server-only (service role): stores the AI result (description, priority, sentiment, actionable, tags, suggested response and fix, quality estimate unless a company rated, is_spam → XP reversal).';

-- -----------------------------------------------------------------------------
-- Section: functions (company RPCs)
-- -----------------------------------------------------------------------------

-- The company summary of a feedback: no user id, e-mail or name.
create function private.company_feedback_rows(
  p_company public.companies,
  p_domains text[],
  p_search text,
  p_category text,
  p_status text,
  p_from timestamptz,
  p_to timestamptz,
  p_limit integer,
  p_offset bigint
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  website_url text,
  website_host text,
  created_at timestamptz,
  updated_at timestamptz,
  has_screenshot boolean,
  has_audio boolean,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  tags text[],
  viewed boolean,
  my_vote text,
  is_own boolean,
  domain_verified boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_plan text;
  v_start timestamptz;
  -- A domain under another listed domain adds nothing; without them every
  -- host matches at most one root, so the range scans never overlap.
  v_roots text[] := array(
    select d from unnest(p_domains) as d
     where not exists (select 1 from unnest(p_domains) as e where d like '%.' || e));
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = p_company.id;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  return query
    with page as (
      select f.*, count(*) over () as total
        from unnest(v_roots) as d(dom)
        join public.feedback f
          on reverse(f.website_host) ~>=~ reverse(d.dom)
         and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
         and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
       where (v_pattern is null or f.title ilike v_pattern or f.description ilike v_pattern)
         and (p_category is null or f.category = p_category)
         and (p_status is null or f.status = p_status)
         and (p_from is null or f.created_at >= p_from)
         and (p_to is null or f.created_at < p_to)
       order by f.created_at desc, f.id desc
       limit p_limit offset p_offset
    )
    select pg.id, pg.title, left(pg.description, 160), pg.category, pg.status,
           substring(pg.website_url from '^[^?#]*'), pg.website_host, pg.created_at, pg.updated_at,
           pg.screenshot_url is not null, pg.audio_url is not null,
           coalesce(pr.verified_linkedin, false), coalesce(st.reputation, 0), pg.quality_score,
           pg.upvotes, pg.downvotes, pg.total_votes, pg.view_count, pg.priority, pg.sentiment, pg.tags,
           exists (select 1 from public.company_feedback_views v
                    where v.company_id = p_company.id and v.feedback_id = pg.id and v.viewed_at >= v_start),
           vt.vote_type, pg.user_id = v_uid,
           exists (select 1 from public.company_domains cd
                    where cd.company_id = p_company.id and cd.verified_at is not null
                      and private.host_matches_domains(pg.website_host, array[cd.domain])),
           pg.total
      from page pg
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
     order by pg.created_at desc, pg.id desc;
end
$$;
comment on function private.company_feedback_rows(public.companies, text[], text, text, text, timestamptz, timestamptz, integer, bigint) is
  'Summaries of the feedback matching the given company domains (exact or subdomain), filtered and paged; no author identity.';

create function public.get_company_feedback(
  p_page integer default 1,
  p_page_size integer default 20,
  p_search text default null,
  p_domain text default null,
  p_category text default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  website_url text,
  website_host text,
  created_at timestamptz,
  updated_at timestamptz,
  has_screenshot boolean,
  has_audio boolean,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  tags text[],
  viewed boolean,
  my_vote text,
  is_own boolean,
  domain_verified boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_domains text[] := v_company.domains;
  v_domain text;
  v_filtering boolean;
begin
  perform private.check_page(p_page, p_page_size);
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'Searches are at most 200 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  if nullif(btrim(coalesce(p_domain, '')), '') is not null then
    v_domain := private.normalize_domain(p_domain);
    if v_domain is null or not private.host_matches_domains(v_domain, v_company.domains) then
      raise exception 'Choose one of your company''s domains.'
        using errcode = 'invalid_parameter_value',
              detail = format('"%s" is not one of your domains.', left(p_domain, 100));
    end if;
    v_domains := array[v_domain];
  end if;
  if p_category is not null and p_category not in ('bug', 'feature', 'improvement', 'other') then
    raise exception 'Unknown feedback category "%".', left(p_category, 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: bug, feature, improvement, other.';
  end if;
  if p_status is not null and p_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(p_status, 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: pending, read, in_progress, completed, rejected.';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The start date must be before the end date.' using errcode = 'invalid_parameter_value';
  end if;
  if p_category is not null or p_status is not null or p_from is not null or p_to is not null then
    select private.resolve_plan(s.subscription_type) <> 'free' into v_filtering
      from public.company_subscriptions s where s.company_id = v_company.id;
    if not coalesce(v_filtering, false) then
      raise exception 'Upgrade to premium to use advanced filters'
        using errcode = 'insufficient_privilege',
              hint = 'The free plan filters by search and domain only.';
    end if;
  end if;
  return query
    select * from private.company_feedback_rows(v_company, v_domains, p_search, p_category,
      p_status, p_from, p_to, p_page_size, (p_page::bigint - 1) * p_page_size);
end
$$;
comment on function public.get_company_feedback(integer, integer, text, text, text, text, timestamptz, timestamptz) is
  'The caller''s company feedback list: only feedback whose host matches its domains, newest first, paged (size 1-100); search and domain on every plan, category/status/date on paid plans. No author identity.';

create function public.get_feedback_with_votes()
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  website_url text,
  website_host text,
  created_at timestamptz,
  updated_at timestamptz,
  has_screenshot boolean,
  has_audio boolean,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  tags text[],
  viewed boolean,
  my_vote text,
  is_own boolean,
  domain_verified boolean,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select * from private.company_feedback_rows(v_company, v_company.domains, null, null, null,
      null, null, 1000, 0);
end
$$;
comment on function public.get_feedback_with_votes() is
  'The spec''s company list: the newest 1000 feedback matching the caller''s company domains, with votes; no author identity.';

create function public.get_company_feedback_detail(feedback_uuid uuid)
returns table (
  id uuid,
  title text,
  description text,
  category text,
  status text,
  website_url text,
  website_host text,
  company_name text,
  created_at timestamptz,
  updated_at timestamptz,
  screenshot_url text,
  audio_url text,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  quality_source text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  actionable boolean,
  tags text[],
  suggested_response text,
  suggested_fix text,
  my_vote text,
  is_own boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
begin
  if not private.record_view(v_company, feedback_uuid) then
    raise exception 'Daily limit reached'
      using errcode = 'insufficient_privilege',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  return query
    select f.id, f.title, f.description, f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.website_host, f.company_name, f.created_at,
           f.updated_at, f.screenshot_url, f.audio_url, coalesce(p.verified_linkedin, false),
           coalesce(s.reputation, 0), f.quality_score, f.quality_source, f.upvotes, f.downvotes,
           f.total_votes, f.view_count, f.priority, f.sentiment, f.actionable, f.tags,
           f.suggested_response, f.suggested_fix, v.vote_type, f.user_id = v_uid
      from public.feedback f
      left join public.profiles p on p.id = f.user_id
      left join public.user_stats s on s.user_id = f.user_id
      left join public.feedback_votes v on v.feedback_id = f.id and v.user_id = v_uid
     where f.id = feedback_uuid;
end
$$;
comment on function public.get_company_feedback_detail(uuid) is
  'Opens one matching feedback for the caller''s company through the view allowance (recording the view, pending → read) and returns it in full, without author identity; raises ''Daily limit reached'' when the allowance is used up.';

create function public.can_view_feedback(
  company_email text default null,
  feedback_uuid uuid default null
)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(company_email);
  v_plan text;
  v_start timestamptz;
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = v_company.id;
  if private.view_limit(v_plan) is null then
    return true;
  end if;
  v_start := private.view_period_start(v_plan, now());
  if feedback_uuid is not null and exists (
       select 1 from public.company_feedback_views v
        where v.company_id = v_company.id and v.feedback_id = feedback_uuid and v.viewed_at >= v_start) then
    return true;
  end if;
  return private.views_used(v_company.id) < private.view_limit(v_plan);
end
$$;
comment on function public.can_view_feedback(text, uuid) is
  'True when the caller''s company may open one more feedback in this period (always for one it already opened in the period). company_email, if given, must be the caller''s.';

create function public.record_feedback_view(
  company_email text default null,
  feedback_uuid uuid default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.record_view(private.require_company(company_email), feedback_uuid);
end
$$;
comment on function public.record_feedback_view(text, uuid) is
  'Records that the caller''s company opened a matching feedback (pending → read) within its allowance; false when the allowance is used up. company_email, if given, must be the caller''s.';

create function public.get_daily_feedback_views(company_email text default null)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.views_used((private.require_company(company_email)).id);
end
$$;
comment on function public.get_daily_feedback_views(text) is
  'Feedback the caller''s company opened in the current period (UTC day on free, ISO week on pro) that used its allowance.';

create function public.get_company_view_allowance()
returns table (
  plan text,
  view_period text,
  view_limit integer,
  views_used integer,
  views_remaining integer,
  resets_at timestamptz,
  filtering boolean,
  demo_mode boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_plan text;
  v_used integer;
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = v_company.id;
  v_used := private.views_used(v_company.id);
  return query select v_plan,
    case v_plan when 'free' then 'utc-day' when 'pro' then 'iso-week' end,
    private.view_limit(v_plan), v_used,
    greatest(private.view_limit(v_plan) - v_used, 0),
    case v_plan when 'free' then private.view_period_start('free', now()) + interval '1 day'
                when 'pro' then private.view_period_start('pro', now()) + interval '7 days' end,
    v_plan <> 'free', private.is_demo_mode();
end
$$;
comment on function public.get_company_view_allowance() is
  'The caller''s plan, view period and limit (null when unlimited), views used and left, next reset, whether advanced filters work, and whether the demo reset is available.';

create function public.reset_daily_feedback_views(company_email text default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(company_email);
begin
  if not private.is_demo_mode() then
    raise exception 'Resetting the view count is only available in demo mode.'
      using errcode = 'insufficient_privilege';
  end if;
  update public.company_subscriptions s set views_reset_at = now() where s.company_id = v_company.id;
  return 0;
end
$$;
comment on function public.reset_daily_feedback_views(text) is
  'Demo mode only: the caller''s company starts the current period again at 0 views (views stay recorded for authors). Refused elsewhere.';

create function public.get_all_feedback_view_counts()
returns table (feedback_id uuid, view_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select r.id, r.view_count
      from private.company_feedback_rows(v_company, v_company.domains, null, null, null,
        null, null, 1000, 0) r;
end
$$;
comment on function public.get_all_feedback_view_counts() is
  'View count of each feedback matching the caller''s company (newest 1000).';

create function public.get_feedback_view_count(feedback_uuid uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_self(null, 'user');
  v_feedback public.feedback;
begin
  select * into v_feedback from public.feedback f where f.id = feedback_uuid;
  if not found or not (
       v_feedback.user_id = v_uid
       or exists (select 1 from public.companies c
                   where c.user_id = v_uid
                     and private.host_matches_domains(v_feedback.website_host, c.domains))) then
    raise exception 'This feedback is not available to you.' using errcode = 'insufficient_privilege';
  end if;
  return v_feedback.view_count;
end
$$;
comment on function public.get_feedback_view_count(uuid) is
  'View count of one feedback, for its author or a company it belongs to.';

create function public.update_feedback_status(feedback_uuid uuid, new_status text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_feedback public.feedback;
begin
  if new_status is null or new_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(coalesce(new_status, 'null'), 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: read, in_progress, completed, rejected.';
  end if;
  select * into v_feedback from public.feedback f where f.id = feedback_uuid for update;
  if not found or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  if v_feedback.status = new_status then
    return new_status;
  end if;
  if not private.can_transition(v_feedback.status, new_status) then
    raise exception 'A feedback cannot move from % to %.', v_feedback.status, new_status
      using errcode = 'invalid_parameter_value',
            hint = 'pending → read → in_progress, completed or rejected.';
  end if;
  update public.feedback f set status = new_status where f.id = feedback_uuid;
  return new_status;
end
$$;
comment on function public.update_feedback_status(uuid, text) is
  'The caller''s company moves a matching feedback along the workflow (pending → read → in_progress/completed/rejected); the author is notified and gets +10 XP once on completed.';

create function public.rate_feedback(feedback_uuid uuid, rating integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_feedback public.feedback;
begin
  if rating is null or rating not between 1 and 5 then
    raise exception 'Ratings are whole numbers from 1 to 5.' using errcode = 'invalid_parameter_value';
  end if;
  select * into v_feedback from public.feedback f where f.id = feedback_uuid for update;
  if not found or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  update public.feedback f set quality_score = rating, quality_source = 'company' where f.id = feedback_uuid;
  return rating;
end
$$;
comment on function public.rate_feedback(uuid, integer) is
  'The caller''s company rates a matching feedback 1-5; the rating replaces the AI estimate as its quality score (and feeds the author''s reputation).';

grant execute on function public.get_user_feedback(uuid) to authenticated;
grant execute on function public.get_user_feedback_view_counts(uuid) to authenticated;
grant execute on function public.get_similar_feedback(text, text, integer) to authenticated;
grant execute on function public.get_community_stats() to anon, authenticated;
grant execute on function public.apply_feedback_analysis(uuid, jsonb) to service_role;
grant execute on function public.get_company_feedback(integer, integer, text, text, text, text, timestamptz, timestamptz) to authenticated;
grant execute on function public.get_feedback_with_votes() to authenticated;
grant execute on function public.get_company_feedback_detail(uuid) to authenticated;
grant execute on function public.can_view_feedback(text, uuid) to authenticated;
grant execute on function public.record_feedback_view(text, uuid) to authenticated;
grant execute on function public.get_daily_feedback_views(text) to authenticated;
grant execute on function public.get_company_view_allowance() to authenticated;
grant execute on function public.reset_daily_feedback_views(text) to authenticated;
grant execute on function public.get_all_feedback_view_counts() to authenticated;
grant execute on function public.get_feedback_view_count(uuid) to authenticated;
grant execute on function public.update_feedback_status(uuid, text) to authenticated;
grant execute on function public.rate_feedback(uuid, integer) to authenticated;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger feedback_before_insert
  before insert on public.feedback
  for each row execute function private.feedback_before_insert();

create trigger feedback_after_insert
  after insert on public.feedback
  for each row execute function private.feedback_after_insert();

create trigger feedback_before_update
  before update on public.feedback
  for each row execute function private.feedback_before_update();

create trigger feedback_after_update
  after update on public.feedback
  for each row execute function private.feedback_after_update();

create trigger feedback_votes_before_insert
  before insert on public.feedback_votes
  for each row execute function private.vote_before_insert();

create trigger feedback_votes_after_write
  after insert or delete on public.feedback_votes
  for each row execute function private.vote_after_write();

create trigger company_feedback_views_after_insert
  after insert on public.company_feedback_views
  for each row execute function private.view_after_insert();

-- -----------------------------------------------------------------------------
-- Section: realtime publication
-- -----------------------------------------------------------------------------

-- Only tables whose rows each subscriber may see entirely: authors their own
-- feedback and notifications, voters their own votes, companies their events
-- and views (rows without author identity).
alter publication supabase_realtime add table
  public.feedback,
  public.feedback_votes,
  public.company_feedback_views,
  public.notifications,
  public.company_feedback_events;
