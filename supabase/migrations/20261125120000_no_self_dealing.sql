-- =============================================================================
-- Self-dealing (security review M5; DECISIONS.md "Self-dealing"): a company's
-- account earns no XP, rating or reputation from feedback about the company's
-- own domains, and cannot rate its own feedback.
--
-- Decision: such feedback may still be submitted (the company may want it on
-- record, and refusing it would tell a consumer which domains a company
-- account claims); it is stamped self_dealing on insert and then earns
-- nothing: no XP, no first-feedback bonus, no counters, streaks or badges,
-- no votes received, no completion XP. "Own domains" are all the domains the
-- company lists, verified or not: claiming a domain is enough to lose its XP.
-- =============================================================================

alter table public.feedback
  add column if not exists self_dealing boolean not null default false;
comment on column public.feedback.self_dealing is
  'True when the author''s company lists the feedback''s domain at submission: the feedback earns its author no XP, counters or reputation. Set by a trigger.';

create or replace function private.is_self_dealing(p_user_id uuid, p_host text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_host is not null and exists (
    select 1 from public.companies c
     where c.user_id = p_user_id and c.domains && private.host_suffixes(p_host))
$$;
comment on function private.is_self_dealing(uuid, text) is
  'True when the user''s company lists the host''s domain (exact or parent), verified or not.';

-- private.feedback_before_insert stamps self_dealing and pays nothing for
-- it; its one definition of this round is in 20261125120002 (which also
-- checks the media), so the body is not written twice.

-- Streaks count only the feedback that earns (not self-dealing).
create or replace function private.recompute_streaks(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  with days as (
    select distinct (f.created_at at time zone 'UTC')::date as d
      from public.feedback f where f.user_id = p_user_id and not f.self_dealing
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

create or replace function private.feedback_after_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_earned integer;
begin
  -- A self-dealing feedback never entered its author's counters.
  if not new.self_dealing and (
     new.category is distinct from old.category
     or new.quality_score <> old.quality_score
     or (new.screenshot_url is null) <> (old.screenshot_url is null)) then
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
    -- No XP when the company completes feedback written by its own account
    -- (also when the company claimed the domain after the feedback was sent).
    if new.status = 'completed' and not new.self_dealing
       and not private.is_self_dealing(new.user_id, new.website_host) then
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
  'After a feedback changes: counters follow category/quality/screenshot, a status change notifies the author and companies (+10 XP once on completed, never to the company''s own account), spam reverses the feedback''s XP.';

create or replace function private.vote_after_write()
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
  v_self_dealing boolean;
begin
  update public.feedback f
     set upvotes = greatest(f.upvotes + v_up, 0),
         downvotes = greatest(f.downvotes + v_down, 0),
         total_votes = greatest(f.total_votes + v_sign, 0)
   where f.id = v_vote.feedback_id
  returning f.user_id, f.website_host, f.self_dealing into v_author, v_host, v_self_dealing;
  -- Both stats rows locked in id order, so crossing votes never deadlock.
  perform 1 from public.user_stats s
   where s.user_id in (v_vote.user_id, v_author) order by s.user_id for update;
  update public.user_stats s
     set votes_cast = greatest(s.votes_cast + v_sign, 0)
   where s.user_id = v_vote.user_id;
  if v_author is not null then
    -- Votes on self-dealing feedback build no reputation for its author.
    update public.user_stats s
       set upvotes_received = greatest(s.upvotes_received + v_up, 0),
           downvotes_received = greatest(s.downvotes_received + v_down, 0)
     where s.user_id = v_author and not coalesce(v_self_dealing, false);
    if tg_op = 'INSERT' then
      perform private.add_company_events(v_vote.feedback_id, v_host, 'voted');
    end if;
  end if;
  return null;
end
$$;
comment on function private.vote_after_write() is
  'After a vote is added or removed: totals on the feedback, votes cast by the voter, votes received by the author (not for self-dealing feedback), a company signal.';

create or replace function public.rate_feedback(feedback_uuid uuid, rating integer)
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
  if v_feedback.user_id = v_company.user_id then
    raise exception 'You cannot rate your own feedback.' using errcode = 'insufficient_privilege';
  end if;
  update public.feedback f set quality_score = rating, quality_source = 'company' where f.id = feedback_uuid;
  return rating;
end
$$;
comment on function public.rate_feedback(uuid, integer) is
  'The caller''s company rates a matching feedback 1-5, never one its own account wrote; the rating replaces the AI estimate as its quality score (and feeds the author''s reputation unless self-dealing).';
