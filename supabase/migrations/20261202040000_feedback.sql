-- =============================================================================
-- Feedback and media: what consumers send, votes, views, status changes,
-- technical context, notifications, storage buckets and upload folders, and
-- the feedback that waits for a site's owner (the public claim page)
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- functions the tables need --------------------------------------

-- Exactly the shape of shared/domain/technical-context.ts, nothing more.
CREATE FUNCTION private.technical_context_valid(p_context jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
declare
  v_env jsonb;
  v_item jsonb;
  v_at text := '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$';
begin
  if p_context is null then
    return true;
  end if;
  if jsonb_typeof(p_context) <> 'object'
     or octet_length(p_context::text) > 65536
     or exists (select 1 from jsonb_object_keys(p_context) k
                 where k not in ('environment', 'consoleErrors', 'failedRequests'))
     or jsonb_typeof(p_context -> 'environment') is distinct from 'object'
     or jsonb_typeof(p_context -> 'consoleErrors') is distinct from 'array'
     or jsonb_typeof(p_context -> 'failedRequests') is distinct from 'array'
     or jsonb_array_length(p_context -> 'consoleErrors') > 50
     or jsonb_array_length(p_context -> 'failedRequests') > 50 then
    return false;
  end if;

  v_env := p_context -> 'environment';
  if exists (select 1 from jsonb_each(v_env) e
              where e.key not in ('browser', 'os', 'viewport', 'devicePixelRatio', 'language')
                 or (e.key in ('browser', 'os')
                     and (jsonb_typeof(e.value) <> 'string'
                          or char_length(e.value #>> '{}') not between 1 and 60))
                 or (e.key = 'viewport'
                     and (jsonb_typeof(e.value) <> 'string'
                          or (e.value #>> '{}') !~ '^\d{1,5}×\d{1,5}$'))
                 or (e.key = 'language'
                     and (jsonb_typeof(e.value) <> 'string'
                          or (e.value #>> '{}') !~ '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$'))
                 or (e.key = 'devicePixelRatio'
                     and (jsonb_typeof(e.value) <> 'number'
                          or (e.value #>> '{}')::numeric not between 0.1 and 10))) then
    return false;
  end if;

  for v_item in select value from jsonb_array_elements(p_context -> 'consoleErrors') loop
    if jsonb_typeof(v_item) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_item) k) <> array['at', 'kind', 'message']
       or jsonb_typeof(v_item -> 'kind') <> 'string' or v_item ->> 'kind' not in ('error', 'rejection')
       or jsonb_typeof(v_item -> 'message') <> 'string'
       or char_length(v_item ->> 'message') not between 1 and 500
       or jsonb_typeof(v_item -> 'at') <> 'string' or (v_item ->> 'at') !~ v_at then
      return false;
    end if;
  end loop;

  for v_item in select value from jsonb_array_elements(p_context -> 'failedRequests') loop
    if jsonb_typeof(v_item) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_item) k) <> array['at', 'method', 'status', 'url']
       or jsonb_typeof(v_item -> 'method') <> 'string' or (v_item ->> 'method') !~ '^[A-Z]{1,10}$'
       or jsonb_typeof(v_item -> 'status') <> 'number' or (v_item ->> 'status') !~ '^\d{1,3}$'
       or (v_item ->> 'status')::integer > 599
       or jsonb_typeof(v_item -> 'url') <> 'string'
       or char_length(v_item ->> 'url') not between 1 and 500 or (v_item ->> 'url') ~ '[?#]'
       or jsonb_typeof(v_item -> 'at') <> 'string' or (v_item ->> 'at') !~ v_at then
      return false;
    end if;
  end loop;
  return true;
end
$_$;

COMMENT ON FUNCTION private.technical_context_valid(p_context jsonb) IS 'True when a feedback''s technical_context has exactly the expected shape and limits (null is valid): at most 50 console errors and 50 failed requests, bounded strings, request addresses without query or fragment, at most 64 KB.';

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.feedback (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    user_email text,
    user_name text,
    title text NOT NULL,
    description text NOT NULL,
    raw_description text NOT NULL,
    category text DEFAULT 'other'::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    company_name text NOT NULL,
    website_url text,
    website_host text,
    screenshot_url text,
    audio_url text,
    sentiment text,
    priority text,
    actionable boolean,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    suggested_response text,
    suggested_fix text,
    quality_score smallint DEFAULT 3 NOT NULL,
    quality_source text DEFAULT 'default'::text NOT NULL,
    upvotes integer DEFAULT 0 NOT NULL,
    downvotes integer DEFAULT 0 NOT NULL,
    total_votes integer DEFAULT 0 NOT NULL,
    view_count integer DEFAULT 0 NOT NULL,
    points_awarded integer DEFAULT 0 NOT NULL,
    is_spam boolean DEFAULT false NOT NULL,
    ai_processed_at timestamp with time zone,
    status_changed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    self_dealing boolean DEFAULT false NOT NULL,
    first_feedback boolean DEFAULT false NOT NULL,
    technical_context jsonb,
    CONSTRAINT feedback_category_known CHECK ((category = ANY (ARRAY['bug'::text, 'feature'::text, 'improvement'::text, 'other'::text]))),
    CONSTRAINT feedback_company_name_length CHECK (((char_length(company_name) >= 1) AND (char_length(company_name) <= 200))),
    CONSTRAINT feedback_counters_non_negative CHECK (((upvotes >= 0) AND (downvotes >= 0) AND (total_votes >= 0) AND (view_count >= 0))),
    CONSTRAINT feedback_description_length CHECK (((char_length(description) >= 1) AND (char_length(description) <= 5000))),
    CONSTRAINT feedback_priority_known CHECK ((priority = ANY (ARRAY['high'::text, 'medium'::text, 'low'::text]))),
    CONSTRAINT feedback_quality_range CHECK (((quality_score >= 1) AND (quality_score <= 5))),
    CONSTRAINT feedback_quality_source_known CHECK ((quality_source = ANY (ARRAY['default'::text, 'ai'::text, 'company'::text]))),
    CONSTRAINT feedback_raw_description_length CHECK (((char_length(raw_description) >= 1) AND (char_length(raw_description) <= 5000))),
    CONSTRAINT feedback_sentiment_known CHECK ((sentiment = ANY (ARRAY['positive'::text, 'negative'::text, 'neutral'::text]))),
    CONSTRAINT feedback_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'read'::text, 'in_progress'::text, 'completed'::text, 'rejected'::text]))),
    CONSTRAINT feedback_tags_limit CHECK ((COALESCE(array_length(tags, 1), 0) <= 10)),
    CONSTRAINT feedback_technical_context_shape CHECK (private.technical_context_valid(technical_context)),
    CONSTRAINT feedback_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 200)))
);

COMMENT ON TABLE public.feedback IS 'Feedback a consumer sent about a site. Authors read their own rows; companies read matching rows only through the company RPCs (no author identity).';

COMMENT ON COLUMN public.feedback.user_email IS 'Author''s e-mail at submission (set by a trigger); never returned to companies.';

COMMENT ON COLUMN public.feedback.user_name IS 'Author''s profile full name at submission (set by a trigger); never returned to companies.';

COMMENT ON COLUMN public.feedback.description IS 'Text shown as the feedback: the user''s text at first, the AI-processed text after processing.';

COMMENT ON COLUMN public.feedback.raw_description IS 'The user''s own text, kept as written.';

COMMENT ON COLUMN public.feedback.website_url IS 'Normalised URL (https:// added when missing); companies get it without query or fragment.';

COMMENT ON COLUMN public.feedback.website_host IS 'Normalised host (no scheme, port or leading www., lowercase) used for company matching; indexed reversed.';

COMMENT ON COLUMN public.feedback.screenshot_url IS 'Path in the private screenshots bucket, {fresh folder}/{file} (older rows: the author''s former per-author folder); an object the author uploaded. Companies read it.';

COMMENT ON COLUMN public.feedback.audio_url IS 'Path in the private audio bucket, {fresh folder}/{file} (older rows: the author''s former per-author folder); an object the author uploaded. Companies read it.';

COMMENT ON COLUMN public.feedback.quality_score IS '1-5, default 3: the AI estimate, replaced by the company''s rating (quality_source).';

COMMENT ON COLUMN public.feedback.quality_source IS 'Who set quality_score: default, ai or company (a company rating is never overwritten by AI).';

COMMENT ON COLUMN public.feedback.view_count IS 'Distinct (company, UTC day) views of this feedback.';

COMMENT ON COLUMN public.feedback.points_awarded IS 'XP this feedback earned on submission (5-7, +10 when first, 0 past the daily cap).';

COMMENT ON COLUMN public.feedback.is_spam IS 'Set by the AI step; its XP is then reversed (spam_reversal), badges stay.';

COMMENT ON COLUMN public.feedback.ai_processed_at IS 'When the AI step wrote its fields; null while queued.';

COMMENT ON COLUMN public.feedback.self_dealing IS 'True when the author''s company lists the feedback''s domain at submission: the feedback earns its author no XP, counters or reputation. Set by a trigger.';

COMMENT ON COLUMN public.feedback.first_feedback IS 'True when this feedback earned its author the first-feedback bonus (+10, included in points_awarded); set by the server on insert.';

COMMENT ON COLUMN public.feedback.technical_context IS 'Opt-in technical context from the extension: {environment {browser, os, viewport, devicePixelRatio, language}, consoleErrors [{kind, message, at}], failedRequests [{method, status, url, at}]}, at most 50 of each, secrets masked on insert; companies read it only through get_company_feedback_detail.';

ALTER TABLE ONLY public.feedback
    ADD CONSTRAINT feedback_pkey PRIMARY KEY (id);

CREATE INDEX feedback_audio_url_idx ON public.feedback USING btree (audio_url) WHERE (audio_url IS NOT NULL);

CREATE INDEX feedback_host_created_idx ON public.feedback USING btree (reverse(website_host) text_pattern_ops, created_at DESC, id DESC) INCLUDE (website_host, category, status) WHERE (website_host IS NOT NULL);

CREATE INDEX feedback_screenshot_url_idx ON public.feedback USING btree (screenshot_url) WHERE (screenshot_url IS NOT NULL);

CREATE INDEX feedback_user_id_created_at_idx ON public.feedback USING btree (user_id, created_at DESC);

ALTER TABLE public.feedback ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_notification_jobs (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_notification_jobs_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.company_notification_jobs IS 'E-mail/webhook queue: a new feedback for a company with notifications_enabled (the message carries no author identity). NOTIFY company_notification_jobs on insert.';

ALTER TABLE private.company_notification_jobs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_notification_jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_notification_jobs
    ADD CONSTRAINT company_notification_jobs_once UNIQUE (company_id, feedback_id);

ALTER TABLE ONLY private.company_notification_jobs
    ADD CONSTRAINT company_notification_jobs_pkey PRIMARY KEY (id);

CREATE INDEX company_notification_jobs_due_idx ON private.company_notification_jobs USING btree (status, run_after, id);

CREATE INDEX company_notification_jobs_feedback_id_idx ON private.company_notification_jobs USING btree (feedback_id);

ALTER TABLE private.company_notification_jobs ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.feedback_processing_jobs (
    id bigint NOT NULL,
    feedback_id uuid NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_processing_jobs_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.feedback_processing_jobs IS 'AI processing queue, one job per new feedback (supabase/local/jobs/queue-worker.ts; on hosted Supabase a database webhook on INSERT calls process-feedback). NOTIFY feedback_processing_jobs on insert.';

ALTER TABLE private.feedback_processing_jobs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.feedback_processing_jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.feedback_processing_jobs
    ADD CONSTRAINT feedback_processing_jobs_once UNIQUE (feedback_id);

ALTER TABLE ONLY private.feedback_processing_jobs
    ADD CONSTRAINT feedback_processing_jobs_pkey PRIMARY KEY (id);

CREATE INDEX feedback_processing_jobs_due_idx ON private.feedback_processing_jobs USING btree (status, run_after, id);

ALTER TABLE private.feedback_processing_jobs ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.feedback_sites (
    site text NOT NULL,
    feedback_count bigint DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.feedback_sites IS 'Feedback per site (host, or company name when no URL), maintained on insert; backs get_community_stats without scanning feedback.';

ALTER TABLE ONLY private.feedback_sites
    ADD CONSTRAINT feedback_sites_pkey PRIMARY KEY (site);

ALTER TABLE private.feedback_sites ENABLE ROW LEVEL SECURITY;

-- #35 waiting feedback (DECISIONS.md "Waiting feedback"): feedback about a
-- host no company has verified waits for its owner. Its author is told so,
-- the public claim page shows bucketed counts by category and month (never
-- content, authors or screenshots; nothing for a claimed domain), operators
-- see the most-waited-for sites, and when a domain is verified each waiting
-- author is told once.
--
-- Counts per host, category and month, kept by a trigger so that the claim
-- page reads a few rows instead of a domain's feedback. Spam is not counted.
CREATE TABLE private.host_report_counts (
    host text NOT NULL,
    category text NOT NULL,
    month date NOT NULL,
    reports integer NOT NULL,
    CONSTRAINT host_report_counts_positive CHECK ((reports >= 0))
);

COMMENT ON TABLE private.host_report_counts IS 'Feedback per host, category and UTC month (spam excluded), kept by feedback_host_counts; what get_domain_claim, get_my_waiting_sites and get_waiting_domains read.';

ALTER TABLE ONLY private.host_report_counts
    ADD CONSTRAINT host_report_counts_pkey PRIMARY KEY (host, category, month);

CREATE INDEX host_report_counts_domain_idx ON private.host_report_counts USING btree (reverse(host) text_pattern_ops);

ALTER TABLE private.host_report_counts ENABLE ROW LEVEL SECURITY;

-- Each waiting author is told once per domain when its owner verifies it.
CREATE TABLE private.owner_joined_notices (
    user_id uuid NOT NULL,
    domain text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.owner_joined_notices IS 'Authors already told that the owner of a domain joined (once per author and domain).';

ALTER TABLE ONLY private.owner_joined_notices
    ADD CONSTRAINT owner_joined_notices_pkey PRIMARY KEY (user_id, domain);

ALTER TABLE private.owner_joined_notices ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_feedback_events (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    event_type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_feedback_events_type_known CHECK ((event_type = ANY (ARRAY['created'::text, 'status_changed'::text, 'voted'::text, 'rated'::text, 'analysed'::text])))
);

COMMENT ON TABLE public.company_feedback_events IS 'Realtime signal per company: something happened to a matching feedback. Holds no author identity; the dashboard refetches through the RPCs.';

ALTER TABLE public.company_feedback_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.company_feedback_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.company_feedback_events
    ADD CONSTRAINT company_feedback_events_pkey PRIMARY KEY (id);

CREATE INDEX company_feedback_events_company_id_idx ON public.company_feedback_events USING btree (company_id, created_at DESC);

CREATE INDEX company_feedback_events_feedback_id_idx ON public.company_feedback_events USING btree (feedback_id);

ALTER TABLE public.company_feedback_events ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_feedback_views (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    viewed_on date NOT NULL,
    viewed_at timestamp with time zone DEFAULT now() NOT NULL,
    counted boolean DEFAULT true NOT NULL
);

COMMENT ON TABLE public.company_feedback_views IS 'A company opened a feedback, at most one row per UTC day. Readable by that company and by the feedback''s author (an INSERT refreshes the author''s view counts).';

COMMENT ON COLUMN public.company_feedback_views.viewed_on IS 'UTC day of the view.';

COMMENT ON COLUMN public.company_feedback_views.counted IS 'True when this view used the allowance (first view of that feedback in the plan''s period).';

ALTER TABLE ONLY public.company_feedback_views
    ADD CONSTRAINT company_feedback_views_once_per_day UNIQUE (company_id, feedback_id, viewed_on);

ALTER TABLE ONLY public.company_feedback_views
    ADD CONSTRAINT company_feedback_views_pkey PRIMARY KEY (id);

CREATE INDEX company_feedback_views_allowance_idx ON public.company_feedback_views USING btree (company_id, viewed_at) WHERE counted;

CREATE INDEX company_feedback_views_feedback_id_idx ON public.company_feedback_views USING btree (feedback_id);

ALTER TABLE public.company_feedback_views ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_votes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    feedback_id uuid NOT NULL,
    user_id uuid NOT NULL,
    user_email text,
    vote_type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_votes_type_known CHECK ((vote_type = ANY (ARRAY['upvote'::text, 'downvote'::text])))
);

COMMENT ON TABLE public.feedback_votes IS 'One vote per user per feedback, never on one''s own and only on feedback the voter can see (enforced by a trigger). Each voter reads only their own votes; totals live on feedback.';

COMMENT ON COLUMN public.feedback_votes.user_email IS 'The voter''s e-mail (set by a trigger); visible only to the voter.';

ALTER TABLE ONLY public.feedback_votes
    ADD CONSTRAINT feedback_votes_once UNIQUE (feedback_id, user_id);

ALTER TABLE ONLY public.feedback_votes
    ADD CONSTRAINT feedback_votes_pkey PRIMARY KEY (id);

CREATE INDEX feedback_votes_user_id_idx ON public.feedback_votes USING btree (user_id, created_at DESC);

ALTER TABLE public.feedback_votes ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text DEFAULT 'feedback_status'::text NOT NULL,
    feedback_id uuid,
    feedback_title text,
    old_status text,
    new_status text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    company_name text,
    xp integer,
    site text,
    CONSTRAINT notifications_kind_known CHECK ((kind = ANY (ARRAY['feedback_status'::text, 'company_message'::text, 'topic_completed'::text, 'company_removed'::text, 'owner_joined'::text])))
);

COMMENT ON TABLE public.notifications IS 'Messages to a user, sent live: one per status change of their feedback (who changed it is not included).';

COMMENT ON COLUMN public.notifications.read_at IS 'Set by the user when read; the only column they may change.';

COMMENT ON COLUMN public.notifications.company_name IS 'company_message: the company that asked.';

COMMENT ON COLUMN public.notifications.xp IS 'topic_completed: the XP the completion gave the user for their feedback in the topic.';

COMMENT ON COLUMN public.notifications.site IS 'owner_joined: the domain whose owner verified it.';

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

CREATE INDEX notifications_feedback_id_idx ON public.notifications USING btree (feedback_id);

CREATE INDEX notifications_user_id_created_at_idx ON public.notifications USING btree (user_id, created_at DESC);

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.company_notification_jobs
    ADD CONSTRAINT company_notification_jobs_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_notification_jobs
    ADD CONSTRAINT company_notification_jobs_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.feedback_processing_jobs
    ADD CONSTRAINT feedback_processing_jobs_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.owner_joined_notices
    ADD CONSTRAINT owner_joined_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_feedback_events
    ADD CONSTRAINT company_feedback_events_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_feedback_events
    ADD CONSTRAINT company_feedback_events_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_feedback_views
    ADD CONSTRAINT company_feedback_views_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_feedback_views
    ADD CONSTRAINT company_feedback_views_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback
    ADD CONSTRAINT feedback_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_votes
    ADD CONSTRAINT feedback_votes_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_votes
    ADD CONSTRAINT feedback_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.user_points
    ADD CONSTRAINT user_points_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE SET NULL;

-- ---------- functions ------------------------------------------------------

-- Companies that verified a domain the host is (or is under).
CREATE FUNCTION private.add_company_events(p_feedback_id uuid, p_host text, p_event text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.company_feedback_events (company_id, feedback_id, event_type)
  select distinct d.company_id, p_feedback_id, p_event
    from public.company_domains d
   where p_host is not null
     and d.verified_at is not null
     and d.domain = any(private.host_suffixes(p_host))
$$;

COMMENT ON FUNCTION private.add_company_events(p_feedback_id uuid, p_host text, p_event text) IS 'Signals an event on a feedback to every company that verified its domain (exact or parent); unverified domains get no events.';

-- Mirrors canTransition in shared/domain/statuses.ts.
CREATE FUNCTION private.can_transition(p_from text, p_to text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_from
    when 'pending' then p_to = 'read'
    when 'read' then p_to in ('in_progress', 'completed', 'rejected')
    when 'in_progress' then p_to in ('completed', 'rejected')
    when 'completed' then p_to in ('in_progress', 'rejected')
    when 'rejected' then p_to in ('in_progress', 'completed')
    else false
  end
$$;

COMMENT ON FUNCTION private.can_transition(p_from text, p_to text) IS 'Allowed status moves: pending → read; read → in_progress, completed, rejected; freely among those three; never back. Mirrors canTransition.';

-- The company summary of a feedback: no user id, e-mail or name.
CREATE FUNCTION private.company_feedback_rows(p_company public.companies, p_domains text[], p_search text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset bigint) RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, website_url text, website_host text, created_at timestamp with time zone, updated_at timestamp with time zone, has_screenshot boolean, has_audio boolean, verified_linkedin boolean, user_reputation numeric, quality_score smallint, upvotes integer, downvotes integer, total_votes integer, view_count integer, priority text, sentiment text, tags text[], viewed boolean, my_vote text, is_own boolean, domain_verified boolean, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_plan text;
  v_start timestamptz;
  -- On a plan with a view allowance the text is behind the view (DECISIONS
  -- "What a free company sees before a view"): the excerpt and the AI
  -- labels come back, and are searched, only for feedback opened this period.
  v_locked boolean;
  -- A domain under another listed domain adds nothing; without them every
  -- host matches at most one root, so the range scans never overlap.
  v_roots text[] := array(
    select d from unnest(p_domains) as d
     where not exists (select 1 from unnest(p_domains) as e where d like '%.' || e));
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = p_company.id;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  v_locked := private.view_limit(coalesce(v_plan, 'free')) is not null;
  return query
    -- The page's keys and the total come from feedback_host_created_idx alone
    -- (an index-only scan: host, date, id, category, status); only the rows
    -- of the page are read from the table. The search needs the texts, so it
    -- looks them up per candidate, and matches only what the list returns
    -- (title and excerpt, on every plan), never text that opens with a view.
    with keys as (
      select f.id, count(*) over () as total
        from unnest(v_roots) as d(dom)
        join public.feedback f
          on reverse(f.website_host) ~>=~ reverse(d.dom)
         and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
         and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
       where (v_pattern is null or exists (
               select 1 from public.feedback s
                where s.id = f.id
                  and (private.mask_contact(s.title) ilike v_pattern
                       or ((not v_locked or exists (
                              select 1 from public.company_feedback_views v
                               where v.company_id = p_company.id and v.feedback_id = s.id
                                 and v.viewed_at >= v_start))
                           and private.company_list_excerpt(private.mask_contact(s.description)) ilike v_pattern))))
         and (p_category is null or f.category = p_category)
         and (p_status is null or f.status = p_status)
         and (p_from is null or f.created_at >= p_from)
         and (p_to is null or f.created_at < p_to)
       order by f.created_at desc, f.id desc
       limit p_limit offset p_offset
    ), page as (
      select f.*, k.total,
             exists (select 1 from public.company_feedback_views v
                      where v.company_id = p_company.id and v.feedback_id = f.id
                        and v.viewed_at >= v_start) as seen
        from keys k join public.feedback f on f.id = k.id
    )
    select pg.id, private.mask_contact(pg.title),
           case when pg.seen or not v_locked
                then private.company_list_excerpt(private.mask_contact(pg.description)) end,
           pg.category, pg.status,
           substring(pg.website_url from '^[^?#]*'), pg.website_host, pg.created_at, pg.updated_at,
           pg.screenshot_url is not null, pg.audio_url is not null,
           coalesce(pr.verified_linkedin, false), coalesce(st.reputation, 0), pg.quality_score,
           pg.upvotes, pg.downvotes, pg.total_votes, pg.view_count,
           case when pg.seen or not v_locked then pg.priority end,
           case when pg.seen or not v_locked then pg.sentiment end,
           case when pg.seen or not v_locked then pg.tags end,
           pg.seen,
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

COMMENT ON FUNCTION private.company_feedback_rows(p_company public.companies, p_domains text[], p_search text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset bigint) IS 'Summaries of the feedback matching the given company domains (exact or subdomain), filtered and paged; on a plan with a view allowance the excerpt and AI labels only for feedback opened this period; the search matches only what the list shows; contact details masked; no author identity.';

CREATE FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamptz, p_delta integer) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into private.host_report_counts as c (host, category, month, reports)
  select p_host, p_category, date_trunc('month', p_created at time zone 'UTC')::date, greatest(p_delta, 0)
   where p_host is not null
  on conflict (host, category, month) do update set reports = greatest(c.reports + p_delta, 0)
$$;

COMMENT ON FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamptz, p_delta integer) IS 'Adds p_delta (+1 or -1) to one cell of private.host_report_counts.';

CREATE FUNCTION private.domain_owner_joined() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Authors of feedback under the domain that waited until now: hosts no
  -- other verified domain already owned.
  with authors as (
    select distinct f.user_id
      from public.feedback f
     where reverse(f.website_host) ~>=~ reverse(new.domain)
       and reverse(f.website_host) ~<~ (reverse(new.domain) || '/')
       and (f.website_host = new.domain or reverse(f.website_host) like (reverse(new.domain) || '.%'))
       and f.user_id is not null and not f.is_spam
       and not exists (select 1 from public.company_domains o
                        where o.verified_at is not null and o.domain = any(private.host_suffixes(f.website_host))
                          and not (o.company_id = new.company_id and o.domain = new.domain))
  ), fresh as (
    insert into private.owner_joined_notices (user_id, domain)
    select a.user_id, new.domain from authors a
    on conflict do nothing
    returning user_id
  ), told as (
    insert into public.notifications (user_id, kind, site)
    select fresh.user_id, 'owner_joined', new.domain from fresh
    returning user_id
  )
  insert into private.owner_joined_emails (user_id, domain)
  select t.user_id, new.domain from told t
    join public.profiles p on p.id = t.user_id
   where p.email_on_owner_joined
  on conflict do nothing;
  if found then
    perform pg_notify('owner_joined_emails', '');
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.domain_owner_joined() IS 'When a domain becomes verified: one owner_joined notification to each author whose feedback waited for it (once per author and domain), and an e-mail queued for those who turned it on; the company learns nothing about them.';

CREATE FUNCTION private.feedback_after_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.feedback_after_insert() IS 'After a feedback is inserted: its XP ledger rows (feedback_submitted, and first_feedback when the feedback says so), streaks of out-of-order imports, site counter, AI job, company events and e-mail jobs.';

CREATE FUNCTION private.feedback_after_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.feedback_after_update() IS 'After a feedback changes: counters follow category/quality/screenshot, a status change notifies the author and companies (+10 XP once on completed, never to the company''s own account), spam reverses the feedback''s XP.';

CREATE FUNCTION private.feedback_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.feedback_before_insert() IS 'Before a feedback is inserted: author from the session, texts checked with the form''s messages, URL and host normalised, only media the author uploaded (the +1 bonuses only for those), AI/company fields emptied, 30 per 10 minutes per account, XP under the daily cap of 20, stats counters and streaks updated, the first-feedback bonus recorded in first_feedback; feedback about the author''s own company domains (self_dealing) earns no XP and moves no counter.';

-- XP is immutable after the insert, and with it the bonus that is part of it.
CREATE FUNCTION private.feedback_before_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.feedback_before_update() IS 'Before a feedback changes: identity, raw text and XP are immutable; status moves follow the workflow; updated_at moves only for content or status, not counters.';

CREATE FUNCTION private.feedback_host_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.website_host is not null and not old.is_spam then
    perform private.count_host_report(old.website_host, old.category, old.created_at, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.website_host is not null and not new.is_spam then
    perform private.count_host_report(new.website_host, new.category, new.created_at, 1);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.feedback_host_counts() IS 'Keeps private.host_report_counts in step with feedback (insert, delete, and a change of host, category, date or spam flag).';

CREATE FUNCTION private.feedback_technical_context() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.technical_context is null or jsonb_typeof(new.technical_context) = 'null' then
    new.technical_context := null;
    return new;
  end if;
  if not private.technical_context_valid(new.technical_context) then
    raise exception 'The technical context is not in the expected shape.'
      using errcode = 'check_violation',
            hint = 'Send environment, consoleErrors (at most 50) and failedRequests (at most 50), addresses without query or fragment.';
  end if;
  new.technical_context := private.mask_technical_context(new.technical_context);
  return new;
end
$$;

COMMENT ON FUNCTION private.feedback_technical_context() IS 'Before a feedback is inserted: its technical context checked (clear error) and every string masked again; never trusted from the client.';

-- Set once, by its author: nobody rewrites what was sent (clients have no
-- UPDATE grant; this holds for server-side code as well).
CREATE FUNCTION private.feedback_technical_context_fixed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.technical_context := old.technical_context;
  return new;
end
$$;

COMMENT ON FUNCTION private.feedback_technical_context_fixed() IS 'Before a feedback changes: its technical context stays as sent.';

-- True when a verified domain owns the host (itself or a parent).
CREATE FUNCTION private.host_is_claimed(p_host text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.company_domains d
                  where d.verified_at is not null and d.domain = any(private.host_suffixes(p_host)))
$$;

COMMENT ON FUNCTION private.host_is_claimed(p_host text) IS 'Whether a company verified the host or one of its parent domains.';

-- Whether an object exists in a bucket and belongs to a user.
CREATE FUNCTION private.is_own_media(p_bucket text, p_name text, p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p_user_id is not null and exists (
    select 1 from storage.objects o
     where o.bucket_id = p_bucket and o.name = p_name
       and coalesce(o.owner_id, o.owner::text) = p_user_id::text)
$$;

COMMENT ON FUNCTION private.is_own_media(p_bucket text, p_name text, p_user_id uuid) IS 'True when the bucket holds an object at that path whose owner (set by Storage from the uploader''s JWT) is the user.';

-- The rules of shared/domain/mask-secrets.ts in PostgreSQL's regular
-- expressions; text the extension masked masks to itself.
CREATE FUNCTION private.mask_secrets(p_text text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
declare
  v text := p_text;
  v_names text := '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|key|secret|password|passwd|pwd|pass|auth|session(?:[_-]?id)?|sid|code|signature|sig|otp|jwt)';
  v_fields text := '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|secret|password|passwd|jwt|session[_-]?id)';
begin
  if v is null then
    return null;
  end if;
  v := regexp_replace(v, '\yeyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?', '[jwt]', 'g');
  v := regexp_replace(v,
    '[A-Za-z0-9!#$%''*+^_`{|}~.-]*[A-Za-z0-9!#$%&''*+/=?^_`{|}~.-]?@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}',
    '[email]', 'g');
  v := regexp_replace(v, '\y(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+', '\1 [secret]', 'gi');
  v := regexp_replace(v, '\y(' || v_names || '=)[^&\s#;,"''<>]+', '\1[secret]', 'gi');
  v := regexp_replace(v, '(["'']?\y' || v_fields || '["'']?\s*:\s*["'']?)[^"''\s,}&]+', '\1[secret]', 'gi');
  v := regexp_replace(v, '\y[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\y', '[id]', 'gi');
  v := regexp_replace(v, '\y[0-9a-f]{24,}\y', '[hex]', 'gi');
  v := regexp_replace(v, '\+\d(?:[\s.()-]*\d){7,14}', '[number]', 'g');
  v := regexp_replace(v, '\y\d(?:[ -]?\d){11,}\y', '[number]', 'g');
  v := regexp_replace(v,
    '(?=[A-Za-z0-9+/=]*[0-9])(?=[A-Za-z0-9+/=]*[a-z])(?=[A-Za-z0-9+/=]*[A-Z])[A-Za-z0-9+/=]{32,}',
    '[secret]', 'g');
  v := regexp_replace(v,
    '(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{32,}',
    '[secret]', 'g');
  v := regexp_replace(v,
    '(^|[^A-Za-z0-9_-])(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])([A-Za-z0-9]{32,})(?![A-Za-z0-9_-])',
    '\1[secret]', 'g');
  return v;
end
$_$;

COMMENT ON FUNCTION private.mask_secrets(p_text text) IS 'Masks credentials (JWTs, bearer tokens, key=/token=/password= values), e-mail addresses, UUIDs, long hex and base64 strings and long numbers, as shared/domain/mask-secrets.ts does; idempotent.';

-- Every string of a valid context masked again (and cut back to its limit,
-- a mask being longer than what it hides).
CREATE FUNCTION private.mask_technical_context(p_context jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'environment', coalesce((
      select jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
                                          then to_jsonb(left(private.mask_secrets(e.value #>> '{}'), 60))
                                          else e.value end)
        from jsonb_each(p_context -> 'environment') e), '{}'::jsonb),
    'consoleErrors', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', i.value -> 'kind',
               'message', left(private.mask_secrets(i.value ->> 'message'), 500),
               'at', i.value -> 'at') order by i.ordinality)
        from jsonb_array_elements(p_context -> 'consoleErrors') with ordinality i), '[]'::jsonb),
    'failedRequests', coalesce((
      select jsonb_agg(jsonb_build_object(
               'method', i.value -> 'method',
               'status', i.value -> 'status',
               'url', left(private.mask_secrets(i.value ->> 'url'), 500),
               'at', i.value -> 'at') order by i.ordinality)
        from jsonb_array_elements(p_context -> 'failedRequests') with ordinality i), '[]'::jsonb))
$$;

COMMENT ON FUNCTION private.mask_technical_context(p_context jsonb) IS 'A valid technical context with every string masked again by private.mask_secrets and cut to its limit.';

-- Companies whose domains match a host (GIN on companies.domains).
CREATE FUNCTION private.matching_company_ids(p_host text) RETURNS SETOF uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.id from public.companies c
   where p_host is not null and c.domains && private.host_suffixes(p_host)
$$;

COMMENT ON FUNCTION private.matching_company_ids(p_host text) IS 'Ids of the companies that own a host (exact or parent domain).';

-- Where the signed-in user may put a new feedback file: {uuid}/{file} in a
-- folder that is not their user id, not an old per-author folder, and holds
-- no file of anyone else (in either media bucket).
CREATE FUNCTION private.may_upload_media_to(p_name text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION private.may_upload_media_to(p_name text) IS 'True when the signed-in user may upload a feedback file at this path: {uuid}/{file name}, the folder neither their user id, an old per-author folder, nor holding anyone else''s file.';

-- Streaks count only the feedback that earns (not self-dealing).
CREATE FUNCTION private.recompute_streaks(p_user_id uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.recompute_streaks(p_user_id uuid) IS 'Current and longest UTC-day streaks of a user recomputed from all their feedback (used when feedback arrives out of order).';

-- The view allowance: records that the company opened the feedback, within
-- the plan's limit, atomically per company (advisory lock), and marks a
-- pending feedback read. False when the allowance is used up.
CREATE FUNCTION private.record_view(p_company public.companies, p_feedback_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.record_view(p_company public.companies, p_feedback_id uuid) IS 'Opens a feedback for a company: free 5 distinct per UTC day, pro 20 per ISO week, advanced unlimited; re-opening in the period is free; pending becomes read.';

-- The invitee's proof of being a real person: a confirmed e-mail address and
-- a first real feedback.
CREATE FUNCTION private.referral_invitee_qualifies(p_invitee uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
           select 1 from auth.users u
            where u.id = p_invitee and u.email_confirmed_at is not null)
     and exists (
           select 1 from public.feedback f
            where f.user_id = p_invitee
              and f.ai_processed_at is not null
              and not f.is_spam
              and not f.self_dealing)
$$;

COMMENT ON FUNCTION private.referral_invitee_qualifies(p_invitee uuid) IS 'True when the invitee confirmed their e-mail and has a feedback that the AI step analysed, is not spam and is not about their own company.';

-- Buckets, so that one new report cannot be watched arriving
-- (shared/domain/claims.ts REPORT_BUCKETS says the same).
CREATE FUNCTION private.report_bucket(p_reports bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(max(b), 0)::integer
    from unnest(array[1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000]) as b
   where b <= p_reports
$$;

COMMENT ON FUNCTION private.report_bucket(p_reports bigint) IS 'The lower bound of the bucket a count falls in (0, 1, 5, 10, 25, 50, 100, …, 100000); mirrors reportBucket.';

CREATE FUNCTION private.view_after_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.feedback f set view_count = f.view_count + 1 where f.id = new.feedback_id;
  return null;
end
$$;

COMMENT ON FUNCTION private.view_after_insert() IS 'After a company view is recorded: the feedback''s view count goes up by one.';

CREATE FUNCTION private.views_used(p_company_id uuid) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select count(*)::integer
    from public.company_feedback_views v
    join public.company_subscriptions s on s.company_id = v.company_id
   where v.company_id = p_company_id and v.counted
     and v.viewed_at >= greatest(
       coalesce(private.view_period_start(private.resolve_plan(s.subscription_type), now()),
                private.view_period_start('free', now())),
       coalesce(s.views_reset_at, '-infinity'::timestamptz))
$$;

COMMENT ON FUNCTION private.views_used(p_company_id uuid) IS 'Feedback views of a company that used its allowance in the current period (after a demo reset).';

CREATE FUNCTION private.vote_after_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.vote_after_write() IS 'After a vote is added or removed: totals on the feedback, votes cast by the voter, votes received by the author (not for self-dealing feedback), a company signal.';

CREATE FUNCTION private.vote_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.vote_before_insert() IS 'Before a vote: voter from the session, vote type checked, never on one''s own feedback and only on feedback the voter can see.';

-- The waiting cells of a domain: its own host and its subdomains, less the
-- subdomains some company verified.
CREATE FUNCTION private.waiting_cells(p_domain text) RETURNS TABLE(host text, category text, month date, reports integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.host, c.category, c.month, c.reports
    from private.host_report_counts c
   where reverse(c.host) ~>=~ reverse(p_domain)
     and reverse(c.host) ~<~ (reverse(p_domain) || '/')
     and (c.host = p_domain or reverse(c.host) like (reverse(p_domain) || '.%'))
     and c.reports > 0
     and not private.host_is_claimed(c.host)
$$;

COMMENT ON FUNCTION private.waiting_cells(p_domain text) IS 'Rows of private.host_report_counts under a domain (itself and subdomains) that no verified domain owns.';

-- Server-only: the process-feedback worker writes the AI result.
CREATE FUNCTION public.apply_feedback_analysis(p_feedback_id uuid, p_analysis jsonb) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.apply_feedback_analysis(p_feedback_id uuid, p_analysis jsonb) IS 'Server-only (service role): stores the AI result (description, priority, sentiment, actionable, tags, suggested response and fix, quality estimate unless a company rated, is_spam → XP reversal).';

CREATE FUNCTION public.can_view_feedback(company_email text DEFAULT NULL::text, feedback_uuid uuid DEFAULT NULL::uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.can_view_feedback(company_email text, feedback_uuid uuid) IS 'True when the caller''s company may open one more feedback in this period (always for one it already opened in the period). company_email, if given, must be the caller''s.';

CREATE FUNCTION public.get_all_feedback_view_counts() RETURNS TABLE(feedback_id uuid, view_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.get_all_feedback_view_counts() IS 'View count of each feedback matching the caller''s company (newest 1000).';

CREATE FUNCTION public.get_community_stats() RETURNS TABLE(total_feedbacks bigint, unique_companies bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(sum(s.feedback_count), 0)::bigint, count(*) filter (where s.feedback_count > 0)
    from private.feedback_sites s
$$;

COMMENT ON FUNCTION public.get_community_stats() IS 'Total feedback and the number of distinct sites (host, or company name without URL) that received feedback.';

CREATE FUNCTION public.get_company_feedback(p_page integer DEFAULT 1, p_page_size integer DEFAULT 20, p_search text DEFAULT NULL::text, p_domain text DEFAULT NULL::text, p_category text DEFAULT NULL::text, p_status text DEFAULT NULL::text, p_from timestamp with time zone DEFAULT NULL::timestamp with time zone, p_to timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, website_url text, website_host text, created_at timestamp with time zone, updated_at timestamp with time zone, has_screenshot boolean, has_audio boolean, verified_linkedin boolean, user_reputation numeric, quality_score smallint, upvotes integer, downvotes integer, total_votes integer, view_count integer, priority text, sentiment text, tags text[], viewed boolean, my_vote text, is_own boolean, domain_verified boolean, total_count bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  -- A domain is at most 253 characters: refuse longer input before parsing it.
  if char_length(coalesce(p_domain, '')) > 253 then
    raise exception 'Choose one of your company''s domains.'
      using errcode = 'invalid_parameter_value',
            detail = format('"%s…" is not one of your domains.', left(p_domain, 100));
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
  -- A search reads the texts of every matching feedback of the company: at
  -- most 120 a minute per account and 600 per address (the dashboard
  -- debounces typing and refetches on events, far below that).
  if nullif(btrim(coalesce(p_search, '')), '') is not null then
    perform private.check_rate_limit('company_feedback_search', 120, 600, interval '1 minute',
      'Too many searches. Please wait a minute.');
  end if;
  return query
    select * from private.company_feedback_rows(v_company, v_domains, p_search, p_category,
      p_status, p_from, p_to, p_page_size, (p_page::bigint - 1) * p_page_size);
end
$$;

COMMENT ON FUNCTION public.get_company_feedback(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone) IS 'The caller''s company feedback list: only feedback whose host matches its verified domains, newest first, paged (size 1-100); search (title and excerpt, at most 200 characters, 120 a minute per account and 600 per address) and domain on every plan, category/status/date on paid plans. No author identity.';

CREATE FUNCTION public.get_company_feedback_detail(feedback_uuid uuid) RETURNS TABLE(id uuid, title text, description text, category text, status text, website_url text, website_host text, company_name text, created_at timestamp with time zone, updated_at timestamp with time zone, screenshot_url text, audio_url text, verified_linkedin boolean, user_reputation numeric, quality_score smallint, quality_source text, upvotes integer, downvotes integer, total_votes integer, view_count integer, priority text, sentiment text, actionable boolean, tags text[], suggested_response text, suggested_fix text, my_vote text, is_own boolean, technical_context jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
begin
  if not private.record_view(v_company, feedback_uuid) then
    raise exception 'Daily limit reached'
      using errcode = 'PT402',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  return query
    select f.id, private.mask_contact(f.title), private.mask_contact(f.description), f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.website_host, private.mask_contact(f.company_name), f.created_at,
           f.updated_at, f.screenshot_url, f.audio_url, coalesce(p.verified_linkedin, false),
           coalesce(s.reputation, 0), f.quality_score, f.quality_source, f.upvotes, f.downvotes,
           f.total_votes, f.view_count, f.priority, f.sentiment, f.actionable, f.tags,
           private.mask_contact(f.suggested_response), private.mask_contact(f.suggested_fix),
           v.vote_type, f.user_id = v_uid, f.technical_context
      from public.feedback f
      left join public.profiles p on p.id = f.user_id
      left join public.user_stats s on s.user_id = f.user_id
      left join public.feedback_votes v on v.feedback_id = f.id and v.user_id = v_uid
     where f.id = feedback_uuid;
end
$$;

COMMENT ON FUNCTION public.get_company_feedback_detail(feedback_uuid uuid) IS 'Opens one matching feedback for the caller''s company through the view allowance (recording the view, pending → read) and returns it in full, with its technical context, without author identity and with e-mail addresses and phone numbers masked; raises ''Daily limit reached'' with SQLSTATE PT402 (HTTP 402) when the allowance is used up.';

CREATE FUNCTION public.get_company_view_allowance() RETURNS TABLE(plan text, view_period text, view_limit integer, views_used integer, views_remaining integer, resets_at timestamp with time zone, filtering boolean, demo_mode boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.get_company_view_allowance() IS 'The caller''s plan, view period and limit (null when unlimited), views used and left, next reset, whether advanced filters work, and whether the demo reset is available.';

CREATE FUNCTION public.get_daily_feedback_views(company_email text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.views_used((private.require_company(company_email)).id);
end
$$;

COMMENT ON FUNCTION public.get_daily_feedback_views(company_email text) IS 'Feedback the caller''s company opened in the current period (UTC day on free, ISO week on pro) that used its allowance.';

CREATE FUNCTION public.get_domain_claim(p_domain text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_domain text := private.normalize_domain(left(p_domain, 300));
  v_first date := (date_trunc('month', now() at time zone 'UTC') - interval '11 months')::date;
  v_total bigint;
  v_categories jsonb;
  v_months jsonb;
begin
  perform private.check_rate_limit('domain_claim', 60, 60, interval '1 minute',
    'Too many domain look-ups. Please wait a minute and try again.');
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  if private.host_is_claimed(v_domain) then
    return jsonb_build_object('domain', v_domain, 'status', 'claimed');
  end if;
  with cells as materialized (
    select w.category, w.month, w.reports from private.waiting_cells(v_domain) w
  )
  select (select coalesce(sum(c.reports), 0) from cells c),
         (select jsonb_object_agg(k.category, private.report_bucket(
                   (select coalesce(sum(c.reports), 0) from cells c where c.category = k.category)))
            from unnest(array['bug', 'feature', 'improvement', 'other']) as k(category)),
         (select jsonb_agg(jsonb_build_object('month', to_char(m.month, 'YYYY-MM'),
                   'reports', private.report_bucket(
                     (select coalesce(sum(c.reports), 0) from cells c where c.month = m.month::date)))
                   order by m.month)
            from generate_series(v_first, v_first + interval '11 months', interval '1 month') as m(month))
    into v_total, v_categories, v_months;
  return jsonb_build_object(
    'domain', v_domain,
    'status', case when v_total > 0 then 'waiting' else 'none' end,
    'reports', private.report_bucket(v_total),
    'categories', v_categories,
    'months', v_months);
end
$$;

COMMENT ON FUNCTION public.get_domain_claim(p_domain text) IS 'The public claim page of a domain (#35): status claimed (no figures), waiting or none; bucketed counts of its waiting feedback in all, by category and by month (last 12). Never a title, text, author or screenshot. 60 a minute per account and per address; 22023 for an invalid domain.';

CREATE FUNCTION public.get_feedback_view_count(feedback_uuid uuid) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := private.require_self(null, 'user');
  v_feedback public.feedback;
begin
  select * into v_feedback from public.feedback f where f.id = feedback_uuid;
  if not found or not (
       v_feedback.user_id = v_uid
       or exists (select 1 from public.company_members m
                   where m.user_id = v_uid
                     and private.host_matches_domains(v_feedback.website_host,
                       private.verified_domains(m.company_id)))) then
    raise exception 'This feedback is not available to you.' using errcode = 'insufficient_privilege';
  end if;
  return v_feedback.view_count;
end
$$;

COMMENT ON FUNCTION public.get_feedback_view_count(feedback_uuid uuid) IS 'View count of one feedback, for its author or a company it belongs to.';

CREATE FUNCTION public.get_feedback_with_votes() RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, website_url text, website_host text, created_at timestamp with time zone, updated_at timestamp with time zone, has_screenshot boolean, has_audio boolean, verified_linkedin boolean, user_reputation numeric, quality_score smallint, upvotes integer, downvotes integer, total_votes integer, view_count integer, priority text, sentiment text, tags text[], viewed boolean, my_vote text, is_own boolean, domain_verified boolean, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select * from private.company_feedback_rows(v_company, v_company.domains, null, null, null,
      null, null, 1000, 0);
end
$$;

COMMENT ON FUNCTION public.get_feedback_with_votes() IS 'The spec''s company list: the newest 1000 feedback matching the caller''s company domains, with votes; no author identity.';

-- The author's sites that wait for their owner, with how many reports wait.
CREATE FUNCTION public.get_my_waiting_sites() RETURNS TABLE(website_host text, reports integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
begin
  return query
    select h.host, private.report_bucket((select coalesce(sum(w.reports), 0) from private.waiting_cells(h.host) w))
      from (select distinct f.website_host as host from public.feedback f
             where f.user_id = v_uid and f.website_host is not null) h
     where not private.host_is_claimed(h.host)
     order by 1;
end
$$;

COMMENT ON FUNCTION public.get_my_waiting_sites() IS 'Hosts of the caller''s feedback that no company has verified, each with the bucketed number of reports waiting for it (the author''s list says so).';

-- A member of a company listing (not yet proving) a host sees only their own feedback there.
CREATE FUNCTION public.get_similar_feedback(p_website_url text, p_text text DEFAULT NULL::text, p_limit integer DEFAULT 5) RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, upvotes integer, downvotes integer, total_votes integer, created_at timestamp with time zone, similarity real, my_vote text, is_own boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_host text;
  v_text text := btrim(coalesce(p_text, ''));
  v_others boolean;
begin
  if char_length(coalesce(p_website_url, '')) > 2000 then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  v_host := private.normalize_host(private.normalize_website_url(p_website_url));
  if v_host is null then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if p_limit is null or p_limit not between 1 and 20 then
    raise exception 'Limit must be between 1 and 20.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_text) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  perform private.check_rate_limit('get_similar_feedback', 60, 180, interval '10 minutes',
    'Too many similar-feedback lookups. Please wait a few minutes.');
  -- A title is at most 200 characters: the first 1000 typed are plenty to
  -- find it, and keep the trigram work per row small.
  v_text := left(v_text, 1000);
  -- Other people's feedback only as a duplicate check of something typed,
  -- and never for a company that lists this site but has not proven it owns
  -- it (it may only count that site's feedback).
  -- A page on localhost, an IP address or an intranet name is not one
  -- site: two people's "localhost:3000" are unrelated (and private), so
  -- only the caller's own feedback is found there.
  v_others := char_length(v_text) >= 3 and private.is_valid_hostname(v_host) and not exists (
    select 1 from public.company_members m
      join public.companies c on c.id = m.company_id
     where m.user_id = v_uid
       and private.host_matches_domains(v_host, c.domains)
       and not private.host_matches_domains(v_host, private.verified_domains(c.id)));
  return query
    select c.id, c.title, case when c.user_id = v_uid then left(c.description, 280) end,
           c.category, c.status, c.upvotes, c.downvotes, c.total_votes, c.created_at, c.sim,
           v.vote_type, c.user_id = v_uid
      from (
        select f.id, f.user_id, f.title, f.description, f.category, f.status, f.upvotes,
               f.downvotes, f.total_votes, f.created_at,
               -- How much of the title is found in what was typed: a single
               -- keyword never covers most of a title.
               case when v_text = '' then 0::real
                    else extensions.word_similarity(f.title, v_text) end as sim
          from public.feedback f
         where reverse(f.website_host) = reverse(v_host)
           and f.status <> 'rejected' and not f.is_spam
         order by f.created_at desc
         limit 500
      ) c
      left join public.feedback_votes v on v.feedback_id = c.id and v.user_id = v_uid
     where c.user_id = v_uid or (v_others and c.sim >= 0.5)
     order by c.sim desc, c.upvotes - c.downvotes desc, c.created_at desc
     limit p_limit;
end
$$;

COMMENT ON FUNCTION public.get_similar_feedback(p_website_url text, p_text text, p_limit integer) IS 'Duplicate check while writing: feedback about the same host whose title is mostly contained in p_text (pg_trgm word_similarity >= 0.5; the caller''s own always), with title, category, status and votes; the excerpt only of the caller''s own. Nothing of others for a company that lists the host unverified. 60 calls per account and 180 per address per 10 minutes (HTTP 429).';

CREATE FUNCTION public.get_user_feedback(p_user_id uuid DEFAULT NULL::uuid) RETURNS TABLE(id uuid, title text, description text, raw_description text, category text, created_at timestamp with time zone, status text, user_name text, website_url text, website_host text, company_name text, screenshot_url text, audio_url text, sentiment text, priority text, actionable boolean, tags text[], suggested_response text, suggested_fix text, quality_score smallint, upvotes integer, downvotes integer, total_votes integer, view_count integer, points_awarded integer, user_reputation numeric, verified_linkedin boolean, updated_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.get_user_feedback(p_user_id uuid) IS 'The caller''s feedback, newest first, with AI fields, votes, views and their reputation. p_user_id, if given, must be the caller.';

CREATE FUNCTION public.get_user_feedback_view_counts(p_user_id uuid DEFAULT NULL::uuid) RETURNS TABLE(feedback_id uuid, view_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(p_user_id, 'p_user_id');
begin
  return query
    select f.id, f.view_count from public.feedback f where f.user_id = v_uid order by f.created_at desc;
end
$$;

COMMENT ON FUNCTION public.get_user_feedback_view_counts(p_user_id uuid) IS 'View count of each of the caller''s feedback. p_user_id, if given, must be the caller.';

-- Operators (blog admins): the most-waited-for sites, exact counts, for
-- outreach by hand. Peega itself never writes to a site nobody gave it.
CREATE FUNCTION public.get_waiting_domains(p_limit integer DEFAULT 50) RETURNS TABLE(host text, reports bigint, last_month date)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  if not private.is_blog_admin() then
    raise exception 'Only Peega''s admins can see this.' using errcode = 'insufficient_privilege';
  end if;
  return query
    select c.host, sum(c.reports)::bigint, max(c.month)
      from private.host_report_counts c
     where c.reports > 0
     group by c.host
    having not private.host_is_claimed(c.host)
     order by 2 desc, 1
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;

COMMENT ON FUNCTION public.get_waiting_domains(p_limit integer) IS 'Admins only: unclaimed hosts with the most waiting feedback (exact counts and the latest month), at most 200.';

-- No member rates feedback written by any member of the same company.
CREATE FUNCTION public.rate_feedback(feedback_uuid uuid, rating integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  if exists (select 1 from public.company_members m
              where m.company_id = v_company.id and m.user_id = v_feedback.user_id) then
    raise exception 'You cannot rate your own feedback.' using errcode = 'insufficient_privilege';
  end if;
  update public.feedback f set quality_score = rating, quality_source = 'company' where f.id = feedback_uuid;
  return rating;
end
$$;

COMMENT ON FUNCTION public.rate_feedback(feedback_uuid uuid, rating integer) IS 'The caller''s company rates a matching feedback 1-5, never one its own account wrote; the rating replaces the AI estimate as its quality score (and feeds the author''s reputation unless self-dealing).';

CREATE FUNCTION public.record_feedback_view(company_email text DEFAULT NULL::text, feedback_uuid uuid DEFAULT NULL::uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.record_view(private.require_company(company_email), feedback_uuid);
end
$$;

COMMENT ON FUNCTION public.record_feedback_view(company_email text, feedback_uuid uuid) IS 'Records that the caller''s company opened a matching feedback (pending → read) within its allowance; false when the allowance is used up. company_email, if given, must be the caller''s.';

CREATE FUNCTION public.reset_daily_feedback_views(company_email text DEFAULT NULL::text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.reset_daily_feedback_views(company_email text) IS 'Demo mode only: the caller''s company starts the current period again at 0 views (views stay recorded for authors). Refused elsewhere.';

CREATE FUNCTION public.update_feedback_status(feedback_uuid uuid, new_status text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return private.set_company_feedback_status(private.require_company(null), feedback_uuid, new_status);
end
$$;

COMMENT ON FUNCTION public.update_feedback_status(feedback_uuid uuid, new_status text) IS 'The caller''s company moves a matching feedback along the workflow (pending → read → in_progress/completed/rejected); the author is notified and gets +10 XP once on completed.';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER anonymous_owner_refused BEFORE INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.refuse_anonymous_owner('user_id');

CREATE TRIGGER anonymous_owner_refused BEFORE INSERT ON public.feedback_votes FOR EACH ROW EXECUTE FUNCTION private.refuse_anonymous_owner('user_id');

CREATE TRIGGER company_domains_owner_joined AFTER UPDATE OF verified_at ON public.company_domains FOR EACH ROW WHEN (((old.verified_at IS NULL) AND (new.verified_at IS NOT NULL))) EXECUTE FUNCTION private.domain_owner_joined();

CREATE TRIGGER company_feedback_views_after_insert AFTER INSERT ON public.company_feedback_views FOR EACH ROW EXECUTE FUNCTION private.view_after_insert();

CREATE TRIGGER feedback_a_rate_limit BEFORE INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_rate_limit();

CREATE TRIGGER feedback_after_insert AFTER INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_after_insert();

CREATE TRIGGER feedback_after_update AFTER UPDATE ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_after_update();

CREATE TRIGGER feedback_analysed_completes_referral AFTER UPDATE OF ai_processed_at, is_spam ON public.feedback FOR EACH ROW WHEN (((new.ai_processed_at IS NOT NULL) AND (NOT new.is_spam) AND (NOT new.self_dealing) AND ((old.ai_processed_at IS NULL) OR old.is_spam))) EXECUTE FUNCTION private.feedback_completes_referral();

CREATE TRIGGER feedback_before_insert BEFORE INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_before_insert();

CREATE TRIGGER feedback_before_insert_technical_context BEFORE INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_technical_context();

CREATE TRIGGER feedback_before_update BEFORE UPDATE ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_before_update();

CREATE TRIGGER feedback_before_update_technical_context BEFORE UPDATE OF technical_context ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.feedback_technical_context_fixed();

CREATE TRIGGER feedback_host_counts_delete AFTER DELETE ON public.feedback FOR EACH ROW WHEN ((old.website_host IS NOT NULL)) EXECUTE FUNCTION private.feedback_host_counts();

CREATE TRIGGER feedback_host_counts_insert AFTER INSERT ON public.feedback FOR EACH ROW WHEN ((new.website_host IS NOT NULL)) EXECUTE FUNCTION private.feedback_host_counts();

CREATE TRIGGER feedback_host_counts_update AFTER UPDATE OF website_host, category, created_at, is_spam ON public.feedback FOR EACH ROW WHEN (((new.website_host IS DISTINCT FROM old.website_host) OR (new.category IS DISTINCT FROM old.category) OR (new.created_at IS DISTINCT FROM old.created_at) OR (new.is_spam IS DISTINCT FROM old.is_spam))) EXECUTE FUNCTION private.feedback_host_counts();

CREATE TRIGGER feedback_imported_completes_referral AFTER INSERT ON public.feedback FOR EACH ROW WHEN (((new.ai_processed_at IS NOT NULL) AND (NOT new.is_spam) AND (NOT new.self_dealing))) EXECUTE FUNCTION private.feedback_completes_referral();

CREATE TRIGGER feedback_votes_after_write AFTER INSERT OR DELETE ON public.feedback_votes FOR EACH ROW EXECUTE FUNCTION private.vote_after_write();

CREATE TRIGGER feedback_votes_before_insert BEFORE INSERT ON public.feedback_votes FOR EACH ROW EXECUTE FUNCTION private.vote_before_insert();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Authors can read their own feedback" ON public.feedback FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Signed-in users can submit feedback as themselves" ON public.feedback FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Signed-in users can vote as themselves" ON public.feedback_votes FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can delete their notifications" ON public.notifications FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can mark their notifications read" ON public.notifications FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users can read their notifications" ON public.notifications FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Voters can read their own votes" ON public.feedback_votes FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Anyone can read blog images" ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = 'blog-images'::text));

CREATE POLICY "Authors can delete their own feedback media" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND ((COALESCE(owner_id, (owner)::text) = ( SELECT (auth.uid())::text AS uid)) OR ((storage.foldername(name))[1] = ( SELECT (private.current_upload_folder())::text AS current_upload_folder)))));

CREATE POLICY "Authors can read their own feedback media" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND ((COALESCE(owner_id, (owner)::text) = ( SELECT (auth.uid())::text AS uid)) OR ((storage.foldername(name))[1] = ( SELECT (private.current_upload_folder())::text AS current_upload_folder)))));

CREATE POLICY "Authors can replace their own feedback media" ON storage.objects FOR UPDATE TO authenticated USING (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND ((COALESCE(owner_id, (owner)::text) = ( SELECT (auth.uid())::text AS uid)) OR ((storage.foldername(name))[1] = ( SELECT (private.current_upload_folder())::text AS current_upload_folder))))) WITH CHECK (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND (COALESCE(owner_id, (owner)::text) = ( SELECT (auth.uid())::text AS uid)) AND (private.may_upload_media_to(name) OR ((storage.foldername(name))[1] = ( SELECT (private.current_upload_folder())::text AS current_upload_folder)))));

CREATE POLICY "Users can upload feedback media to a fresh folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND (COALESCE(owner_id, (owner)::text) = ( SELECT (auth.uid())::text AS uid)) AND private.may_upload_media_to(name)));

-- ---------- realtime -------------------------------------------------------

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.company_feedback_events;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.company_feedback_views;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback_votes;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.notifications;

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.add_company_events(p_feedback_id uuid, p_host text, p_event text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.technical_context_valid(p_context jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.technical_context_valid(p_context jsonb) TO authenticated, service_role;

REVOKE ALL ON TABLE public.feedback FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback TO service_role;
GRANT SELECT ON TABLE public.feedback TO authenticated;

GRANT INSERT(user_id) ON TABLE public.feedback TO authenticated;

GRANT INSERT(user_email) ON TABLE public.feedback TO authenticated;

GRANT INSERT(user_name) ON TABLE public.feedback TO authenticated;

GRANT INSERT(title) ON TABLE public.feedback TO authenticated;

GRANT INSERT(description) ON TABLE public.feedback TO authenticated;

GRANT INSERT(raw_description) ON TABLE public.feedback TO authenticated;

GRANT INSERT(category) ON TABLE public.feedback TO authenticated;

GRANT INSERT(company_name) ON TABLE public.feedback TO authenticated;

GRANT INSERT(website_url) ON TABLE public.feedback TO authenticated;

GRANT INSERT(screenshot_url) ON TABLE public.feedback TO authenticated;

GRANT INSERT(audio_url) ON TABLE public.feedback TO authenticated;

GRANT INSERT(sentiment) ON TABLE public.feedback TO authenticated;

GRANT INSERT(suggested_response) ON TABLE public.feedback TO authenticated;

GRANT INSERT(suggested_fix) ON TABLE public.feedback TO authenticated;

GRANT INSERT(technical_context) ON TABLE public.feedback TO authenticated;

REVOKE ALL ON FUNCTION private.can_transition(p_from text, p_to text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_feedback_rows(p_company public.companies, p_domains text[], p_search text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_limit integer, p_offset bigint) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamp with time zone, p_delta integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.domain_owner_joined() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_after_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_after_update() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_before_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_before_update() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_host_counts() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_technical_context() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_technical_context_fixed() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.host_is_claimed(p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_own_media(p_bucket text, p_name text, p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.mask_secrets(p_text text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.mask_technical_context(p_context jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.matching_company_ids(p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.may_upload_media_to(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.may_upload_media_to(p_name text) TO authenticated;

REVOKE ALL ON FUNCTION private.recompute_streaks(p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.record_view(p_company public.companies, p_feedback_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.referral_invitee_qualifies(p_invitee uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.report_bucket(p_reports bigint) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_after_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.views_used(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vote_after_write() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.vote_before_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.waiting_cells(p_domain text) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.apply_feedback_analysis(p_feedback_id uuid, p_analysis jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.apply_feedback_analysis(p_feedback_id uuid, p_analysis jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.can_view_feedback(company_email text, feedback_uuid uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.can_view_feedback(company_email text, feedback_uuid uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_all_feedback_view_counts() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_all_feedback_view_counts() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_community_stats() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_community_stats() TO service_role, anon, authenticated;

REVOKE ALL ON FUNCTION public.get_company_feedback(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_feedback(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_feedback_detail(feedback_uuid uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_feedback_detail(feedback_uuid uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_view_allowance() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_view_allowance() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_daily_feedback_views(company_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_daily_feedback_views(company_email text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_domain_claim(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_domain_claim(p_domain text) TO service_role, anon, authenticated;

REVOKE ALL ON FUNCTION public.get_feedback_view_count(feedback_uuid uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_feedback_view_count(feedback_uuid uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_feedback_with_votes() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_feedback_with_votes() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_my_waiting_sites() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_my_waiting_sites() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_similar_feedback(p_website_url text, p_text text, p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_similar_feedback(p_website_url text, p_text text, p_limit integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_user_feedback(p_user_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_user_feedback(p_user_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_user_feedback_view_counts(p_user_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_user_feedback_view_counts(p_user_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_waiting_domains(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_waiting_domains(p_limit integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.rate_feedback(feedback_uuid uuid, rating integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rate_feedback(feedback_uuid uuid, rating integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.record_feedback_view(company_email text, feedback_uuid uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_feedback_view(company_email text, feedback_uuid uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.reset_daily_feedback_views(company_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.reset_daily_feedback_views(company_email text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.update_feedback_status(feedback_uuid uuid, new_status text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.update_feedback_status(feedback_uuid uuid, new_status text) TO service_role, authenticated;

REVOKE ALL ON TABLE public.company_feedback_events FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_feedback_events TO service_role;
GRANT SELECT ON TABLE public.company_feedback_events TO authenticated;

REVOKE ALL ON SEQUENCE public.company_feedback_events_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.company_feedback_events_id_seq TO anon, authenticated, service_role;

REVOKE ALL ON TABLE public.company_feedback_views FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_feedback_views TO service_role;
GRANT SELECT ON TABLE public.company_feedback_views TO authenticated;

REVOKE ALL ON TABLE public.feedback_votes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_votes TO service_role;
GRANT SELECT ON TABLE public.feedback_votes TO authenticated;

GRANT INSERT(feedback_id) ON TABLE public.feedback_votes TO authenticated;

GRANT INSERT(user_id) ON TABLE public.feedback_votes TO authenticated;

GRANT INSERT(user_email) ON TABLE public.feedback_votes TO authenticated;

GRANT INSERT(vote_type) ON TABLE public.feedback_votes TO authenticated;

REVOKE ALL ON TABLE public.notifications FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.notifications TO service_role;
GRANT SELECT,DELETE ON TABLE public.notifications TO authenticated;

GRANT UPDATE(read_at) ON TABLE public.notifications TO authenticated;

-- ---------- data -----------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('screenshots', 'screenshots', false, 5242880,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('audio', 'audio', false, 10485760,
   array['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/wav']),
  ('blog-images', 'blog-images', true, 5242880,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
