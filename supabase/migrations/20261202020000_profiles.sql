-- =============================================================================
-- Profiles and gamification: profiles, stats, the points ledger, levels,
-- badges, streaks, referrals, the leaderboard, rewards, LinkedIn
-- verification and the extension's session handover to the web app
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    email text,
    full_name text,
    nickname text NOT NULL,
    referral_code text NOT NULL,
    age_range text,
    city text,
    languages text[] DEFAULT '{}'::text[] NOT NULL,
    devices text[] DEFAULT '{}'::text[] NOT NULL,
    gender text,
    job_title text,
    seniority text,
    tech_knowledge smallint,
    topics text[] DEFAULT '{}'::text[] NOT NULL,
    hobbies text[] DEFAULT '{}'::text[] NOT NULL,
    verified_linkedin boolean DEFAULT false NOT NULL,
    linkedin_verified_at timestamp with time zone,
    profile_completed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    email_on_company_message boolean DEFAULT false NOT NULL,
    email_on_topic_completed boolean DEFAULT false NOT NULL,
    email_on_owner_joined boolean DEFAULT false NOT NULL,
    CONSTRAINT profiles_nickname_length CHECK (((char_length(nickname) >= 2) AND (char_length(nickname) <= 30))),
    CONSTRAINT profiles_tech_knowledge_range CHECK (((tech_knowledge >= 1) AND (tech_knowledge <= 10)))
);

COMMENT ON TABLE public.profiles IS 'One row per auth user (created by a trigger on auth.users): questionnaire answers, nickname and referral code. Readable and editable only by its owner.';

COMMENT ON COLUMN public.profiles.email IS 'Copy of auth.users.email, kept in sync by a trigger; client values are ignored.';

COMMENT ON COLUMN public.profiles.full_name IS 'Copy of the sign-up full_name metadata; used as the feedback user_name.';

COMMENT ON COLUMN public.profiles.nickname IS 'Public name on the leaderboard; defaults to PeegerNNNNNN, never the e-mail or name.';

COMMENT ON COLUMN public.profiles.referral_code IS 'Unique 8-character code of the referral link /auth?ref={code}.';

COMMENT ON COLUMN public.profiles.job_title IS 'Chosen job title, or the free text when Other was chosen.';

COMMENT ON COLUMN public.profiles.verified_linkedin IS 'Set only by mark_linkedin_verified (linkedin-oauth function, service role).';

COMMENT ON COLUMN public.profiles.profile_completed_at IS 'First time the saved profile was complete; the +30 XP is awarded then, once.';

COMMENT ON COLUMN public.profiles.email_on_company_message IS 'The author''s choice (off by default): an e-mail when a company writes to them about their feedback (#21). Only the owner reads or writes it.';

COMMENT ON COLUMN public.profiles.email_on_topic_completed IS 'The author''s choice (off by default): an e-mail when a company completes something they reported (#22). Only the owner reads or writes it.';

COMMENT ON COLUMN public.profiles.email_on_owner_joined IS 'The author''s choice (off by default): an e-mail when the owner of a site they reported about joins Peega (#35). Only the owner reads or writes it.';

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_referral_code_key UNIQUE (referral_code);

CREATE UNIQUE INDEX profiles_nickname_lower_key ON public.profiles USING btree (lower(nickname));

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.leaderboard_buckets (
    points integer NOT NULL,
    stripe smallint NOT NULL,
    users integer DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.leaderboard_buckets IS 'How many ranked users (total_points > 0) hold each points total, kept by a trigger on user_stats and striped 16 ways so concurrent awards rarely wait on one row. A leaderboard page or a rank is found by summing buckets instead of scanning every user.';

ALTER TABLE ONLY private.leaderboard_buckets
    ADD CONSTRAINT leaderboard_buckets_pkey PRIMARY KEY (points, stripe);

ALTER TABLE private.leaderboard_buckets ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.leaderboard_days (
    day date NOT NULL,
    ranked bigint NOT NULL,
    built_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.leaderboard_days IS 'UTC days whose leaderboard snapshot is built, with the number of ranked users.';

ALTER TABLE ONLY private.leaderboard_days
    ADD CONSTRAINT leaderboard_days_pkey PRIMARY KEY (day);

ALTER TABLE private.leaderboard_days ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.leaderboard_snapshot (
    day date NOT NULL,
    rank bigint NOT NULL,
    user_id uuid NOT NULL,
    xp integer NOT NULL,
    feedback_count integer NOT NULL,
    level smallint NOT NULL
);

COMMENT ON TABLE private.leaderboard_snapshot IS 'The public leaderboard of a UTC day: every user with XP at the start of that day, ranked by XP then id, with their XP, feedback count and level at that moment.';

ALTER TABLE ONLY private.leaderboard_snapshot
    ADD CONSTRAINT leaderboard_snapshot_pkey PRIMARY KEY (day, rank);

-- The caller's own row, and the foreign key.
CREATE INDEX leaderboard_snapshot_user_idx ON private.leaderboard_snapshot USING btree (user_id, day);

-- Where the caller's live total falls among the day's rows.
CREATE INDEX leaderboard_snapshot_xp_idx ON private.leaderboard_snapshot USING btree (day, xp, user_id);

ALTER TABLE private.leaderboard_snapshot ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.linkedin_nonces (
    nonce text NOT NULL,
    user_id uuid NOT NULL,
    used_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT linkedin_nonces_nonce_length CHECK (((char_length(nonce) >= 16) AND (char_length(nonce) <= 128)))
);

COMMENT ON TABLE private.linkedin_nonces IS 'Nonces of LinkedIn states already exchanged: a state (and the code sent with it) is accepted once.';

ALTER TABLE ONLY private.linkedin_nonces
    ADD CONSTRAINT linkedin_nonces_pkey PRIMARY KEY (nonce);

-- Covers the foreign key (deleting a profile).
CREATE INDEX linkedin_nonces_user_id_idx ON private.linkedin_nonces USING btree (user_id);

ALTER TABLE private.linkedin_nonces ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.linkedin_verifications (
    user_id uuid NOT NULL,
    subject text NOT NULL,
    verified_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT linkedin_verifications_subject_length CHECK (((char_length(subject) >= 1) AND (char_length(subject) <= 255)))
);

COMMENT ON TABLE private.linkedin_verifications IS 'The LinkedIn member (OpenID Connect sub) that verified each profile; a member verifies one Peega account only.';

COMMENT ON COLUMN private.linkedin_verifications.subject IS 'The id token''s and userinfo''s sub claim.';

ALTER TABLE ONLY private.linkedin_verifications
    ADD CONSTRAINT linkedin_verifications_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY private.linkedin_verifications
    ADD CONSTRAINT linkedin_verifications_subject_key UNIQUE (subject);

ALTER TABLE private.linkedin_verifications ENABLE ROW LEVEL SECURITY;

-- "Open dashboard" in the signed-in extension lands on the web dashboard
-- signed in (#40 item 17). The extension asks for a one-time code
-- (create_session_handover, with its session); the web page hands the code
-- to the session-handover function, which redeems it with the service role
-- and signs the browser in through GoTrue's own magic-link token (admin
-- generate_link, then verifyOtp with the token hash). A code is random (256
-- bits), kept only as its hash, bound to the account that asked, valid for
-- one minute and used at most once.
CREATE TABLE private.session_handovers (
    code_hash text NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '00:01:00'::interval) NOT NULL
);

COMMENT ON TABLE private.session_handovers IS 'One-time codes that hand the extension''s session to the web app: the hash only, one minute, one use (deleted when redeemed).';

ALTER TABLE ONLY private.session_handovers
    ADD CONSTRAINT session_handovers_pkey PRIMARY KEY (code_hash);

CREATE INDEX session_handovers_user_id_idx ON private.session_handovers USING btree (user_id);

ALTER TABLE private.session_handovers ENABLE ROW LEVEL SECURITY;

-- Upload paths are {folder}/{uuid}.{ext} and companies read them, so the
-- folder must not be the auth user id (DECISIONS.md "Anonymity"). The mapping
-- lives here, out of every client's reach: only its owner learns their folder,
-- through get_my_upload_folder.
CREATE TABLE private.upload_folders (
    user_id uuid NOT NULL,
    folder uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.upload_folders IS 'Former per-author upload folders (before the per-file folders of security review L5): objects under them stay readable by their author. No new uploads go there. Never readable by clients.';

COMMENT ON COLUMN private.upload_folders.folder IS 'First path segment of the user''s uploads; identifies no one without this table.';

ALTER TABLE ONLY private.upload_folders
    ADD CONSTRAINT upload_folders_folder_key UNIQUE (folder);

ALTER TABLE ONLY private.upload_folders
    ADD CONSTRAINT upload_folders_pkey PRIMARY KEY (user_id);

ALTER TABLE private.upload_folders ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.badges (
    key text NOT NULL,
    name text NOT NULL,
    description text NOT NULL,
    emoji text NOT NULL,
    metric text NOT NULL,
    threshold integer NOT NULL,
    sort_order smallint NOT NULL,
    CONSTRAINT badges_metric_known CHECK ((metric = ANY (ARRAY['feedbackCount'::text, 'longestStreakDays'::text, 'votesCast'::text, 'upvotesReceived'::text, 'bugReports'::text, 'featureRequests'::text, 'screenshotCount'::text, 'totalPoints'::text])))
);

COMMENT ON TABLE public.badges IS 'The 10 badge definitions (shared/domain/badges.ts BADGES): earned when the user_stats counter named by metric reaches threshold.';

COMMENT ON COLUMN public.badges.metric IS 'BadgeMetric of shared/domain/badges.ts naming the user_stats counter.';

ALTER TABLE ONLY public.badges
    ADD CONSTRAINT badges_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.badges
    ADD CONSTRAINT badges_sort_order_key UNIQUE (sort_order);

ALTER TABLE public.badges ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.referrals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    inviter_id uuid NOT NULL,
    invitee_id uuid NOT NULL,
    referral_code text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    CONSTRAINT referrals_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'completed'::text, 'invalid'::text])))
);

COMMENT ON TABLE public.referrals IS 'One referral per invitee: pending when the sign-up carried a code, completed (30 XP each side) or invalid once processed. Visible to the inviter and the invitee.';

COMMENT ON COLUMN public.referrals.referral_code IS 'The inviter''s code as used.';

COMMENT ON COLUMN public.referrals.completed_at IS 'When the referral was processed as completed.';

ALTER TABLE ONLY public.referrals
    ADD CONSTRAINT referrals_once_per_invitee UNIQUE (invitee_id);

ALTER TABLE ONLY public.referrals
    ADD CONSTRAINT referrals_pkey PRIMARY KEY (id);

CREATE INDEX referrals_inviter_id_created_at_idx ON public.referrals USING btree (inviter_id, created_at DESC);

ALTER TABLE public.referrals ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.reward_claims (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reward_id uuid NOT NULL,
    user_id uuid NOT NULL,
    code text NOT NULL,
    status text DEFAULT 'issued'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    redeemed_at timestamp with time zone,
    CONSTRAINT reward_claims_status_known CHECK ((status = ANY (ARRAY['issued'::text, 'redeemed'::text, 'cancelled'::text])))
);

COMMENT ON TABLE public.reward_claims IS 'A user''s claim of a reward with its unique code (one claim per reward and user), to quote to support.';

COMMENT ON COLUMN public.reward_claims.code IS 'Unique reward code, PEEGA-XXXX-XXXX.';

COMMENT ON COLUMN public.reward_claims.status IS 'issued until support redeems it (operators only).';

ALTER TABLE ONLY public.reward_claims
    ADD CONSTRAINT reward_claims_code_key UNIQUE (code);

ALTER TABLE ONLY public.reward_claims
    ADD CONSTRAINT reward_claims_once UNIQUE (reward_id, user_id);

ALTER TABLE ONLY public.reward_claims
    ADD CONSTRAINT reward_claims_pkey PRIMARY KEY (id);

CREATE INDEX reward_claims_user_id_idx ON public.reward_claims USING btree (user_id, created_at DESC);

ALTER TABLE public.reward_claims ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.rewards (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    category text NOT NULL,
    type text NOT NULL,
    access_level smallint DEFAULT 0 NOT NULL,
    image_url text,
    popularity_score integer DEFAULT 0 NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT rewards_access_level_range CHECK (((access_level >= 0) AND (access_level <= 5))),
    CONSTRAINT rewards_category_length CHECK (((char_length(category) >= 1) AND (char_length(category) <= 50))),
    CONSTRAINT rewards_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 200))),
    CONSTRAINT rewards_type_length CHECK (((char_length(type) >= 1) AND (char_length(type) <= 50)))
);

COMMENT ON TABLE public.rewards IS 'The rewards catalogue, readable by signed-in users; locked below access_level. Edited by operators only.';

COMMENT ON COLUMN public.rewards.access_level IS 'Lowest user level (0-5) that unlocks the reward.';

COMMENT ON COLUMN public.rewards.popularity_score IS 'Sort key of the Popular order (higher first).';

COMMENT ON COLUMN public.rewards.is_active IS 'Inactive rewards are hidden and cannot be claimed.';

ALTER TABLE ONLY public.rewards
    ADD CONSTRAINT rewards_pkey PRIMARY KEY (id);

CREATE INDEX rewards_created_at_idx ON public.rewards USING btree (created_at DESC) WHERE is_active;

CREATE INDEX rewards_popularity_idx ON public.rewards USING btree (popularity_score DESC) WHERE is_active;

ALTER TABLE public.rewards ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.user_badges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    badge_key text NOT NULL,
    badge_name text NOT NULL,
    badge_emoji text NOT NULL,
    earned_at timestamp with time zone DEFAULT now() NOT NULL,
    celebrated_at timestamp with time zone
);

COMMENT ON TABLE public.user_badges IS 'Badges a user earned, each exactly once (unique user_id, badge_key). Inserted by triggers; an INSERT opens the badge dialog through realtime.';

COMMENT ON COLUMN public.user_badges.celebrated_at IS 'When the owner saw this badge''s celebration dialog; null until then (set by mark_badges_celebrated).';

ALTER TABLE ONLY public.user_badges
    ADD CONSTRAINT user_badges_once UNIQUE (user_id, badge_key);

ALTER TABLE ONLY public.user_badges
    ADD CONSTRAINT user_badges_pkey PRIMARY KEY (id);

CREATE INDEX user_badges_badge_key_idx ON public.user_badges USING btree (badge_key);

CREATE INDEX user_badges_user_id_earned_at_idx ON public.user_badges USING btree (user_id, earned_at DESC);

ALTER TABLE public.user_badges ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.user_points (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    action_type text NOT NULL,
    points integer NOT NULL,
    feedback_id uuid,
    referral_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_points_action_type_known CHECK ((action_type = ANY (ARRAY['feedback_submitted'::text, 'first_feedback'::text, 'profile_completed'::text, 'linkedin_verified'::text, 'referral_bonus'::text, 'referral_completed'::text, 'feedback_completed'::text, 'spam_reversal'::text, 'question_answered'::text])))
);

COMMENT ON TABLE public.user_points IS 'The XP ledger: one row per award (the experience history). Written only by triggers and server functions; unique keys make each one-off award happen once.';

COMMENT ON COLUMN public.user_points.action_type IS 'What earned the points; underscores are shown as spaces.';

COMMENT ON COLUMN public.user_points.points IS 'Signed XP; spam_reversal is negative.';

COMMENT ON COLUMN public.user_points.feedback_id IS 'Feedback the award is about (feedback_submitted, first_feedback, feedback_completed, spam_reversal).';

COMMENT ON COLUMN public.user_points.referral_id IS 'Referral the award is about (referral_bonus, referral_completed).';

ALTER TABLE ONLY public.user_points
    ADD CONSTRAINT user_points_pkey PRIMARY KEY (id);

CREATE INDEX user_points_feedback_id_idx ON public.user_points USING btree (feedback_id) WHERE (feedback_id IS NOT NULL);

CREATE UNIQUE INDEX user_points_once_per_feedback ON public.user_points USING btree (user_id, action_type, feedback_id) WHERE (action_type = ANY (ARRAY['feedback_submitted'::text, 'feedback_completed'::text, 'spam_reversal'::text]));

CREATE UNIQUE INDEX user_points_once_per_referral ON public.user_points USING btree (user_id, action_type, referral_id) WHERE (action_type = 'referral_completed'::text);

-- One-off awards happen once; per-feedback awards once per feedback.
CREATE UNIQUE INDEX user_points_once_per_user ON public.user_points USING btree (user_id, action_type) WHERE (action_type = ANY (ARRAY['first_feedback'::text, 'profile_completed'::text, 'linkedin_verified'::text, 'referral_bonus'::text]));

CREATE INDEX user_points_referral_id_idx ON public.user_points USING btree (referral_id) WHERE (referral_id IS NOT NULL);

CREATE INDEX user_points_user_id_created_at_idx ON public.user_points USING btree (user_id, created_at DESC);

ALTER TABLE public.user_points ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.user_stats (
    user_id uuid NOT NULL,
    total_points integer DEFAULT 0 NOT NULL,
    current_level smallint DEFAULT 0 NOT NULL,
    reputation numeric(2,1) DEFAULT 0 NOT NULL,
    feedback_count integer DEFAULT 0 NOT NULL,
    bug_count integer DEFAULT 0 NOT NULL,
    feature_count integer DEFAULT 0 NOT NULL,
    screenshot_count integer DEFAULT 0 NOT NULL,
    quality_score_sum bigint DEFAULT 0 NOT NULL,
    votes_cast integer DEFAULT 0 NOT NULL,
    upvotes_received integer DEFAULT 0 NOT NULL,
    downvotes_received integer DEFAULT 0 NOT NULL,
    current_streak integer DEFAULT 0 NOT NULL,
    longest_streak integer DEFAULT 0 NOT NULL,
    last_feedback_day date,
    day_feedback_date date,
    day_feedback_count integer DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT user_stats_level_range CHECK (((current_level >= 0) AND (current_level <= 5))),
    CONSTRAINT user_stats_reputation_range CHECK (((reputation >= (0)::numeric) AND (reputation <= (5)::numeric)))
);

COMMENT ON TABLE public.user_stats IS 'Per-user totals and counters, maintained by triggers: XP, level, reputation and the counters the badges are earned on. Read-only for its owner.';

COMMENT ON COLUMN public.user_stats.current_level IS 'Level 0-5 from total_points (private.level_for_points), recomputed on every write.';

COMMENT ON COLUMN public.user_stats.reputation IS '0-5 with one decimal (private.compute_reputation), recomputed on every write.';

COMMENT ON COLUMN public.user_stats.quality_score_sum IS 'Sum of the quality scores of the user''s feedback; the average feeds reputation.';

COMMENT ON COLUMN public.user_stats.current_streak IS 'Consecutive UTC days with feedback ending at last_feedback_day.';

COMMENT ON COLUMN public.user_stats.longest_streak IS 'Longest run of consecutive UTC days with feedback (streak badges).';

COMMENT ON COLUMN public.user_stats.day_feedback_date IS 'UTC day counted by day_feedback_count (daily XP cap).';

COMMENT ON COLUMN public.user_stats.day_feedback_count IS 'Feedback sent on day_feedback_date, earning XP or not; XP stops after 20.';

ALTER TABLE ONLY public.user_stats
    ADD CONSTRAINT user_stats_pkey PRIMARY KEY (user_id);

-- Leaderboard order within a points total, index-only.
CREATE INDEX user_stats_leaderboard_idx ON public.user_stats USING btree (total_points DESC, user_id) INCLUDE (feedback_count, current_level) WHERE (total_points > 0);

ALTER TABLE public.user_stats ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.leaderboard_snapshot
    ADD CONSTRAINT leaderboard_snapshot_day_fkey FOREIGN KEY (day) REFERENCES private.leaderboard_days(day) ON DELETE CASCADE;

ALTER TABLE ONLY private.leaderboard_snapshot
    ADD CONSTRAINT leaderboard_snapshot_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.linkedin_nonces
    ADD CONSTRAINT linkedin_nonces_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.linkedin_verifications
    ADD CONSTRAINT linkedin_verifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.session_handovers
    ADD CONSTRAINT session_handovers_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.upload_folders
    ADD CONSTRAINT upload_folders_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.referrals
    ADD CONSTRAINT referrals_invitee_id_fkey FOREIGN KEY (invitee_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.referrals
    ADD CONSTRAINT referrals_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reward_claims
    ADD CONSTRAINT reward_claims_reward_id_fkey FOREIGN KEY (reward_id) REFERENCES public.rewards(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reward_claims
    ADD CONSTRAINT reward_claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_badges
    ADD CONSTRAINT user_badges_badge_key_fkey FOREIGN KEY (badge_key) REFERENCES public.badges(key);

ALTER TABLE ONLY public.user_badges
    ADD CONSTRAINT user_badges_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_points
    ADD CONSTRAINT user_points_referral_id_fkey FOREIGN KEY (referral_id) REFERENCES public.referrals(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.user_points
    ADD CONSTRAINT user_points_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_stats
    ADD CONSTRAINT user_stats_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- ---------- functions ------------------------------------------------------

CREATE FUNCTION private.award_badges() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.award_badges() IS 'After stats change: inserts every badge whose counter reached its threshold and the user does not hold yet (never removes one).';

-- The one place XP is written: a ledger row (unique keys make one-off awards
-- idempotent) and, only when it was new, the stats total.
CREATE FUNCTION private.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid DEFAULT NULL::uuid, p_referral_id uuid DEFAULT NULL::uuid, p_created_at timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid, p_referral_id uuid, p_created_at timestamp with time zone) IS 'Writes one XP record and adds it to the total; returns false (and changes nothing) when the same one-off award exists.';

-- Raises the questionnaire's message for a value outside its option list.
CREATE FUNCTION private.check_profile_options(p_field text, p_values text[], p_options text[]) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.check_profile_options(p_field text, p_values text[], p_options text[]) IS 'Deduplicated values when all are options; raises ''Please choose one of the listed options.'' naming the field otherwise.';

-- Completes a pending referral when its invitee qualifies and its inviter is
-- under the caps; true when this call paid the 30 XP to both sides.
CREATE FUNCTION private.complete_referral(p_referral_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_inviter uuid;
  v_referral public.referrals;
  v_today integer;
  v_total integer;
begin
  select r.inviter_id into v_inviter from public.referrals r
   where r.id = p_referral_id and r.status = 'pending';
  if v_inviter is null then
    return false;
  end if;
  -- One inviter's referrals complete one at a time, so the caps hold when
  -- several invitees qualify at once. The inviter lock comes before any row
  -- lock of theirs (see retry_inviter_referrals).
  perform pg_advisory_xact_lock(hashtext('referral-inviter'), hashtext(v_inviter::text));
  select * into v_referral from public.referrals r where r.id = p_referral_id for update;
  if not found or v_referral.status <> 'pending' or v_referral.inviter_id <> v_inviter then
    return false;
  end if;
  if not private.referral_invitee_qualifies(v_referral.invitee_id) then
    return false;
  end if;

  select count(*) filter (
           where r.completed_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')),
         count(*)
    into v_today, v_total
    from public.referrals r
   where r.inviter_id = v_inviter and r.status = 'completed';
  if v_total >= 20
     or private.referral_closes_loop(v_inviter, v_referral.invitee_id) then
    update public.referrals r set status = 'invalid' where r.id = p_referral_id;
    return false;
  end if;
  if v_today >= 5 then
    return false;
  end if;

  update public.referrals r set status = 'completed', completed_at = now() where r.id = p_referral_id;
  perform private.award_points(v_referral.invitee_id, 'referral_bonus', 30, null, p_referral_id);
  perform private.award_points(v_inviter, 'referral_completed', 30, null, p_referral_id);
  return true;
end
$$;

COMMENT ON FUNCTION private.complete_referral(p_referral_id uuid) IS 'Completes a pending referral (30 XP each side) once the invitee confirmed their e-mail and sent a first real feedback, within 5 per UTC day and 20 in total per inviter; past 20, or when it closes a loop, it becomes invalid. True when this call paid.';

CREATE FUNCTION private.create_upload_folder() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.upload_folders (user_id) values (new.id) on conflict do nothing;
  return new;
end
$$;

COMMENT ON FUNCTION private.create_upload_folder() IS 'After insert on profiles: gives the user a random upload folder.';

CREATE FUNCTION private.create_user_stats() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.user_stats (user_id) values (new.id) on conflict do nothing;
  return new;
end
$$;

COMMENT ON FUNCTION private.create_user_stats() IS 'After insert on profiles: creates the stats row.';

-- A policy helper: storage policies compare the first path segment with it.
CREATE FUNCTION private.current_upload_folder() RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.folder from private.upload_folders u where u.user_id = auth.uid()
$$;

COMMENT ON FUNCTION private.current_upload_folder() IS 'The signed-in user''s opaque upload folder; null when signed out.';

-- Public name given at sign-up: never derived from the e-mail or name.
CREATE FUNCTION private.default_nickname(p_user_id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'Peeger' || lpad(
    ((('x' || substr(md5(p_user_id::text), 1, 8))::bit(32)::bigint) % 1000000)::text,
    6, '0')
$$;

COMMENT ON FUNCTION private.default_nickname(p_user_id uuid) IS 'Default nickname PeegerNNNNNN derived from the user id, so the leaderboard never shows an e-mail or name.';

CREATE FUNCTION private.email_confirmation_completes_referral() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.complete_referral(r.id)
     from public.referrals r
    where r.invitee_id = new.id and r.status = 'pending';
  return null;
end
$$;

COMMENT ON FUNCTION private.email_confirmation_completes_referral() IS 'After an auth user confirms their e-mail: completes their pending referral if everything else is met.';

-- Today's board, built once: concurrent first callers wait on one lock and
-- the later ones find it built.
CREATE FUNCTION private.ensure_leaderboard_snapshot() RETURNS date
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_start timestamptz := v_day::timestamp at time zone 'UTC';
  v_ranked bigint;
begin
  if exists (select 1 from private.leaderboard_days d where d.day = v_day) then
    return v_day;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.leaderboard_snapshot'));
  if exists (select 1 from private.leaderboard_days d where d.day = v_day) then
    return v_day;
  end if;
  insert into private.leaderboard_days (day, ranked) values (v_day, 0);
  -- Totals at the start of the day: stats written today (updated_at) give
  -- back today's ledger rows and today's feedback count; the others are
  -- unchanged since before today.
  insert into private.leaderboard_snapshot (day, rank, user_id, xp, feedback_count, level)
  select v_day, row_number() over (order by b.xp desc, b.user_id), b.user_id, b.xp,
         greatest(b.feedback_count, 0), private.level_for_points(b.xp)
    from (
      select s.user_id,
             s.total_points - case when s.updated_at >= v_start then coalesce((
               select sum(up.points) from public.user_points up
                where up.user_id = s.user_id and up.created_at >= v_start), 0)::integer
             else 0 end as xp,
             s.feedback_count - case when s.day_feedback_date >= v_day
               then s.day_feedback_count else 0 end as feedback_count
        from public.user_stats s
       where s.total_points > 0 or s.updated_at >= v_start
    ) b
   where b.xp > 0;
  get diagnostics v_ranked = row_count;
  update private.leaderboard_days d set ranked = v_ranked where d.day = v_day;
  -- Yesterday's stays for requests that started before midnight.
  delete from private.leaderboard_days d where d.day < v_day - 1;
  return v_day;
end
$$;

COMMENT ON FUNCTION private.ensure_leaderboard_snapshot() IS 'The current UTC day, after building its leaderboard snapshot if this is the first call of the day (totals as of 00:00 UTC).';

-- The two moments an invitee may start to qualify.
CREATE FUNCTION private.feedback_completes_referral() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.complete_referral(r.id)
     from public.referrals r
    where r.invitee_id = new.user_id and r.status = 'pending';
  return null;
end
$$;

COMMENT ON FUNCTION private.feedback_completes_referral() IS 'After a feedback is analysed as real (not spam, not self-dealing): completes its author''s pending referral if everything else is met.';

CREATE FUNCTION private.generate_referral_code() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.generate_referral_code() IS 'A fresh 8-character referral code (no 0/O/1/I), unique among profiles.';

CREATE FUNCTION private.generate_reward_code() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea;
  v_code text;
begin
  loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := 'PEEGA-';
    for i in 0..7 loop
      v_code := v_code || substr(v_alphabet, get_byte(v_bytes, i) % 32 + 1, 1)
        || case when i = 3 then '-' else '' end;
    end loop;
    exit when not exists (select 1 from public.reward_claims c where c.code = v_code);
  end loop;
  return v_code;
end
$$;

COMMENT ON FUNCTION private.generate_reward_code() IS 'A fresh unique reward code PEEGA-XXXX-XXXX.';

-- Creates the profile of every new auth user (and, through its own trigger, the stats row).
CREATE FUNCTION private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.handle_new_user() IS 'After insert on auth.users: creates the profile with a default nickname and a unique referral code.';

-- The caller's place on the day's board with their live total: one more than
-- the other users ranked before it (three index probes, whatever the size).
CREATE FUNCTION private.leaderboard_live_position(p_day date, p_user_id uuid, p_points integer) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_own bigint;
  v_xp integer;
  v_rank bigint;
begin
  if p_user_id is null or coalesce(p_points, 0) <= 0 then
    return null;
  end if;
  select s.rank into v_own from private.leaderboard_snapshot s
   where s.day = p_day and s.user_id = p_user_id;
  -- The last row ranked before the live total: the same XP and a smaller id,
  -- else the last of the smallest XP above it.
  select s.rank into v_rank from private.leaderboard_snapshot s
   where s.day = p_day and s.xp = p_points and s.user_id < p_user_id
   order by s.user_id desc limit 1;
  if v_rank is null then
    select s.xp into v_xp from private.leaderboard_snapshot s
     where s.day = p_day and s.xp > p_points
     order by s.xp limit 1;
    if v_xp is not null then
      select s.rank into v_rank from private.leaderboard_snapshot s
       where s.day = p_day and s.xp = v_xp
       order by s.user_id desc limit 1;
    end if;
  end if;
  v_rank := coalesce(v_rank, 0);
  -- The caller's own start-of-day row is not counted as someone else.
  if v_own is not null and v_own <= v_rank then
    v_rank := v_rank - 1;
  end if;
  return v_rank + 1;
end
$$;

COMMENT ON FUNCTION private.leaderboard_live_position(p_day date, p_user_id uuid, p_points integer) IS 'Rank of a user''s live total among the other users'' rows of the day''s leaderboard; null without XP.';

-- The first row of a leaderboard offset: the points total it sits in and how
-- many users rank above that total.
CREATE FUNCTION private.leaderboard_position(p_offset bigint, OUT points integer, OUT ranked_above bigint) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.leaderboard_position(p_offset bigint, OUT points integer, OUT ranked_above bigint) IS 'Points total holding the row at a 0-based leaderboard offset, and the number of users with more points.';

CREATE FUNCTION private.profile_after_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.profile_completed_at is not null then
    perform private.award_points(new.id, 'profile_completed', 30);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.profile_after_write() IS 'After a profile write that completed it: +30 XP profile_completed (once, by unique key).';

CREATE FUNCTION private.profile_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.profile_before_write() IS 'Before a profile is written: e-mail from auth, option lists and ranges checked with clear messages, first completion stamped.';

-- Runs after profiles_before_write (triggers fire in name order), so it sees
-- the trimmed nickname.
CREATE FUNCTION private.profile_check_nickname() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_candidate text;
  n integer := 0;
begin
  if tg_op = 'UPDATE' and new.nickname = old.nickname then
    return new;
  end if;
  if not exists (select 1 from public.profiles p
                  where lower(p.nickname) = lower(new.nickname) and p.id <> new.id) then
    return new;
  end if;
  -- The default given at sign-up (~1 in a million apart): take the next free one.
  if tg_op = 'INSERT' and new.nickname = private.default_nickname(new.id) then
    loop
      n := n + 1;
      v_candidate := 'Peeger' || case
        when n <= 20 then lpad(((('x' || substr(md5(new.id::text || n::text), 1, 8))::bit(32)::bigint)
                                 % 1000000)::text, 6, '0')
        else upper(substr(md5(new.id::text || n::text), 1, 10)) end;
      exit when not exists (select 1 from public.profiles p where lower(p.nickname) = lower(v_candidate));
    end loop;
    new.nickname := v_candidate;
    return new;
  end if;
  raise exception 'This nickname is already taken.'
    using errcode = 'unique_violation', detail = 'nickname',
          hint = 'Nicknames are unique regardless of upper or lower case.';
end
$$;

COMMENT ON FUNCTION private.profile_check_nickname() IS 'Before a profile write: refuses a nickname another profile uses (case-insensitively) with ''This nickname is already taken.'' (23505); a colliding default PeegerNNNNNN at sign-up becomes the next free one.';

-- profile_sections said null (not false) for the Job section when tech
-- knowledge is unset, unlike profileCompleteness, which the completion card
-- shows; the parity test of #20 found it. Same rules, plain booleans.
CREATE FUNCTION private.profile_sections(p public.profiles, OUT general boolean, OUT job boolean, OUT interests boolean, OUT complete boolean) RETURNS record
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  with s as (
    select
      coalesce(btrim(p.age_range), '') <> ''
        and coalesce(btrim(p.city), '') <> ''
        and exists (select 1 from unnest(p.languages) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.devices) x where btrim(x) <> '')
        and coalesce(btrim(p.gender), '') <> '' as general,
      coalesce(btrim(p.job_title), '') not in ('', 'Other')
        and coalesce(btrim(p.seniority), '') <> ''
        and coalesce(p.tech_knowledge between 1 and 10, false) as job,
      exists (select 1 from unnest(p.topics) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.hobbies) x where btrim(x) <> '') as interests
  )
  select s.general, s.job, s.interests, s.general and s.job and s.interests from s
$$;

COMMENT ON FUNCTION private.profile_sections(p public.profiles, OUT general boolean, OUT job boolean, OUT interests boolean, OUT complete boolean) IS 'Completeness of the General, Job and Interests sections and overall; a stored job title of just Other counts as missing. Mirrors profileCompleteness.';

CREATE FUNCTION private.ranked_users() RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(sum(b.users), 0)::bigint from private.leaderboard_buckets b where b.points > 0
$$;

COMMENT ON FUNCTION private.ranked_users() IS 'Number of users on the leaderboard (total_points > 0).';

-- A sign-up that carried a referral code in its metadata shows as pending
-- to the inviter until the invitee's first signed-in visit processes it.
CREATE FUNCTION private.record_pending_referral() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_code text;
  v_inviter uuid;
begin
  select upper(btrim(u.raw_user_meta_data ->> 'referral_code')) into v_code
    from auth.users u where u.id = new.id;
  if coalesce(v_code, '') = '' then
    return null;
  end if;
  select p.id into v_inviter from public.profiles p where p.referral_code = v_code;
  if v_inviter is not null and v_inviter <> new.id then
    insert into public.referrals (inviter_id, invitee_id, referral_code)
    values (v_inviter, new.id, v_code)
    on conflict do nothing;
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.record_pending_referral() IS 'After a profile is created: a pending referral when the sign-up metadata carried a known referral_code.';

-- Whether inviting p_invitee would close a loop: walks up from the inviter
-- through the referrals that count (pending or completed; each account has
-- at most one) and looks for the invitee.
CREATE FUNCTION private.referral_closes_loop(p_inviter uuid, p_invitee uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with recursive chain (user_id, depth) as (
    select p_inviter, 0
    union
    select r.inviter_id, c.depth + 1
      from chain c
      join public.referrals r
        on r.invitee_id = c.user_id and r.status in ('pending', 'completed')
     where c.depth < 1000
  )
  select p_inviter = p_invitee or exists (select 1 from chain c where c.user_id = p_invitee)
$$;

COMMENT ON FUNCTION private.referral_closes_loop(p_inviter uuid, p_invitee uuid) IS 'True when the invitee is the inviter or, through pending or completed referrals, one of the inviter''s inviters (a loop of any length).';

-- The inviter's referrals that waited for the daily cap.
CREATE FUNCTION private.retry_inviter_referrals(p_inviter uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
begin
  for v_id in
    select r.id from public.referrals r
     where r.inviter_id = p_inviter and r.status = 'pending'
     order by r.created_at
  loop
    perform private.complete_referral(v_id);
  end loop;
end
$$;

COMMENT ON FUNCTION private.retry_inviter_referrals(p_inviter uuid) IS 'Completes the inviter''s pending referrals whose invitees qualify, oldest first, until the daily cap stops them.';

CREATE FUNCTION private.stats_before_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.current_level := private.level_for_points(new.total_points);
  new.reputation := private.compute_reputation(
    new.feedback_count, new.quality_score_sum, new.upvotes_received,
    new.downvotes_received, new.total_points);
  new.updated_at := now();
  return new;
end
$$;

COMMENT ON FUNCTION private.stats_before_write() IS 'Before stats are written: level and reputation recomputed from the counters.';

CREATE FUNCTION private.sync_user_identity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.sync_user_identity() IS 'After an auth user''s e-mail or metadata changes: copies e-mail and full name to the profile.';

CREATE FUNCTION private.track_leaderboard() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.track_leaderboard() IS 'After a user''s total changes: moves them from the old points bucket to the new one (only totals above 0 are ranked).';

-- Server-only award (spec name): not executable by anon or authenticated.
CREATE FUNCTION public.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid DEFAULT NULL::uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    when 'question_answered' then 3
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
  if p_action_type in ('feedback_completed', 'question_answered') and p_feedback_id is null then
    raise exception '% needs a feedback.', p_action_type using errcode = 'invalid_parameter_value';
  end if;
  return private.award_points(p_user_id, p_action_type, p_points, p_feedback_id);
end
$$;

COMMENT ON FUNCTION public.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid) IS 'Server-only (service role): awards XP with the rule''s fixed amount; returns false when that one-off award already exists.';

CREATE FUNCTION public.check_profile_completion() RETURNS TABLE(general boolean, job boolean, interests boolean, complete boolean, xp_awarded boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.check_profile_completion() IS 'The caller''s profile completeness per section; awards the +30 XP if complete and not yet awarded (xp_awarded tells whether this call did).';

CREATE FUNCTION public.claim_reward(p_reward_id uuid) RETURNS TABLE(id uuid, reward_id uuid, code text, status text, created_at timestamp with time zone, how_to_claim text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_reward public.rewards;
  v_level integer;
  v_claim public.reward_claims;
begin
  select * into v_reward from public.rewards r where r.id = p_reward_id and r.is_active;
  if not found then
    raise exception 'This reward is not available.' using errcode = 'invalid_parameter_value';
  end if;
  select s.current_level into v_level from public.user_stats s where s.user_id = v_uid;
  if coalesce(v_level, 0) < v_reward.access_level then
    raise exception 'Available at level %', v_reward.access_level
      using errcode = 'insufficient_privilege',
            detail = format('Your level is %s.', coalesce(v_level, 0));
  end if;
  perform pg_advisory_xact_lock(hashtext('reward_claims'), hashtext(v_uid::text || p_reward_id::text));
  select * into v_claim from public.reward_claims c where c.reward_id = p_reward_id and c.user_id = v_uid;
  if not found then
    insert into public.reward_claims (reward_id, user_id, code)
    values (p_reward_id, v_uid, private.generate_reward_code())
    returning * into v_claim;
  end if;
  return query select v_claim.id, v_claim.reward_id, v_claim.code, v_claim.status, v_claim.created_at,
    'How to claim: Contact our support team with your reward code to claim this reward.'::text;
end
$$;

COMMENT ON FUNCTION public.claim_reward(p_reward_id uuid) IS 'Claims an unlocked reward for the caller (level checked by the server) and returns its unique code; claiming again returns the same claim.';

-- Mirrors levelForPoints; backs the level parity test.
CREATE FUNCTION public.compute_level(p_points numeric) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.level_for_points(p_points)
$$;

COMMENT ON FUNCTION public.compute_level(p_points numeric) IS 'Level 0-5 for a total of points (the SQL twin of levelForPoints).';

CREATE FUNCTION public.create_session_handover() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  v_code text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'You need to be signed in.';
  end if;
  perform private.check_rate_limit('session_handover', 20, 60, interval '10 minutes',
    'Too many dashboard links in a short time. Please wait a little and try again.');
  delete from private.session_handovers where expires_at <= now();
  insert into private.session_handovers (code_hash, user_id)
  values (encode(extensions.digest(v_code, 'sha256'), 'hex'), v_uid);
  return v_code;
end
$$;

COMMENT ON FUNCTION public.create_session_handover() IS 'Signed in: a one-time code (valid one minute) that the session-handover function exchanges for a sign-in of the same account in the web app; 20 per account and 60 per address in 10 minutes.';

CREATE FUNCTION public.get_leaderboard(page_num integer DEFAULT 1, page_size integer DEFAULT 10) RETURNS TABLE(rank bigint, nickname text, feedback_count integer, level integer, xp integer, total_count bigint, is_current_user boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_day date;
  v_total bigint;
  v_offset bigint;
  v_own bigint;
  v_live public.user_stats;
  v_pos bigint;
begin
  perform private.check_page(page_num, page_size);
  v_day := private.ensure_leaderboard_snapshot();
  select d.ranked into v_total from private.leaderboard_days d where d.day = v_day;
  v_offset := (page_num::bigint - 1) * page_size;
  if v_uid is not null then
    select s.rank into v_own from private.leaderboard_snapshot s
     where s.day = v_day and s.user_id = v_uid;
    select * into v_live from public.user_stats s where s.user_id = v_uid;
    v_pos := private.leaderboard_live_position(v_day, v_uid, v_live.total_points);
    v_total := v_total - (v_own is not null)::integer + (v_pos is not null)::integer;
  end if;
  return query
    -- Others keep their start-of-day order; the caller's live row is placed
    -- at v_pos, shifting the others after it by one.
    with others as (
      select s.rank - (v_own is not null and v_own < s.rank)::integer as q,
             s.user_id as uid, s.xp as pts, s.feedback_count as fc, s.level::integer as lvl
        from private.leaderboard_snapshot s
       where s.day = v_day
         and s.rank between v_offset and v_offset + page_size + 1
         and s.user_id is distinct from v_uid
    ), board as (
      select o.q + (v_pos is not null and o.q >= v_pos)::integer as r, o.uid, o.pts, o.fc, o.lvl
        from others o
      union all
      select v_pos, v_uid, v_live.total_points, v_live.feedback_count, v_live.current_level::integer
       where v_pos is not null
    )
    select b.r, p.nickname, b.fc, b.lvl, b.pts, v_total, b.uid = v_uid
      from board b
      join public.profiles p on p.id = b.uid
     where b.r > v_offset and b.r <= v_offset + page_size
     order by b.r;
end
$$;

COMMENT ON FUNCTION public.get_leaderboard(page_num integer, page_size integer) IS 'One page (1-based, size 1-100) of today''s leaderboard: other users ranked by XP as of 00:00 UTC (nothing they earn today shows before tomorrow) and the caller''s own live row among them, with nickname, feedback count, level, XP, the total row count and a flag on the caller''s row. No ids or e-mails.';

CREATE FUNCTION public.get_my_leaderboard_rank() RETURNS TABLE(rank bigint, nickname text, feedback_count integer, level integer, xp integer, total_count bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_day date := private.ensure_leaderboard_snapshot();
  v_stats public.user_stats;
  v_own boolean;
  v_pos bigint;
begin
  select * into v_stats from public.user_stats s where s.user_id = v_uid;
  v_own := exists (select 1 from private.leaderboard_snapshot s where s.day = v_day and s.user_id = v_uid);
  -- The same place as on get_leaderboard (a rank among live totals would
  -- move when someone else passes the caller: the same diff, one user at a time).
  v_pos := private.leaderboard_live_position(v_day, v_uid, v_stats.total_points);
  return query
    select v_pos, p.nickname, coalesce(v_stats.feedback_count, 0),
           coalesce(v_stats.current_level, 0)::integer, coalesce(v_stats.total_points, 0),
           (select d.ranked from private.leaderboard_days d where d.day = v_day)
             - v_own::integer + (v_pos is not null)::integer
      from public.profiles p where p.id = v_uid;
end
$$;

COMMENT ON FUNCTION public.get_my_leaderboard_rank() IS 'The caller''s place on today''s leaderboard with their live XP among the others'' totals as of 00:00 UTC (null without XP), their nickname, feedback count, level and XP, and the number of users on the board.';

-- Opening the referral list also pays referrals that waited for the daily cap.
CREATE FUNCTION public.get_my_referrals() RETURNS TABLE(id uuid, inviter_id uuid, invitee_id uuid, status text, created_at timestamp with time zone, completed_at timestamp with time zone, invitee_profile jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is not null then
    perform private.retry_inviter_referrals(v_uid);
  end if;
  return query
    select r.id, r.inviter_id, r.invitee_id, r.status, r.created_at, r.completed_at,
           jsonb_build_object('nickname', p.nickname, 'email', p.email)
      from public.referrals r
      join public.profiles p on p.id = r.invitee_id
     where r.inviter_id = v_uid
     order by r.created_at desc;
end
$$;

COMMENT ON FUNCTION public.get_my_referrals() IS 'The caller''s referrals, newest first, with the invitee''s nickname and e-mail (the spec''s invitee_profile); first completes any that waited for the daily cap. Invitees'' other profile fields stay private.';

-- Kept for clients that still ask for a folder before each upload: it
-- answers a fresh random folder every time (never stored, never reused).
CREATE FUNCTION public.get_my_upload_folder() RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_self(null, 'user');
  return gen_random_uuid();
end
$$;

COMMENT ON FUNCTION public.get_my_upload_folder() IS 'A fresh random folder for one upload: screenshots and audio go to {folder}/{uuid}.{ext}, a new folder per file, so media paths never link an author''s feedback. Never the user id.';

CREATE FUNCTION public.mark_badges_celebrated(p_badge_keys text[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '28000';
  end if;
  -- There are ten badges; a longer list is not a real call.
  if p_badge_keys is null or cardinality(p_badge_keys) > 50 then
    raise exception 'Between 0 and 50 badge keys' using errcode = '22023';
  end if;
  update public.user_badges
     set celebrated_at = now()
   where user_id = auth.uid()
     and badge_key = any (p_badge_keys)
     and celebrated_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

COMMENT ON FUNCTION public.mark_badges_celebrated(p_badge_keys text[]) IS 'Marks the caller''s own badges (by key) as celebrated; answers how many changed. Others'' badges are never touched.';

-- Server-only: called by the linkedin-oauth function after a successful exchange.
CREATE FUNCTION public.mark_linkedin_verified(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.mark_linkedin_verified(p_user_id uuid) IS 'Server-only (service role): marks the profile LinkedIn-verified and awards +30 XP once; true when the XP was awarded by this call.';

CREATE FUNCTION public.process_referral_signup(p_invitee_id uuid DEFAULT NULL::uuid, p_referral_code text DEFAULT NULL::text) RETURNS TABLE(referral_id uuid, status text, points_awarded integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(p_invitee_id, 'p_invitee_id');
  v_code text := upper(btrim(coalesce(p_referral_code, '')));
  v_existing public.referrals;
  v_inviter uuid;
  v_status text;
  v_referral public.referrals;
  v_signed_up timestamptz;
  v_paid boolean := false;
begin
  -- One processing per invitee at a time.
  perform pg_advisory_xact_lock(hashtext('referral'), hashtext(v_uid::text));
  select * into v_existing from public.referrals r where r.invitee_id = v_uid;
  if found and v_existing.status <> 'pending' then
    return query select v_existing.id, v_existing.status, 0;
    return;
  end if;
  if v_code = '' then
    v_code := coalesce(v_existing.referral_code, '');
  end if;
  if v_code = '' then
    raise exception 'Please provide a referral code.'
      using errcode = 'invalid_parameter_value';
  end if;
  if length(v_code) > 32 then
    raise exception 'This referral code does not exist.'
      using errcode = 'invalid_parameter_value';
  end if;
  select p.id into v_inviter from public.profiles p where p.referral_code = v_code;
  if v_inviter is null then
    raise exception 'This referral code does not exist.'
      using errcode = 'invalid_parameter_value',
            detail = format('Code: %s', v_code);
  end if;

  -- A new claim (not the code recorded at sign-up) only from a new account.
  if v_existing.inviter_id is distinct from v_inviter then
    select u.created_at into v_signed_up from auth.users u where u.id = v_uid;
    if v_signed_up < now() - interval '24 hours'
       or exists (select 1 from public.feedback f where f.user_id = v_uid) then
      raise exception 'Referral codes can only be used within 24 hours of signing up, before your first feedback.'
        using errcode = 'invalid_parameter_value';
    end if;
  end if;

  -- The inviter lock before the row lock of the upsert, in the order
  -- complete_referral and retry_inviter_referrals take them.
  perform pg_advisory_xact_lock(hashtext('referral-inviter'), hashtext(v_inviter::text));
  v_status := case
    when private.referral_closes_loop(v_inviter, v_uid) then 'invalid'
    when (select count(*) from public.referrals r
           where r.inviter_id = v_inviter and r.status = 'completed') >= 20 then 'invalid'
    else 'pending'
  end;

  insert into public.referrals as r (inviter_id, invitee_id, referral_code, status, completed_at)
  values (v_inviter, v_uid, v_code, v_status, null)
  on conflict (invitee_id) do update
    set inviter_id = excluded.inviter_id,
        referral_code = excluded.referral_code,
        status = excluded.status,
        completed_at = null
    where r.status = 'pending'
  returning * into v_referral;

  if v_referral.status = 'pending' then
    v_paid := private.complete_referral(v_referral.id);
    select * into v_referral from public.referrals r where r.id = v_referral.id;
  end if;
  return query select v_referral.id, v_referral.status, case when v_paid then 30 else 0 end;
end
$$;

COMMENT ON FUNCTION public.process_referral_signup(p_invitee_id uuid, p_referral_code text) IS 'Records the caller''s referral once: pending until they confirm their e-mail and send a first real feedback (then 30 XP each side, within the inviter''s caps of 5 a day and 20 in total); self-referral, loops and full inviters are invalid; codes are claimed within 24 hours of sign-up and before the first feedback. Calling again returns the stored outcome with 0 points. p_invitee_id, if given, must be the caller.';

-- Server-only: called by the linkedin-oauth function after a successful exchange.
CREATE FUNCTION public.record_linkedin_verification(p_user_id uuid, p_subject text, p_nonce text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_owner uuid;
begin
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'Unknown user.' using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(btrim(p_subject), '') = '' or char_length(p_subject) > 255 then
    raise exception 'The LinkedIn account has no identifier.' using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(char_length(p_nonce), 0) not between 16 and 128 then
    raise exception 'The verification request has no valid nonce.' using errcode = 'invalid_parameter_value';
  end if;
  insert into private.linkedin_nonces (nonce, user_id) values (p_nonce, p_user_id)
  on conflict (nonce) do nothing;
  if not found then
    raise exception 'This verification link was already used.'
      using errcode = 'unique_violation', detail = 'nonce';
  end if;
  perform pg_advisory_xact_lock(hashtext('linkedin'), hashtext(p_subject));
  select v.user_id into v_owner from private.linkedin_verifications v where v.subject = p_subject;
  if v_owner is not null and v_owner <> p_user_id then
    raise exception 'This LinkedIn account already verified another account.'
      using errcode = 'unique_violation', detail = 'subject';
  end if;
  insert into private.linkedin_verifications (user_id, subject) values (p_user_id, p_subject)
  on conflict (user_id) do nothing;
  return public.mark_linkedin_verified(p_user_id);
end
$$;

COMMENT ON FUNCTION public.record_linkedin_verification(p_user_id uuid, p_subject text, p_nonce text) IS 'Server-only (service role): records a LinkedIn verification once per state nonce and member, marks the profile verified and awards +30 XP once; true when this call awarded the XP.';

-- The session-handover function's call: the code's account, once, while it
-- is fresh; null for an unknown, used or expired code. Counted per address
-- so the codes cannot be tried in bulk (they are also too long to guess).
CREATE FUNCTION public.redeem_session_handover(p_code text, p_address text) RETURNS TABLE(user_id uuid, email text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_user uuid;
  v_expires timestamptz;
begin
  perform private.hit_rate_limit(
    'session_handover_redeem:address:' || md5('session_handover_redeem:' || coalesce(nullif(btrim(p_address), ''), 'unknown')),
    interval '10 minutes', 60,
    'Too many sign-in attempts in a short time. Please wait a little and try again.');
  if p_code is null or p_code !~ '^[0-9a-f]{64}$' then
    return;
  end if;
  delete from private.session_handovers h
   where h.code_hash = encode(extensions.digest(p_code, 'sha256'), 'hex')
  returning h.user_id, h.expires_at into v_user, v_expires;
  -- Deleted above whatever its age: an expired code is spent too.
  if v_user is null or v_expires <= now() then
    return;
  end if;
  return query
    select u.id, u.email::text
      from auth.users u
     where u.id = v_user
       and u.email is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null;
end
$$;

COMMENT ON FUNCTION public.redeem_session_handover(p_code text, p_address text) IS 'Service role (session-handover): spends a one-time code and answers its account and e-mail when the code was fresh; nothing for an unknown, used or expired code; 60 tries per address in 10 minutes.';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW WHEN ((NOT new.is_anonymous)) EXECUTE FUNCTION private.handle_new_user();

CREATE TRIGGER on_auth_user_email_confirmed_completes_referral AFTER UPDATE OF email_confirmed_at ON auth.users FOR EACH ROW WHEN (((old.email_confirmed_at IS NULL) AND (new.email_confirmed_at IS NOT NULL))) EXECUTE FUNCTION private.email_confirmation_completes_referral();

CREATE TRIGGER on_auth_user_identity_changed AFTER UPDATE OF email, raw_user_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION private.sync_user_identity();

CREATE TRIGGER on_auth_user_made_permanent AFTER UPDATE OF is_anonymous ON auth.users FOR EACH ROW WHEN ((old.is_anonymous AND (NOT new.is_anonymous))) EXECUTE FUNCTION private.handle_new_user();

CREATE TRIGGER anonymous_owner_refused BEFORE INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.refuse_anonymous_owner('id');

-- The completion stamp is set by profiles_before_write, so these triggers
-- test the value, not the columns of the UPDATE.
CREATE TRIGGER profiles_award_completion_on_insert AFTER INSERT ON public.profiles FOR EACH ROW WHEN ((new.profile_completed_at IS NOT NULL)) EXECUTE FUNCTION private.profile_after_write();

CREATE TRIGGER profiles_award_completion_on_update AFTER UPDATE ON public.profiles FOR EACH ROW WHEN (((old.profile_completed_at IS NULL) AND (new.profile_completed_at IS NOT NULL))) EXECUTE FUNCTION private.profile_after_write();

CREATE TRIGGER profiles_before_write BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profile_before_write();

CREATE TRIGGER profiles_check_nickname BEFORE INSERT OR UPDATE OF nickname ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profile_check_nickname();

CREATE TRIGGER profiles_create_stats AFTER INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.create_user_stats();

CREATE TRIGGER profiles_create_upload_folder AFTER INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.create_upload_folder();

CREATE TRIGGER profiles_record_pending_referral AFTER INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.record_pending_referral();

CREATE TRIGGER user_stats_award_badges AFTER UPDATE ON public.user_stats FOR EACH ROW WHEN (((new.feedback_count > old.feedback_count) OR (new.longest_streak > old.longest_streak) OR (new.votes_cast > old.votes_cast) OR (new.upvotes_received > old.upvotes_received) OR (new.bug_count > old.bug_count) OR (new.feature_count > old.feature_count) OR (new.screenshot_count > old.screenshot_count) OR (new.total_points > old.total_points))) EXECUTE FUNCTION private.award_badges();

CREATE TRIGGER user_stats_before_write BEFORE INSERT OR UPDATE ON public.user_stats FOR EACH ROW EXECUTE FUNCTION private.stats_before_write();

CREATE TRIGGER user_stats_track_leaderboard_on_delete AFTER DELETE ON public.user_stats FOR EACH ROW WHEN ((old.total_points > 0)) EXECUTE FUNCTION private.track_leaderboard();

CREATE TRIGGER user_stats_track_leaderboard_on_insert AFTER INSERT ON public.user_stats FOR EACH ROW WHEN ((new.total_points > 0)) EXECUTE FUNCTION private.track_leaderboard();

CREATE TRIGGER user_stats_track_leaderboard_on_update AFTER UPDATE ON public.user_stats FOR EACH ROW WHEN ((old.total_points IS DISTINCT FROM new.total_points)) EXECUTE FUNCTION private.track_leaderboard();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Anyone can read the badge definitions" ON public.badges FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Inviters and invitees can read their referrals" ON public.referrals FOR SELECT TO authenticated USING (((inviter_id = ( SELECT auth.uid() AS uid)) OR (invitee_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "Signed-in users can read active rewards" ON public.rewards FOR SELECT TO authenticated USING (is_active);

-- The spec saves the questionnaire with an upsert on id: the row already
-- exists (trigger), so the insert half only ever applies to the caller's id.
CREATE POLICY "Users can create their own profile" ON public.profiles FOR INSERT TO authenticated WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own badges" ON public.user_badges FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own points" ON public.user_points FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own profile" ON public.profiles FOR SELECT TO authenticated USING ((id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own reward claims" ON public.reward_claims FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their own stats" ON public.user_stats FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can update their own profile" ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

-- ---------- realtime -------------------------------------------------------

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.user_badges;

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.award_badges() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid, p_referral_id uuid, p_created_at timestamp with time zone) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.check_profile_options(p_field text, p_values text[], p_options text[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.complete_referral(p_referral_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.create_upload_folder() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.create_user_stats() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.current_upload_folder() FROM PUBLIC;
GRANT ALL ON FUNCTION private.current_upload_folder() TO authenticated;

REVOKE ALL ON FUNCTION private.default_nickname(p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.email_confirmation_completes_referral() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.ensure_leaderboard_snapshot() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_completes_referral() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.generate_referral_code() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.generate_reward_code() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.handle_new_user() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.leaderboard_live_position(p_day date, p_user_id uuid, p_points integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.leaderboard_position(p_offset bigint, OUT points integer, OUT ranked_above bigint) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.profile_after_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.profile_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.profile_check_nickname() FROM PUBLIC;

REVOKE ALL ON TABLE public.profiles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.profiles TO service_role;
GRANT SELECT ON TABLE public.profiles TO authenticated;

GRANT INSERT(id),UPDATE(id) ON TABLE public.profiles TO authenticated;

GRANT INSERT(email),UPDATE(email) ON TABLE public.profiles TO authenticated;

GRANT INSERT(nickname),UPDATE(nickname) ON TABLE public.profiles TO authenticated;

GRANT INSERT(age_range),UPDATE(age_range) ON TABLE public.profiles TO authenticated;

GRANT INSERT(city),UPDATE(city) ON TABLE public.profiles TO authenticated;

GRANT INSERT(languages),UPDATE(languages) ON TABLE public.profiles TO authenticated;

GRANT INSERT(devices),UPDATE(devices) ON TABLE public.profiles TO authenticated;

GRANT INSERT(gender),UPDATE(gender) ON TABLE public.profiles TO authenticated;

GRANT INSERT(job_title),UPDATE(job_title) ON TABLE public.profiles TO authenticated;

GRANT INSERT(seniority),UPDATE(seniority) ON TABLE public.profiles TO authenticated;

GRANT INSERT(tech_knowledge),UPDATE(tech_knowledge) ON TABLE public.profiles TO authenticated;

GRANT INSERT(topics),UPDATE(topics) ON TABLE public.profiles TO authenticated;

GRANT INSERT(hobbies),UPDATE(hobbies) ON TABLE public.profiles TO authenticated;

GRANT INSERT(updated_at),UPDATE(updated_at) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(email_on_company_message) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(email_on_topic_completed) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(email_on_owner_joined) ON TABLE public.profiles TO authenticated;

REVOKE ALL ON FUNCTION private.profile_sections(p public.profiles, OUT general boolean, OUT job boolean, OUT interests boolean, OUT complete boolean) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.ranked_users() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.record_pending_referral() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.referral_closes_loop(p_inviter uuid, p_invitee uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.retry_inviter_referrals(p_inviter uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.stats_before_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.sync_user_identity() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.track_leaderboard() FROM PUBLIC;

REVOKE ALL ON FUNCTION public.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.award_points(p_user_id uuid, p_action_type text, p_points integer, p_feedback_id uuid) TO service_role;

REVOKE ALL ON FUNCTION public.check_profile_completion() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.check_profile_completion() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.claim_reward(p_reward_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_reward(p_reward_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.compute_level(p_points numeric) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.compute_level(p_points numeric) TO service_role, anon, authenticated;

REVOKE ALL ON FUNCTION public.create_session_handover() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_session_handover() TO authenticated;

REVOKE ALL ON FUNCTION public.get_leaderboard(page_num integer, page_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_leaderboard(page_num integer, page_size integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_my_leaderboard_rank() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_my_leaderboard_rank() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_my_referrals() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_my_referrals() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_my_upload_folder() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_my_upload_folder() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.mark_badges_celebrated(p_badge_keys text[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.mark_badges_celebrated(p_badge_keys text[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.mark_linkedin_verified(p_user_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.mark_linkedin_verified(p_user_id uuid) TO service_role;

REVOKE ALL ON FUNCTION public.process_referral_signup(p_invitee_id uuid, p_referral_code text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.process_referral_signup(p_invitee_id uuid, p_referral_code text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.record_linkedin_verification(p_user_id uuid, p_subject text, p_nonce text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_linkedin_verification(p_user_id uuid, p_subject text, p_nonce text) TO service_role;

REVOKE ALL ON FUNCTION public.redeem_session_handover(p_code text, p_address text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.redeem_session_handover(p_code text, p_address text) TO service_role;

REVOKE ALL ON TABLE public.badges FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.badges TO service_role;
GRANT SELECT ON TABLE public.badges TO anon, authenticated;

REVOKE ALL ON TABLE public.referrals FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.referrals TO service_role;
GRANT SELECT ON TABLE public.referrals TO authenticated;

REVOKE ALL ON TABLE public.reward_claims FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.reward_claims TO service_role;
GRANT SELECT ON TABLE public.reward_claims TO authenticated;

REVOKE ALL ON TABLE public.rewards FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.rewards TO service_role;
GRANT SELECT ON TABLE public.rewards TO authenticated;

REVOKE ALL ON TABLE public.user_badges FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_badges TO service_role;
GRANT SELECT ON TABLE public.user_badges TO authenticated;

REVOKE ALL ON TABLE public.user_points FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_points TO service_role;
GRANT SELECT ON TABLE public.user_points TO authenticated;

REVOKE ALL ON TABLE public.user_stats FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.user_stats TO service_role;
GRANT SELECT ON TABLE public.user_stats TO authenticated;

-- ---------- data -----------------------------------------------------------

-- The ten badges of the spec (shared/domain/badges.ts holds the same list).
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('first_shot', 'First Shot', 'Submit first feedback', '🎯', 'feedbackCount', 1, 1);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('feedback_streak_3', '3-Day Streak', 'Feedback on 3 consecutive days', '🔥', 'longestStreakDays', 3, 2);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('feedback_streak_7', 'Week Warrior', '7 consecutive days', '⚔️', 'longestStreakDays', 7, 3);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('helpful_voter', 'Helpful Voter', 'Vote on 10 feedback items', '👍', 'votesCast', 10, 4);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('quality_contributor', 'Quality Contributor', '5 upvotes on your feedback', '⭐', 'upvotesReceived', 5, 5);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('bug_hunter', 'Bug Hunter', 'Report 5 bugs', '🐛', 'bugReports', 5, 6);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('feature_requester', 'Feature Requester', 'Request 5 features', '💡', 'featureRequests', 5, 7);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('chatterbox', 'Chatterbox', 'Submit 10 feedbacks', '💬', 'feedbackCount', 10, 8);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('snapshot_pro', 'Snapshot Pro', 'Submit 10 screenshots', '📸', 'screenshotCount', 10, 9);
INSERT INTO public.badges (key, name, description, emoji, metric, threshold, sort_order) VALUES ('peega_legend', 'Legend', 'Reach 1000+ points', '👑', 'totalPoints', 1000, 10);
