-- =============================================================================
-- Topics and insights: topics and their proposals, insights, weekly
-- summaries, the public "You said, we did" page and completion notices
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.feedback_topics (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    title text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    status_changed_at timestamp with time zone,
    completed_at timestamp with time zone,
    public_title text,
    public_note text,
    published_at timestamp with time zone,
    feedback_count integer DEFAULT 0 NOT NULL,
    contributor_count integer DEFAULT 0 NOT NULL,
    votes integer DEFAULT 0 NOT NULL,
    suggested_count integer DEFAULT 0 NOT NULL,
    last_added_at timestamp with time zone,
    CONSTRAINT feedback_topics_public_note_length CHECK (((public_note IS NULL) OR (char_length(public_note) <= 1000))),
    CONSTRAINT feedback_topics_public_title_length CHECK (((public_title IS NULL) OR ((char_length(btrim(public_title)) >= 1) AND (char_length(btrim(public_title)) <= 120)))),
    CONSTRAINT feedback_topics_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'read'::text, 'in_progress'::text, 'completed'::text, 'rejected'::text]))),
    CONSTRAINT feedback_topics_title_length CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120)))
);

COMMENT ON TABLE public.feedback_topics IS 'A company''s group of feedback describing the same thing (#22), with one status for all of them. Read by members; written by the topic RPCs.';

ALTER TABLE ONLY public.feedback_topics
    ADD CONSTRAINT feedback_topics_pkey PRIMARY KEY (id);

CREATE INDEX feedback_topics_company_idx ON public.feedback_topics USING btree (company_id, updated_at DESC);

CREATE INDEX feedback_topics_contributors_idx ON public.feedback_topics USING btree (company_id, contributor_count DESC, votes DESC, id);

CREATE INDEX feedback_topics_created_by_idx ON public.feedback_topics USING btree (created_by) WHERE (created_by IS NOT NULL);

CREATE INDEX feedback_topics_published_idx ON public.feedback_topics USING btree (company_id, completed_at DESC) WHERE (published_at IS NOT NULL);

CREATE INDEX feedback_topics_votes_idx ON public.feedback_topics USING btree (company_id, votes DESC, contributor_count DESC, id);

ALTER TABLE public.feedback_topics ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_insight_weeks (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    week date NOT NULL,
    category text DEFAULT ''::text NOT NULL,
    sentiment text DEFAULT ''::text NOT NULL,
    answered boolean NOT NULL,
    n bigint DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.company_insight_weeks IS 'Rows of private.company_inbox per company, week (Monday, UTC), category, sentiment and answered: what get_company_insights charts (#22), kept by statement triggers.';

ALTER TABLE private.company_insight_weeks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_insight_weeks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_insight_weeks
    ADD CONSTRAINT company_insight_weeks_cell UNIQUE (company_id, week, category, sentiment, answered);

ALTER TABLE ONLY private.company_insight_weeks
    ADD CONSTRAINT company_insight_weeks_pkey PRIMARY KEY (id);

ALTER TABLE private.company_insight_weeks ENABLE ROW LEVEL SECURITY;

-- Inverted index of content terms per company (candidate retrieval).
CREATE TABLE private.feedback_topic_terms (
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    term text NOT NULL,
    created_at timestamp with time zone NOT NULL
);

COMMENT ON TABLE private.feedback_topic_terms IS 'Content terms (contentTerms of shared/domain/similarity.ts) of each feedback on a company''s verified domains, written by the AI job: finds topic candidates for a new feedback (#22).';

ALTER TABLE ONLY private.feedback_topic_terms
    ADD CONSTRAINT feedback_topic_terms_pkey PRIMARY KEY (company_id, feedback_id, term);

CREATE INDEX feedback_topic_terms_feedback_idx ON private.feedback_topic_terms USING btree (feedback_id);

-- feedback_id included: the newest postings of a term are an index-only scan.
CREATE INDEX feedback_topic_terms_term_idx ON private.feedback_topic_terms USING btree (company_id, term, created_at DESC) INCLUDE (feedback_id);

ALTER TABLE private.feedback_topic_terms ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.topic_completion_emails (
    id bigint NOT NULL,
    topic_id uuid NOT NULL,
    user_id uuid NOT NULL,
    feedback_id uuid,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT topic_completion_emails_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.topic_completion_emails IS 'E-mails to opted-in contributors of a completed topic (#22), one per contributor and topic. Claimed by send-topic-emails.';

ALTER TABLE private.topic_completion_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.topic_completion_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.topic_completion_emails
    ADD CONSTRAINT topic_completion_emails_one UNIQUE (topic_id, user_id);

ALTER TABLE ONLY private.topic_completion_emails
    ADD CONSTRAINT topic_completion_emails_pkey PRIMARY KEY (id);

CREATE INDEX topic_completion_emails_due ON private.topic_completion_emails USING btree (status, run_after);

CREATE INDEX topic_completion_emails_feedback ON private.topic_completion_emails USING btree (feedback_id);

ALTER TABLE private.topic_completion_emails ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.topic_completion_notices (
    topic_id uuid NOT NULL,
    user_id uuid NOT NULL,
    feedback_id uuid,
    title text NOT NULL,
    xp integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.topic_completion_notices IS 'One row per contributor notified of a completed topic (#22): keeps the notification once per contributor per topic; the e-mail reads its title and XP.';

ALTER TABLE ONLY private.topic_completion_notices
    ADD CONSTRAINT topic_completion_notices_pkey PRIMARY KEY (topic_id, user_id);

CREATE INDEX topic_completion_notices_feedback ON private.topic_completion_notices USING btree (feedback_id);

CREATE INDEX topic_completion_notices_user ON private.topic_completion_notices USING btree (user_id);

ALTER TABLE private.topic_completion_notices ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.topic_proposal_members (
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    proposal_id uuid NOT NULL,
    score real,
    added_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.topic_proposal_members IS 'Which proposal a feedback is in (at most one per company).';

ALTER TABLE ONLY private.topic_proposal_members
    ADD CONSTRAINT topic_proposal_members_pkey PRIMARY KEY (company_id, feedback_id);

CREATE INDEX topic_proposal_members_feedback_idx ON private.topic_proposal_members USING btree (feedback_id);

CREATE INDEX topic_proposal_members_proposal_idx ON private.topic_proposal_members USING btree (proposal_id);

ALTER TABLE private.topic_proposal_members ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.topic_proposals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    dismissed_at timestamp with time zone,
    dismissed_by uuid
);

COMMENT ON TABLE private.topic_proposals IS 'Groups of similar feedback not yet in a topic, proposed by the AI job for a member to confirm or dismiss (#22).';

ALTER TABLE ONLY private.topic_proposals
    ADD CONSTRAINT topic_proposals_pkey PRIMARY KEY (id);

CREATE INDEX topic_proposals_company_idx ON private.topic_proposals USING btree (company_id, updated_at DESC) WHERE (dismissed_at IS NULL);

CREATE INDEX topic_proposals_dismissed_by_idx ON private.topic_proposals USING btree (dismissed_by) WHERE (dismissed_by IS NOT NULL);

ALTER TABLE private.topic_proposals ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.weekly_summary_emails (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    user_id uuid NOT NULL,
    week date NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT weekly_summary_emails_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.weekly_summary_emails IS 'Weekly summary e-mails to opted-in members, one per member and week (#22). Claimed by send-weekly-summaries.';

ALTER TABLE private.weekly_summary_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.weekly_summary_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.weekly_summary_emails
    ADD CONSTRAINT weekly_summary_emails_once UNIQUE (company_id, user_id, week);

ALTER TABLE ONLY private.weekly_summary_emails
    ADD CONSTRAINT weekly_summary_emails_pkey PRIMARY KEY (id);

CREATE INDEX weekly_summary_emails_due ON private.weekly_summary_emails USING btree (status, run_after);

CREATE INDEX weekly_summary_emails_user ON private.weekly_summary_emails USING btree (user_id);

ALTER TABLE private.weekly_summary_emails ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_topic_items (
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    topic_id uuid NOT NULL,
    state text DEFAULT 'suggested'::text NOT NULL,
    score real,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    added_by uuid,
    reported_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_topic_items_state_known CHECK ((state = ANY (ARRAY['suggested'::text, 'confirmed'::text])))
);

COMMENT ON TABLE public.feedback_topic_items IS 'Which topic of a company a feedback is in (at most one per company): suggested by the system or confirmed by a member.';

ALTER TABLE ONLY public.feedback_topic_items
    ADD CONSTRAINT feedback_topic_items_pkey PRIMARY KEY (company_id, feedback_id);

CREATE INDEX feedback_topic_items_added_by_idx ON public.feedback_topic_items USING btree (added_by) WHERE (added_by IS NOT NULL);

-- Confirmed items by the day they were put in a topic.
CREATE INDEX feedback_topic_items_confirmed_added_idx ON public.feedback_topic_items USING btree (company_id, added_at) WHERE (state = 'confirmed'::text);

CREATE INDEX feedback_topic_items_feedback_idx ON public.feedback_topic_items USING btree (feedback_id);

CREATE INDEX feedback_topic_items_reported_idx ON public.feedback_topic_items USING btree (company_id, reported_at DESC, topic_id) WHERE (state = 'confirmed'::text);

CREATE INDEX feedback_topic_items_topic_idx ON public.feedback_topic_items USING btree (topic_id, state);

ALTER TABLE public.feedback_topic_items ENABLE ROW LEVEL SECURITY;

-- "N others reported this" is live, like statuses and messages (#40 item
-- 15): each author's count is kept here (theirs only, by RLS) whenever the
-- topic items change, and the table is published to Realtime, so the
-- author's open dashboard hears the new count at once. The count is the one
-- get_my_topic_counts answers (private.reported_by_others, one function for
-- both).
CREATE TABLE public.feedback_report_counts (
    feedback_id uuid NOT NULL,
    user_id uuid NOT NULL,
    others integer NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.feedback_report_counts IS 'How many others reported what an author''s feedback reports, kept by the topic-item triggers and sent live to that author only (a count, never who).';

ALTER TABLE ONLY public.feedback_report_counts
    ADD CONSTRAINT feedback_report_counts_pkey PRIMARY KEY (feedback_id);

CREATE INDEX feedback_report_counts_user_id_idx ON public.feedback_report_counts USING btree (user_id);

ALTER TABLE public.feedback_report_counts ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.company_insight_weeks
    ADD CONSTRAINT company_insight_weeks_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.feedback_topic_terms
    ADD CONSTRAINT feedback_topic_terms_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.feedback_topic_terms
    ADD CONSTRAINT feedback_topic_terms_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_completion_emails
    ADD CONSTRAINT topic_completion_emails_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_completion_emails
    ADD CONSTRAINT topic_completion_emails_notice FOREIGN KEY (topic_id, user_id) REFERENCES private.topic_completion_notices(topic_id, user_id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_completion_notices
    ADD CONSTRAINT topic_completion_notices_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.topic_completion_notices
    ADD CONSTRAINT topic_completion_notices_topic_id_fkey FOREIGN KEY (topic_id) REFERENCES public.feedback_topics(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_completion_notices
    ADD CONSTRAINT topic_completion_notices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_proposal_members
    ADD CONSTRAINT topic_proposal_members_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_proposal_members
    ADD CONSTRAINT topic_proposal_members_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_proposal_members
    ADD CONSTRAINT topic_proposal_members_proposal_id_fkey FOREIGN KEY (proposal_id) REFERENCES private.topic_proposals(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_proposals
    ADD CONSTRAINT topic_proposals_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.topic_proposals
    ADD CONSTRAINT topic_proposals_dismissed_by_fkey FOREIGN KEY (dismissed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.weekly_summary_emails
    ADD CONSTRAINT weekly_summary_emails_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.weekly_summary_emails
    ADD CONSTRAINT weekly_summary_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_report_counts
    ADD CONSTRAINT feedback_report_counts_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_report_counts
    ADD CONSTRAINT feedback_report_counts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_topic_items
    ADD CONSTRAINT feedback_topic_items_added_by_fkey FOREIGN KEY (added_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.feedback_topic_items
    ADD CONSTRAINT feedback_topic_items_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_topic_items
    ADD CONSTRAINT feedback_topic_items_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_topic_items
    ADD CONSTRAINT feedback_topic_items_topic_id_fkey FOREIGN KEY (topic_id) REFERENCES public.feedback_topics(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_topics
    ADD CONSTRAINT feedback_topics_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_topics
    ADD CONSTRAINT feedback_topics_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

-- ---------- functions ------------------------------------------------------

-- Plain text a company publishes: trimmed, control characters (but line
-- breaks) removed. Not masked: it is the company's own text (#40 item 3).
CREATE FUNCTION private.clean_public_text(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(
           regexp_replace(replace(coalesce(p_text, ''), E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', '', 'g')), '')
$$;

COMMENT ON FUNCTION private.clean_public_text(p_text text) IS 'Text a company publishes: trimmed, control characters dropped; not masked, it is the company''s own (#40 item 3).';

-- Every way a row enters (a new feedback, a changed host, a rebuild after a
-- domain was verified) gets the three from the feedback and its thread.
CREATE FUNCTION private.company_inbox_fill() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select f.sentiment, case when f.status = 'completed' then f.status_changed_at end
    into new.sentiment, new.completed_at
    from public.feedback f where f.id = new.feedback_id;
  new.replied := exists (select 1 from public.feedback_messages m
                          where m.feedback_id = new.feedback_id and m.company_id = new.company_id
                            and not m.from_author);
  return new;
end
$$;

-- The AI's sentiment arrives after the insert; a status change moves the
-- completed moment (feedback_inbox already copies the status).
CREATE FUNCTION private.feedback_insights() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_completed timestamptz := case when new.status = 'completed' then new.status_changed_at end;
begin
  update private.company_inbox i
     set sentiment = new.sentiment, completed_at = v_completed
   where i.feedback_id = new.id
     and (i.sentiment, i.completed_at) is distinct from (new.sentiment, v_completed);
  return null;
end
$$;

-- A vote moves the rolled-up votes of the topics the feedback is confirmed in.
CREATE FUNCTION private.feedback_topic_votes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.feedback_topics t
     set votes = t.votes + (new.total_votes - old.total_votes)
   where t.id in (select i.topic_id from public.feedback_topic_items i
                   where i.feedback_id = new.id and i.state = 'confirmed');
  return null;
end
$$;

CREATE FUNCTION private.insight_answered(p_replied boolean, p_status text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select coalesce(p_replied, false) or coalesce(p_status in ('in_progress', 'completed', 'rejected'), false) $$;

COMMENT ON FUNCTION private.insight_answered(p_replied boolean, p_status text) IS 'Insights (#22): a feedback is answered when its company wrote in the thread or moved it to in_progress, completed or rejected.';

CREATE FUNCTION private.insight_counted_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
         coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), -count(*)
    from old_rows r
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

CREATE FUNCTION private.insight_counted_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
         coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), count(*)
    from new_rows r
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

-- A vote or an assignee moves no cell: the sums cancel out and nothing is written.
CREATE FUNCTION private.insight_counted_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select x.company_id, x.week, x.category, x.sentiment, x.answered, sum(x.n)
    from (select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date as week,
                 coalesce(r.category, '') as category, coalesce(r.sentiment, '') as sentiment,
                 (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)) as answered, 1 as n
            from new_rows r
          union all
          select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
                 coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), -1
            from old_rows r) x
   group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

-- The week a moment falls in: its Monday, in UTC.
CREATE FUNCTION private.insight_week(p_at timestamp with time zone) RETURNS date
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select date_trunc('week', p_at at time zone 'UTC')::date $$;

-- A company message answers the feedback for that company.
CREATE FUNCTION private.message_insights() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update private.company_inbox i set replied = true
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id and not i.replied;
  else
    update private.company_inbox i
       set replied = exists (select 1 from public.feedback_messages m
                              where m.feedback_id = old.feedback_id and m.company_id = old.company_id
                                and not m.from_author)
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id and i.replied;
  end if;
  return null;
end
$$;

CREATE FUNCTION private.notify_topic_contributors() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics;
  v_company_name text;
  v_xp integer;
  v_title text;
  v_queued boolean := false;
  r record;
begin
  -- At commit: the topic as it is now (still completed?).
  select * into v_topic from public.feedback_topics t where t.id = new.id;
  if not found or v_topic.status <> 'completed' then
    return null;
  end if;
  select c.company_name into v_company_name from public.companies c where c.id = v_topic.company_id;
  for r in
    select f.user_id,
           (array_agg(f.id order by f.created_at, f.id))[1] as feedback_id,
           (array_agg(f.title order by f.created_at, f.id))[1] as feedback_title,
           array_agg(f.id) as feedback_ids
      from public.feedback_topic_items i
      join public.feedback f on f.id = i.feedback_id
     where i.topic_id = v_topic.id and i.state = 'confirmed'
       and not exists (select 1 from public.company_members m
                        where m.company_id = v_topic.company_id and m.user_id = f.user_id)
     group by f.user_id
  loop
    select coalesce(sum(up.points), 0)::integer into v_xp from public.user_points up
     where up.user_id = r.user_id and up.action_type = 'feedback_completed'
       and up.feedback_id = any (r.feedback_ids);
    v_title := coalesce(v_topic.public_title, r.feedback_title);
    insert into private.topic_completion_notices (topic_id, user_id, feedback_id, title, xp)
    values (v_topic.id, r.user_id, r.feedback_id, v_title, v_xp)
    on conflict (topic_id, user_id) do nothing;
    if not found then
      continue;
    end if;
    -- The per-feedback "completed" items of this same transaction give way.
    delete from public.notifications n
     where n.user_id = r.user_id and n.kind = 'feedback_status' and n.new_status = 'completed'
       and n.feedback_id = any (r.feedback_ids) and n.created_at = now();
    insert into public.notifications (user_id, kind, feedback_id, feedback_title, company_name, new_status, xp)
    values (r.user_id, 'topic_completed', r.feedback_id, v_title, v_company_name, 'completed', v_xp);
    if exists (select 1 from public.profiles p where p.id = r.user_id and p.email_on_topic_completed) then
      insert into private.topic_completion_emails (topic_id, user_id, feedback_id)
      values (v_topic.id, r.user_id, r.feedback_id)
      on conflict (topic_id, user_id) do nothing;
      v_queued := true;
    end if;
  end loop;
  if v_queued then
    perform pg_notify('topic_completion_emails', '');
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.notify_topic_contributors() IS 'At commit of a topic''s completion: one topic_completed notification per contributor (not the company''s members) with the XP from the ledger, replacing the same transaction''s per-feedback completed items; queues the e-mail of those who opted in.';

-- The topic of the caller's company, locked; 42501 for anyone but a member,
-- P0002 for a topic that is not the company's (same answer as no topic).
CREATE FUNCTION private.own_topic_for_update(p_topic_id uuid) RETURNS public.feedback_topics
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_topic public.feedback_topics;
begin
  select * into v_topic from public.feedback_topics t
   where t.id = p_topic_id and t.company_id = v_company.id
   for update;
  if not found then
    raise exception 'This topic is not one of your company''s.' using errcode = 'PT404';
  end if;
  return v_topic;
end
$$;

-- Puts feedback into a topic as confirmed: suggested items elsewhere move,
-- confirmed items of another topic are refused (split them out first).
CREATE FUNCTION private.put_in_topic(p_topic public.feedback_topics, p_ids uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  if exists (select 1 from public.feedback_topic_items i
              where i.company_id = p_topic.company_id and i.feedback_id = any(p_ids)
                and i.state = 'confirmed' and i.topic_id <> p_topic.id) then
    raise exception 'Some of this feedback is already in another topic: split it out first.'
      using errcode = 'invalid_parameter_value';
  end if;
  if (select count(*) from public.feedback_topic_items i
       where i.topic_id = p_topic.id and not (i.feedback_id = any(p_ids))) + cardinality(p_ids) > 1000 then
    raise exception 'A topic holds at most 1000 feedback.' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.feedback_topic_items as i (company_id, feedback_id, topic_id, state, added_by, reported_at)
  select p_topic.company_id, f.id, p_topic.id, 'confirmed', auth.uid(), f.created_at
    from public.feedback f where f.id = any(p_ids)
  on conflict (company_id, feedback_id) do update
    set topic_id = excluded.topic_id, state = 'confirmed', added_by = excluded.added_by, added_at = now();
  get diagnostics v_count = row_count;
  delete from private.topic_proposal_members m
   where m.company_id = p_topic.company_id and m.feedback_id = any(p_ids);
  update public.feedback_topics t set updated_at = now() where t.id = p_topic.id;
  return v_count;
end
$$;

-- Recounts the given topics from their items.
CREATE FUNCTION private.refresh_topic_counts(p_topic_ids uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.feedback_topics t
     set feedback_count = s.n,
         contributor_count = s.contributors,
         votes = s.votes,
         suggested_count = s.suggested,
         last_added_at = s.last_added
    from (select x.id,
                 count(*) filter (where i.state = 'confirmed')::integer as n,
                 count(distinct f.user_id) filter (where i.state = 'confirmed')::integer as contributors,
                 coalesce(sum(f.total_votes) filter (where i.state = 'confirmed'), 0)::integer as votes,
                 count(*) filter (where i.state = 'suggested')::integer as suggested,
                 max(i.added_at) filter (where i.state = 'confirmed') as last_added
            from unnest(p_topic_ids) as x(id)
            left join public.feedback_topic_items i on i.topic_id = x.id
            left join public.feedback f on f.id = i.feedback_id
           group by x.id) s
   where t.id = s.id
$$;

-- How many other people reported what each feedback reports: across the
-- topics it is in, the most contributors besides its author (0 when none).
-- Whether the author is among a topic's confirmed contributors is read once
-- per topic (a per-row test joined every feedback of the author: 26 ms for
-- one placement in a 73-item topic at 1 M feedback).
CREATE FUNCTION private.reported_by_others(p_feedback_ids uuid[]) RETURNS TABLE(feedback_id uuid, user_id uuid, others integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with items as (
    select f.id, f.user_id, i.topic_id
      from public.feedback f
      left join public.feedback_topic_items i on i.feedback_id = f.id
     where f.id = any(p_feedback_ids)
  ), confirmed as (
    select distinct j.topic_id, g.user_id
      from public.feedback_topic_items j
      join public.feedback g on g.id = j.feedback_id
     where j.state = 'confirmed' and j.topic_id in (select x.topic_id from items x)
  )
  select it.id, it.user_id,
         coalesce(max(greatest(t.contributor_count - (c.user_id is not null)::integer, 0)), 0)::integer
    from items it
    left join public.feedback_topics t on t.id = it.topic_id
    left join confirmed c on c.topic_id = it.topic_id and c.user_id = it.user_id
   group by it.id, it.user_id
$$;

COMMENT ON FUNCTION private.reported_by_others(p_feedback_ids uuid[]) IS 'For each feedback: how many other contributors the topics it is in have at most (a count, never who); 0 outside any topic.';

-- The topic, when it is the caller's company's.
CREATE FUNCTION private.require_topic(p_topic_id uuid) RETURNS public.feedback_topics
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_topic public.feedback_topics;
begin
  select * into v_topic from public.feedback_topics t where t.id = p_topic_id and t.company_id = v_company_id;
  if not found then
    raise exception 'This topic is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  return v_topic;
end
$$;

-- Refuses feedback that is not on the company's verified domains, and bounds the size.
CREATE FUNCTION private.require_topic_feedback(p_company_id uuid, p_feedback_ids uuid[]) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ids uuid[] := array(select distinct x from unnest(coalesce(p_feedback_ids, '{}')) as x where x is not null);
begin
  if cardinality(v_ids) = 0 then
    raise exception 'Choose at least one feedback.' using errcode = 'invalid_parameter_value';
  end if;
  if cardinality(v_ids) > 500 then
    raise exception 'Choose at most 500 feedback at once.' using errcode = 'invalid_parameter_value';
  end if;
  if exists (select 1 from unnest(v_ids) as x
              where not exists (select 1 from private.company_inbox i
                                 where i.company_id = p_company_id and i.feedback_id = x)) then
    raise exception 'Some of this feedback is not on your company''s verified domains.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_ids;
end
$$;

-- Words a slug may not be: they read as Peega's own pages or mislead.
CREATE FUNCTION private.reserved_public_slug(p_slug text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_slug = any (array[
    'admin', 'administrator', 'api', 'app', 'auth', 'blog', 'changes', 'companies', 'company',
    'dashboard', 'help', 'login', 'logout', 'new', 'official', 'peega', 'privacy', 'root',
    'security', 'settings', 'signup', 'staff', 'support', 'system', 'terms', 'www'])
$$;

COMMENT ON FUNCTION private.reserved_public_slug(p_slug text) IS 'True for the words a public page slug may not be (#22).';

CREATE FUNCTION private.topic_items_counted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct r.topic_id) into v_ids from new_rows r;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct r.topic_id) into v_ids from old_rows r;
  else
    select array_agg(distinct x.topic_id) into v_ids
      from (select topic_id from new_rows union select topic_id from old_rows) x;
  end if;
  if v_ids is not null then
    perform private.refresh_topic_counts(v_ids);
  end if;
  return null;
end
$$;

-- After the topic counts (triggers fire in name order: "counted" first):
-- the feedback that moved, and every feedback of a topic whose confirmed
-- items changed. Only confirmed items make contributors, so a suggestion
-- (the AI job's placement) changes no one else's count.
CREATE FUNCTION private.topic_items_report_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topics uuid[];
  v_moved uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct r.topic_id) filter (where r.state = 'confirmed'), array_agg(distinct r.feedback_id)
      into v_topics, v_moved from new_rows r;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct r.topic_id) filter (where r.state = 'confirmed'), array_agg(distinct r.feedback_id)
      into v_topics, v_moved from old_rows r;
  else
    select array_agg(distinct x.topic_id) filter (where x.state = 'confirmed'), array_agg(distinct x.feedback_id)
      into v_topics, v_moved
      from (select topic_id, feedback_id, state from new_rows
            union select topic_id, feedback_id, state from old_rows) x;
  end if;
  if v_moved is null then
    return null;
  end if;
  insert into public.feedback_report_counts as c (feedback_id, user_id, others)
  select r.feedback_id, r.user_id, r.others
    from private.reported_by_others(array(
           select i.feedback_id from public.feedback_topic_items i where i.topic_id = any(v_topics)
           union select unnest(v_moved))) r
  on conflict (feedback_id) do update
     set others = excluded.others, updated_at = now()
   where c.others is distinct from excluded.others;
  return null;
end
$$;

COMMENT ON FUNCTION private.topic_items_report_counts() IS 'After topic items change: keeps feedback_report_counts of the feedback of the topics touched (#40 item 15).';

CREATE FUNCTION private.topic_title(p_title text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_title is null or char_length(btrim(p_title)) not between 1 and 120 then
    raise exception 'A topic title has 1 to 120 characters.' using errcode = 'invalid_parameter_value';
  end if;
  return btrim(p_title);
end
$$;

CREATE FUNCTION public.add_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
begin
  return private.put_in_topic(v_topic, private.require_topic_feedback(v_topic.company_id, p_feedback_ids));
end
$$;

COMMENT ON FUNCTION public.add_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) IS 'Adds feedback to (or confirms suggested feedback of) one of the company''s topics; returns how many.';

CREATE FUNCTION public.create_topic(p_title text, p_feedback_ids uuid[]) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_ids uuid[] := private.require_topic_feedback(v_company_id, p_feedback_ids);
  v_topic public.feedback_topics;
begin
  insert into public.feedback_topics (company_id, title, created_by)
  values (v_company_id, private.topic_title(p_title), auth.uid())
  returning * into v_topic;
  perform private.put_in_topic(v_topic, v_ids);
  return v_topic.id;
end
$$;

COMMENT ON FUNCTION public.create_topic(p_title text, p_feedback_ids uuid[]) IS 'A member groups up to 500 feedback of the company''s verified domains into a new topic (confirming a proposal); returns its id.';

CREATE FUNCTION public.dismiss_topic_proposal(p_proposal_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  update private.topic_proposals p set dismissed_at = now(), dismissed_by = auth.uid()
   where p.id = p_proposal_id and p.company_id = v_company_id and p.dismissed_at is null;
  if not found then
    raise exception 'This proposal is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
end
$$;

COMMENT ON FUNCTION public.dismiss_topic_proposal(p_proposal_id uuid) IS 'A member dismisses a proposal: it is no longer listed and its feedback is not proposed again with it.';

-- The insights of the caller's company over the last p_weeks weeks (the
-- current one included). One JSON object; see docs/insights.md for its shape.
-- One definition of a topic's trend, read by Insights' rising topics, the topic
-- list and the weekly summary (#40 item 4): its confirmed feedback on the
-- company's verified domains by the day they were reported (not the day they
-- were put in the topic), the 7 days before p_until against the 7 before those.
CREATE FUNCTION private.topic_trends(p_company_id uuid, p_until timestamp with time zone) RETURNS TABLE(topic_id uuid, recent integer, previous integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select it.topic_id,
         (count(*) filter (where it.reported_at >= p_until - interval '7 days'))::integer,
         (count(*) filter (where it.reported_at < p_until - interval '7 days'))::integer
    from public.feedback_topic_items it
    join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
   where it.company_id = p_company_id and it.state = 'confirmed'
     and it.reported_at >= p_until - interval '14 days' and it.reported_at <= p_until
   group by it.topic_id
$$;

COMMENT ON FUNCTION private.topic_trends(p_company_id uuid, p_until timestamp with time zone) IS 'Per topic of a company: confirmed feedback (verified domains) reported in the 7 days before p_until (recent) and the 7 before those (previous). The one trend of Insights, the topic list and the weekly summary.';

-- A member who turns the weekly summary on can preview one (#40 item 20).
-- The content of a summary (counts by category, rising topics, the oldest
-- pending feedback, titles masked) is this one function, used by the queued
-- e-mail and by the preview, so both always say the same.
CREATE FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) RETURNS TABLE(arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (select jsonb_build_object(
                   'total', coalesce(sum(w.n), 0),
                   'bug', coalesce(sum(w.n) filter (where w.category = 'bug'), 0),
                   'feature', coalesce(sum(w.n) filter (where w.category = 'feature'), 0),
                   'improvement', coalesce(sum(w.n) filter (where w.category = 'improvement'), 0),
                   'other', coalesce(sum(w.n) filter (where w.category not in ('bug', 'feature', 'improvement')), 0))
            from private.company_insight_weeks w
           where w.company_id = p_company_id and w.week = p_week),
         (select coalesce(jsonb_agg(jsonb_build_object('title', t.title, 'recent', x.recent, 'previous', x.previous)
                                    order by x.recent - x.previous desc, t.title), '[]'::jsonb)
            from private.topic_trends(p_company_id, (p_week + 7)::timestamp at time zone 'UTC') x
            join public.feedback_topics t on t.id = x.topic_id
           where x.recent > x.previous),
         (select coalesce(jsonb_agg(jsonb_build_object('title', p.title, 'created_at', p.created_at)
                                    order by p.created_at, p.id), '[]'::jsonb)
            from (select f.id, private.mask_contact(f.title) as title, i.created_at
                    from private.company_inbox i
                    join public.feedback f on f.id = i.feedback_id
                   where i.company_id = p_company_id and i.status = 'pending'
                   order by i.created_at, i.feedback_id
                   limit 5) p)
$$;

COMMENT ON FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) IS 'What a weekly summary says for a company and week (a Monday, UTC): counts by category, rising topics, the five oldest pending titles (masked); never an author.';

CREATE FUNCTION public.get_company_insights(p_weeks integer DEFAULT 12) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_now timestamptz := now();
  v_first date;
  v_from timestamptz;
  v_weeks jsonb;
  v_totals record;
  v_completion jsonb;
  v_completion_weeks jsonb;
  v_top jsonb;
  v_topic record;
  v_cut record;
  v_count bigint;
  v_top_ids uuid[] := '{}'::uuid[];
  v_top_counts bigint[] := '{}'::bigint[];
  v_rising jsonb;
begin
  if p_weeks is null or p_weeks < 1 or p_weeks > 52 then
    raise exception 'Choose between 1 and 52 weeks.' using errcode = 'invalid_parameter_value',
      detail = format('%s weeks were asked for.', coalesce(p_weeks::text, 'No number of'));
  end if;
  v_first := private.insight_week(v_now) - 7 * (p_weeks - 1);
  v_from := v_first::timestamp at time zone 'UTC';

  select coalesce(jsonb_agg(jsonb_build_object(
           'week', w.week,
           'total', coalesce(s.total, 0),
           'answered', coalesce(s.answered, 0),
           'bug', coalesce(s.bug, 0), 'feature', coalesce(s.feature, 0),
           'improvement', coalesce(s.improvement, 0), 'other', coalesce(s.other, 0),
           'uncategorised', coalesce(s.uncategorised, 0),
           'positive', coalesce(s.positive, 0), 'neutral', coalesce(s.neutral, 0),
           'negative', coalesce(s.negative, 0), 'unknown', coalesce(s.unknown, 0)
         ) order by w.week), '[]'::jsonb)
    into v_weeks
    from (select (v_first + 7 * g)::date as week from generate_series(0, p_weeks - 1) g) w
    left join (
      select c.week,
             sum(c.n) as total,
             sum(c.n) filter (where c.answered) as answered,
             sum(c.n) filter (where c.category = 'bug') as bug,
             sum(c.n) filter (where c.category = 'feature') as feature,
             sum(c.n) filter (where c.category = 'improvement') as improvement,
             sum(c.n) filter (where c.category = 'other') as other,
             sum(c.n) filter (where c.category not in ('bug', 'feature', 'improvement', 'other')) as uncategorised,
             sum(c.n) filter (where c.sentiment = 'positive') as positive,
             sum(c.n) filter (where c.sentiment = 'neutral') as neutral,
             sum(c.n) filter (where c.sentiment = 'negative') as negative,
             sum(c.n) filter (where c.sentiment not in ('positive', 'neutral', 'negative')) as unknown
        from private.company_insight_weeks c
       where c.company_id = v_company.id and c.week >= v_first
       group by c.week
    ) s on s.week = w.week;

  select coalesce(sum(c.n), 0)::bigint as total,
         coalesce(sum(c.n) filter (where c.answered), 0)::bigint as answered
    into v_totals
    from private.company_insight_weeks c
   where c.company_id = v_company.id and c.week >= v_first;

  -- Completed in the period (whenever they arrived), hours from arrival:
  -- the period and each week in one pass over the partial index (grouping
  -- sets). The week is written out: a function with SET search_path is not
  -- inlined, and calling it per row cost 200 ms on 14,000 rows.
  with c as (
    select case when grouping(x.week) = 0 then x.week end as week, count(*) as completed,
           round((percentile_cont(0.5) within group (order by x.h))::numeric, 1) as median_hours,
           round((percentile_cont(0.75) within group (order by x.h))::numeric, 1) as p75_hours,
           grouping(x.week) = 1 as whole
      from (select date_trunc('week', i.completed_at at time zone 'UTC')::date as week,
                   extract(epoch from (i.completed_at - i.created_at)) / 3600.0 as h
              from private.company_inbox i
             where i.company_id = v_company.id and i.completed_at is not null
               and i.completed_at >= v_from) x
     group by grouping sets ((x.week), ())
  )
  select coalesce((select jsonb_build_object('completed', c.completed, 'median_hours', c.median_hours,
                                              'p75_hours', c.p75_hours) from c where c.whole),
                  jsonb_build_object('completed', 0, 'median_hours', null, 'p75_hours', null)),
         (select coalesce(jsonb_agg(jsonb_build_object(
                   'week', w.week, 'completed', coalesce(c.completed, 0),
                   'median_hours', c.median_hours, 'p75_hours', c.p75_hours) order by w.week), '[]'::jsonb)
            from (select (v_first + 7 * g)::date as week from generate_series(0, p_weeks - 1) g) w
            left join c on c.week = w.week and not c.whole)
    into v_completion, v_completion_weeks;

  -- Top topics: the 20 largest in the period (then the 5 with the most
  -- feedback and contributors), counting only feedback still on the
  -- company's verified domains (a row of company_inbox). Counting every item
  -- of a year through the inbox took 76 ms on 40,000 items; instead the
  -- items alone are counted per topic (an upper bound), and topics are
  -- checked against the inbox in that order until no topic left can enter
  -- the 20: a handful of checks unless domains were unverified.
  for v_topic in
    select it.topic_id, count(*) as upper_bound
      from public.feedback_topic_items it
     where it.company_id = v_company.id and it.state = 'confirmed' and it.reported_at >= v_from
     group by it.topic_id
     order by count(*) desc, it.topic_id
  loop
    if cardinality(v_top_ids) >= 20 then
      select x.n, x.id into v_cut from unnest(v_top_ids, v_top_counts) as x(id, n)
       order by x.n desc, x.id offset 19 limit 1;
      exit when v_cut.n > v_topic.upper_bound
             or (v_cut.n = v_topic.upper_bound and v_cut.id < v_topic.topic_id);
    end if;
    select count(*) into v_count
      from public.feedback_topic_items it
      join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
     where it.topic_id = v_topic.topic_id and it.state = 'confirmed' and it.reported_at >= v_from;
    if v_count > 0 then
      v_top_ids := v_top_ids || v_topic.topic_id;
      v_top_counts := v_top_counts || v_count;
    end if;
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', t.id, 'title', t.title, 'status', t.status,
           'feedback', x.feedback, 'contributors', x.contributors)
           order by x.feedback desc, x.contributors desc, t.title, t.id), '[]'::jsonb)
    into v_top
    from (
      select top.topic_id, top.feedback,
             (select count(distinct f.user_id)
                from public.feedback_topic_items it
                join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
                join public.feedback f on f.id = it.feedback_id
               where it.topic_id = top.topic_id and it.state = 'confirmed'
                 and it.reported_at >= v_from) as contributors
        from (select x.id as topic_id, x.n as feedback
                from unnest(v_top_ids, v_top_counts) as x(id, n)
               order by x.n desc, x.id
               limit 20) top
       order by top.feedback desc, contributors desc
       limit 5) x
    join public.feedback_topics t on t.id = x.topic_id;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', t.id, 'title', t.title, 'status', t.status,
           'recent', x.recent, 'previous', x.previous)
           order by x.recent - x.previous desc, x.recent desc, t.title, t.id), '[]'::jsonb)
    into v_rising
    from (select r.topic_id, r.recent, r.previous
            from private.topic_trends(v_company.id, v_now) r
           where r.recent > r.previous
           order by r.recent - r.previous desc
           limit 5) x
    join public.feedback_topics t on t.id = x.topic_id;

  return jsonb_build_object(
    'weeks', p_weeks,
    'from', v_first,
    'generated_at', v_now,
    'total', v_totals.total,
    'answered', v_totals.answered,
    'per_week', v_weeks,
    'completion', v_completion,
    'completion_per_week', v_completion_weeks,
    'top_topics', v_top,
    'rising_topics', v_rising);
end
$$;

COMMENT ON FUNCTION public.get_company_insights(p_weeks integer) IS 'Insights of the caller''s company (#22) over the last p_weeks (1..52) weeks: feedback per week by category and sentiment, answered share, median and p75 hours to completed, top and rising topics. Counts only feedback on its verified domains.';

CREATE FUNCTION public.get_company_topics(p_sort text DEFAULT 'contributors'::text, p_page integer DEFAULT 1, p_page_size integer DEFAULT 20) RETURNS TABLE(id uuid, title text, status text, feedback_count integer, contributor_count integer, votes integer, suggested_count integer, trend integer, last_added_at timestamp with time zone, updated_at timestamp with time zone, total_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_size integer := least(greatest(coalesce(p_page_size, 20), 1), 50);
  v_offset integer := (greatest(coalesce(p_page, 1), 1) - 1) * least(greatest(coalesce(p_page_size, 20), 1), 50);
  v_total bigint;
begin
  if coalesce(p_sort, 'contributors') not in ('contributors', 'votes', 'trend') then
    raise exception 'Sort topics by contributors, votes or trend.' using errcode = 'invalid_parameter_value';
  end if;
  if v_offset > 10000 then
    raise exception 'Page too far.' using errcode = 'invalid_parameter_value';
  end if;
  select count(*) into v_total from public.feedback_topics t where t.company_id = v_company_id;
  if coalesce(p_sort, 'contributors') = 'trend' then
    return query
      with recent as (
        select r.topic_id, r.recent - r.previous as trend
          from private.topic_trends(v_company_id, now()) r
      )
      select t.id, t.title, t.status, t.feedback_count, t.contributor_count, t.votes, t.suggested_count,
             coalesce(r.trend, 0), t.last_added_at, t.updated_at, v_total
        from public.feedback_topics t
        left join recent r on r.topic_id = t.id
       where t.company_id = v_company_id
       order by coalesce(r.trend, 0) desc, t.contributor_count desc, t.id
       limit v_size offset v_offset;
    return;
  end if;
  return query
    with page as (
      select t.* from public.feedback_topics t
       where t.company_id = v_company_id
       order by case when p_sort = 'votes' then t.votes else t.contributor_count end desc,
                case when p_sort = 'votes' then t.contributor_count else t.votes end desc, t.id
       limit v_size offset v_offset
    )
    select p.id, p.title, p.status, p.feedback_count, p.contributor_count, p.votes, p.suggested_count,
           coalesce(r.recent - r.previous, 0),
           p.last_added_at, p.updated_at, v_total
      from page p
      left join private.topic_trends(v_company_id, now()) r on r.topic_id = p.id
     order by case when p_sort = 'votes' then p.votes else p.contributor_count end desc,
              case when p_sort = 'votes' then p.contributor_count else p.votes end desc, p.id;
end
$$;

COMMENT ON FUNCTION public.get_company_topics(p_sort text, p_page integer, p_page_size integer) IS 'The caller''s company topics with kept counts (feedback, distinct contributors, votes, suggested) and trend (private.topic_trends: reported in the last 7 days minus the 7 before), sorted by contributors, votes or trend; at most 50 per page.';

CREATE FUNCTION public.get_feedback_topic(p_feedback_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
begin
  return (select jsonb_build_object('topic_id', t.id, 'title', t.title, 'state', i.state)
            from public.feedback_topic_items i join public.feedback_topics t on t.id = i.topic_id
           where i.company_id = v_company_id and i.feedback_id = p_feedback_id);
end
$$;

COMMENT ON FUNCTION public.get_feedback_topic(p_feedback_id uuid) IS 'The topic a feedback of the caller''s company is in (id, title, suggested or confirmed), or null.';

-- The author's side: how many others reported the same thing (never who).
CREATE FUNCTION public.get_my_topic_counts(p_feedback_ids uuid[]) RETURNS TABLE(feedback_id uuid, others integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.feedback_id, r.others
    from private.reported_by_others((p_feedback_ids)[1:200]) r
   where r.user_id = auth.uid() and r.others > 0
$$;

COMMENT ON FUNCTION public.get_my_topic_counts(p_feedback_ids uuid[]) IS 'For the caller''s own feedback (at most 200) in a company topic: how many other contributors the topic has (a count, never who).';

-- The public page's data: null for an unknown or opted-out slug.
CREATE FUNCTION public.get_public_changes(p_slug text, p_limit integer DEFAULT 20, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.get_public_changes(p_slug text, p_limit integer, p_before timestamp with time zone) IS 'Anyone: the "You said, we did" page of an opted-in company (its name; per published completed topic the public title, note, completion date and the number of people who reported it), newest first, at most 50 per call before p_before; null when the slug is unknown or off.';

CREATE FUNCTION public.get_topic(p_topic_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
begin
  return jsonb_build_object(
    'id', v_topic.id, 'title', v_topic.title, 'status', v_topic.status,
    'feedback_count', v_topic.feedback_count, 'contributor_count', v_topic.contributor_count,
    'votes', v_topic.votes, 'suggested_count', v_topic.suggested_count,
    'created_at', v_topic.created_at, 'completed_at', v_topic.completed_at,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
               'feedback_id', f.id, 'title', private.mask_contact(f.title), 'status', f.status,
               'total_votes', f.total_votes, 'created_at', f.created_at, 'website_host', f.website_host,
               'state', i.state, 'score', i.score)
             order by i.state desc, f.created_at desc)
        from public.feedback_topic_items i join public.feedback f on f.id = i.feedback_id
        -- Never feedback of a domain the company no longer has verified.
        join private.company_inbox ci on ci.company_id = v_topic.company_id and ci.feedback_id = i.feedback_id
       where i.topic_id = v_topic.id), '[]'));
end
$$;

COMMENT ON FUNCTION public.get_topic(p_topic_id uuid) IS 'One topic of the caller''s company with its feedback (title masked, status, votes, state), confirmed first; no more text than the inbox list.';

-- What one e-mail says, for the job function only. No row: opted out, or
-- the feedback is gone.
CREATE FUNCTION public.get_topic_completion_email(p_job_id bigint) RETURNS TABLE(email text, company_name text, feedback_id uuid, title text, xp integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, c.company_name, n.feedback_id, n.title, n.xp
    from private.topic_completion_emails q
    join private.topic_completion_notices n on n.topic_id = q.topic_id and n.user_id = q.user_id
    join public.feedback_topics t on t.id = q.topic_id
    join public.companies c on c.id = t.company_id
    join public.profiles p on p.id = q.user_id
    join auth.users u on u.id = q.user_id
   where q.id = p_job_id and p.email_on_topic_completed and u.email is not null
     and n.feedback_id is not null
$$;

COMMENT ON FUNCTION public.get_topic_completion_email(p_job_id bigint) IS 'Service role: the content of a queued "completed" e-mail (address, company, title, XP, feedback); no row when the contributor opted out or the feedback is gone.';

CREATE FUNCTION public.get_topic_proposals(p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, title text, feedback_ids uuid[], feedback_count integer, updated_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  return query
    select p.id,
           (select private.mask_contact(f.title) from private.topic_proposal_members m
              join public.feedback f on f.id = m.feedback_id
             where m.proposal_id = p.id order by f.created_at, f.id limit 1),
           array(select m.feedback_id from private.topic_proposal_members m
                   where m.proposal_id = p.id order by m.added_at, m.feedback_id limit 500),
           (select count(*)::integer from private.topic_proposal_members m where m.proposal_id = p.id),
           p.updated_at
      from private.topic_proposals p
     where p.company_id = v_company_id and p.dismissed_at is null
       and (select count(*) from private.topic_proposal_members m where m.proposal_id = p.id) >= 2
     order by 4 desc, p.updated_at desc
     limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;

COMMENT ON FUNCTION public.get_topic_proposals(p_limit integer) IS 'Open proposals of the caller''s company: groups of at least two similar feedback in no topic, with a proposed title (the earliest one''s), their ids and count.';

CREATE FUNCTION public.get_weekly_summary() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  -- Always checked first: only a company member has a choice to read.
  v_company public.companies := private.require_company(null);
begin
  return (select m.weekly_summary from public.company_members m
           where m.user_id = auth.uid() and m.company_id = v_company.id);
end
$$;

COMMENT ON FUNCTION public.get_weekly_summary() IS 'The caller''s own weekly summary choice in their company (#22).';

-- What one e-mail says. No row: the member left or turned it off.
CREATE FUNCTION public.get_weekly_summary_email(p_job_id bigint) RETURNS TABLE(email text, company_name text, week date, arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, c.company_name, q.week, s.arrived, s.rising, s.waiting
    from private.weekly_summary_emails q
    join public.company_members m on m.company_id = q.company_id and m.user_id = q.user_id
    join public.companies c on c.id = q.company_id
    join auth.users u on u.id = q.user_id
    cross join lateral private.weekly_summary_content(q.company_id, q.week) s
   where q.id = p_job_id and m.weekly_summary and u.email is not null
$$;

COMMENT ON FUNCTION public.get_weekly_summary_email(p_job_id bigint) IS 'Service role: the content of a queued weekly summary (address, company, counts by category, rising topics, oldest pending titles); no row when the member left or opted out.';

CREATE FUNCTION public.merge_topics(p_topic_id uuid, p_other_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_other public.feedback_topics := private.require_topic(p_other_id);
  v_count integer;
begin
  if v_topic.id = v_other.id then
    raise exception 'Choose another topic to merge.' using errcode = 'invalid_parameter_value';
  end if;
  if (select count(*) from public.feedback_topic_items i where i.topic_id in (v_topic.id, v_other.id)) > 1000 then
    raise exception 'A topic holds at most 1000 feedback.' using errcode = 'invalid_parameter_value';
  end if;
  update public.feedback_topic_items i set topic_id = v_topic.id where i.topic_id = v_other.id;
  get diagnostics v_count = row_count;
  delete from public.feedback_topics t where t.id = v_other.id;
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_count;
end
$$;

COMMENT ON FUNCTION public.merge_topics(p_topic_id uuid, p_other_id uuid) IS 'Moves every feedback of the other topic into the first (which keeps its title and status) and deletes the other; returns how many moved.';

CREATE FUNCTION public.preview_weekly_summary() RETURNS TABLE(company_name text, week date, arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  -- Last complete week (Monday, UTC): the one Monday's e-mail is about.
  v_week date := (date_trunc('week', now() at time zone 'UTC') - interval '7 days')::date;
begin
  perform private.check_rate_limit('preview_weekly_summary', 30, 120, interval '10 minutes',
    'Too many previews. Please wait a few minutes.');
  return query
    select v_company.company_name, v_week, s.arrived, s.rising, s.waiting
      from private.weekly_summary_content(v_company.id, v_week) s;
end
$$;

COMMENT ON FUNCTION public.preview_weekly_summary() IS 'Any member: the weekly summary of their company for the last complete week, as the e-mail would say it today (no address, never an author); 30 per account and 120 per address per 10 minutes.';

CREATE FUNCTION public.publish_topic(p_topic_id uuid, p_public_title text, p_public_note text DEFAULT NULL::text) RETURNS TABLE(id uuid, public_title text, public_note text, published_at timestamp with time zone)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION public.publish_topic(p_topic_id uuid, p_public_title text, p_public_note text) IS 'A member shows a completed topic of their company on its public page with a public title and an optional note (plain text, contact details masked); re-publishing edits the texts.';

-- The week that ended before p_now: one job per opted-in member; again in
-- the same week adds none. Returns how many were added.
CREATE FUNCTION public.queue_weekly_summaries(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_week date := private.insight_week(coalesce(p_now, now())) - 7;
  v_count integer;
begin
  insert into private.weekly_summary_emails (company_id, user_id, week)
  select m.company_id, m.user_id, v_week
    from public.company_members m
   where m.weekly_summary
  on conflict (company_id, user_id, week) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

COMMENT ON FUNCTION public.queue_weekly_summaries(p_now timestamp with time zone) IS 'Service role: queues the weekly summary of the week before p_now for every opted-in member, once per member and week.';

CREATE FUNCTION public.record_topic_placement(p_feedback_id uuid, p_company_id uuid, p_placement jsonb) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_kind text := p_placement ->> 'kind';
  v_topic uuid;
  v_proposal uuid;
  v_members uuid[];
  v_created timestamptz;
begin
  if not exists (select 1 from private.company_inbox i
                  where i.company_id = p_company_id and i.feedback_id = p_feedback_id) then
    raise exception 'This feedback is not on the company''s verified domains.' using errcode = 'insufficient_privilege';
  end if;
  -- Already placed (a member was faster, or the job ran twice): nothing to do.
  if exists (select 1 from public.feedback_topic_items i
              where i.company_id = p_company_id and i.feedback_id = p_feedback_id) then
    return 'placed';
  end if;
  select f.created_at into v_created from public.feedback f where f.id = p_feedback_id;
  if v_kind = 'topic' then
    v_topic := (p_placement ->> 'topicId')::uuid;
    if not exists (select 1 from public.feedback_topics t where t.id = v_topic and t.company_id = p_company_id) then
      raise exception 'No such topic in this company.' using errcode = 'PT404';
    end if;
    if (select t.feedback_count + t.suggested_count from public.feedback_topics t where t.id = v_topic) >= 1000 then
      return 'full';
    end if;
    delete from private.topic_proposal_members m where m.company_id = p_company_id and m.feedback_id = p_feedback_id;
    insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state, score, reported_at)
    values (p_company_id, p_feedback_id, v_topic, 'suggested', (p_placement ->> 'score')::real, v_created);
    return 'topic';
  elsif v_kind = 'proposal' then
    if exists (select 1 from private.topic_proposal_members m
                where m.company_id = p_company_id and m.feedback_id = p_feedback_id) then
      return 'placed';
    end if;
    v_proposal := (p_placement ->> 'proposalId')::uuid;
    if v_proposal is not null and not exists (
      select 1 from private.topic_proposals p
       where p.id = v_proposal and p.company_id = p_company_id and p.dismissed_at is null) then
      raise exception 'No such open proposal in this company.' using errcode = 'PT404';
    end if;
    -- Members: on the company's domains, in no topic and no proposal yet.
    v_members := array(
      select (m ->> 'feedbackId')::uuid
        from jsonb_array_elements(coalesce(p_placement -> 'members', '[]')) as m
       where exists (select 1 from private.company_inbox i
                      where i.company_id = p_company_id and i.feedback_id = (m ->> 'feedbackId')::uuid)
         and not exists (select 1 from public.feedback_topic_items i
                          where i.company_id = p_company_id and i.feedback_id = (m ->> 'feedbackId')::uuid)
         and not exists (select 1 from private.topic_proposal_members pm
                          where pm.company_id = p_company_id and pm.feedback_id = (m ->> 'feedbackId')::uuid)
       limit 100);
    if v_proposal is null then
      if cardinality(v_members) = 0 then
        return 'none';
      end if;
      insert into private.topic_proposals (company_id) values (p_company_id) returning id into v_proposal;
    else
      update private.topic_proposals p set updated_at = now() where p.id = v_proposal;
    end if;
    insert into private.topic_proposal_members (company_id, feedback_id, proposal_id, score)
    select p_company_id, m, v_proposal, null::real from unnest(v_members) as m
    union all
    select p_company_id, p_feedback_id, v_proposal, null::real
    on conflict do nothing;
    return 'proposal';
  end if;
  return 'none';
end
$$;

COMMENT ON FUNCTION public.record_topic_placement(p_feedback_id uuid, p_company_id uuid, p_placement jsonb) IS 'Server-only (service role, the AI job): stores where placeFeedback put a feedback in a company: a suggested item of a confirmed topic, or a proposal (existing or new) with its similar unassigned feedback (#22).';

CREATE FUNCTION public.remove_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_ids uuid[] := private.require_topic_feedback(v_topic.company_id, p_feedback_ids);
  v_count integer;
begin
  delete from public.feedback_topic_items i where i.topic_id = v_topic.id and i.feedback_id = any(v_ids);
  get diagnostics v_count = row_count;
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_count;
end
$$;

COMMENT ON FUNCTION public.remove_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) IS 'Takes feedback out of a topic (rejects a suggestion, or splits it out into no topic); returns how many.';

CREATE FUNCTION public.rename_topic(p_topic_id uuid, p_title text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_title text := private.topic_title(p_title);
begin
  update public.feedback_topics t set title = v_title, updated_at = now() where t.id = v_topic.id;
  return v_title;
end
$$;

CREATE FUNCTION public.set_public_page(p_slug text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

COMMENT ON FUNCTION public.set_public_page(p_slug text) IS 'Owner/admin: turns the company''s public "You said, we did" page on at /changes/<slug> (validated, unique, not reserved) or off (null or empty).';

CREATE FUNCTION public.set_topic_status(p_topic_id uuid, p_status text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_row record;
  v_changed integer := 0;
begin
  if p_status is null or p_status not in ('read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown topic status "%".', left(coalesce(p_status, 'null'), 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: read, in_progress, completed, rejected.';
  end if;
  if v_topic.status <> 'pending' and v_topic.status <> p_status
     and not private.can_transition(v_topic.status, p_status) then
    raise exception 'A topic cannot move from % to %.', v_topic.status, p_status
      using errcode = 'invalid_parameter_value', hint = 'pending → read → in_progress, completed or rejected.';
  end if;
  for v_row in
    select f.id, f.status from public.feedback_topic_items i join public.feedback f on f.id = i.feedback_id
      -- Only feedback still on the company's verified domains (a domain may have been removed).
      join private.company_inbox ci on ci.company_id = v_topic.company_id and ci.feedback_id = i.feedback_id
     where i.topic_id = v_topic.id and i.state = 'confirmed'
     order by f.created_at
  loop
    if v_row.status = p_status then
      continue;
    end if;
    if v_row.status = 'pending' and p_status <> 'read' then
      perform public.update_feedback_status(v_row.id, 'read');
      v_row.status := 'read';
    end if;
    if private.can_transition(v_row.status, p_status) then
      perform public.update_feedback_status(v_row.id, p_status);
      v_changed := v_changed + 1;
    end if;
  end loop;
  update public.feedback_topics t
     set status = p_status, status_changed_at = now(), updated_at = now(),
         completed_at = case when p_status = 'completed' then now() else t.completed_at end
   where t.id = v_topic.id;
  return v_changed;
end
$$;

COMMENT ON FUNCTION public.set_topic_status(p_topic_id uuid, p_status text) IS 'Sets a topic''s status and moves each confirmed feedback in it through update_feedback_status (notification and XP per author, as a single change); returns how many feedback moved.';

CREATE FUNCTION public.set_weekly_summary(p_on boolean) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  if p_on is null then
    raise exception 'Say whether you want the weekly summary (true or false).'
      using errcode = 'invalid_parameter_value';
  end if;
  update public.company_members m set weekly_summary = p_on
   where m.company_id = v_company.id and m.user_id = auth.uid();
  return p_on;
end
$$;

COMMENT ON FUNCTION public.set_weekly_summary(p_on boolean) IS 'Turns the caller''s own weekly e-mail summary on or off (#22); nobody else can.';

CREATE FUNCTION public.split_topic(p_topic_id uuid, p_feedback_ids uuid[], p_new_title text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_ids uuid[] := private.require_topic_feedback(v_topic.company_id, p_feedback_ids);
  v_new public.feedback_topics;
begin
  if exists (select 1 from unnest(v_ids) as x
              where not exists (select 1 from public.feedback_topic_items i
                                 where i.topic_id = v_topic.id and i.feedback_id = x)) then
    raise exception 'Only feedback of this topic can be split out of it.' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.feedback_topics (company_id, title, created_by, status)
  values (v_topic.company_id, private.topic_title(p_new_title), auth.uid(), v_topic.status)
  returning * into v_new;
  update public.feedback_topic_items i set topic_id = v_new.id, state = 'confirmed', added_by = auth.uid()
   where i.topic_id = v_topic.id and i.feedback_id = any(v_ids);
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_new.id;
end
$$;

COMMENT ON FUNCTION public.split_topic(p_topic_id uuid, p_feedback_ids uuid[], p_new_title text) IS 'Moves feedback of a topic into a new topic (same status) with the given title; returns its id. remove_topic_items splits into no topic.';

CREATE FUNCTION public.topic_candidates(p_feedback_id uuid, p_terms text[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_feedback public.feedback;
  v_terms text[];
  v_company uuid;
  v_out jsonb := '[]'::jsonb;
  v_candidates jsonb;
begin
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  if not found or coalesce(v_feedback.is_spam, false) then
    return v_out;
  end if;
  -- At most 40 distinct, short terms: a bounded number of index range reads.
  v_terms := array(select distinct left(t, 60) from unnest(coalesce(p_terms, '{}')) as t
                    where t is not null and t <> '' limit 40);
  for v_company in
    select i.company_id from private.company_inbox i where i.feedback_id = p_feedback_id
  loop
    insert into private.feedback_topic_terms (company_id, feedback_id, term, created_at)
    select v_company, p_feedback_id, t, v_feedback.created_at from unnest(v_terms) as t
    on conflict do nothing;
    with post as (
      select p.feedback_id
        from unnest(v_terms) as t(term)
        cross join lateral (
          select x.feedback_id from private.feedback_topic_terms x
           where x.company_id = v_company and x.term = t.term and x.feedback_id <> p_feedback_id
           order by x.created_at desc
           limit 200) p
    ), top as (
      select p.feedback_id, count(*) as n from post p
       group by p.feedback_id
       order by count(*) desc, p.feedback_id
       limit 50
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'feedbackId', f.id,
             'text', coalesce(f.title, '') || E'\n' || coalesce(f.raw_description, f.description, ''),
             'topicId', i.topic_id,
             'topicState', i.state,
             'proposalId', case when pr.dismissed_at is null then pm.proposal_id end,
             'clustered', pm.proposal_id is not null) order by top.n desc), '[]')
      into v_candidates
      from top
      join public.feedback f on f.id = top.feedback_id and not coalesce(f.is_spam, false)
      left join public.feedback_topic_items i on i.company_id = v_company and i.feedback_id = f.id
      left join private.topic_proposal_members pm on pm.company_id = v_company and pm.feedback_id = f.id
      left join private.topic_proposals pr on pr.id = pm.proposal_id;
    v_out := v_out || jsonb_build_array(jsonb_build_object('companyId', v_company, 'candidates', v_candidates));
  end loop;
  return v_out;
end
$$;

COMMENT ON FUNCTION public.topic_candidates(p_feedback_id uuid, p_terms text[]) IS 'Server-only (service role, the AI job): stores a feedback''s content terms for each company whose verified domains it is on and returns, per company, up to 50 candidates sharing the most terms with their text, topic and open proposal (#22).';

CREATE FUNCTION public.unpublish_topic(p_topic_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics := private.own_topic_for_update(p_topic_id);
begin
  update public.feedback_topics t set published_at = null, updated_at = now()
   where t.id = v_topic.id and t.published_at is not null;
  return found;
end
$$;

COMMENT ON FUNCTION public.unpublish_topic(p_topic_id uuid) IS 'A member takes a topic of their company off its public page (its public texts are kept for a later re-publish).';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER company_inbox_fill BEFORE INSERT ON private.company_inbox FOR EACH ROW EXECUTE FUNCTION private.company_inbox_fill();

CREATE TRIGGER company_inbox_insight_delete AFTER DELETE ON private.company_inbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.insight_counted_delete();

CREATE TRIGGER company_inbox_insight_insert AFTER INSERT ON private.company_inbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.insight_counted_insert();

CREATE TRIGGER company_inbox_insight_update AFTER UPDATE ON private.company_inbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.insight_counted_update();

CREATE TRIGGER feedback_insights_update AFTER UPDATE OF sentiment, status, status_changed_at ON public.feedback FOR EACH ROW WHEN (((new.sentiment IS DISTINCT FROM old.sentiment) OR (new.status IS DISTINCT FROM old.status) OR (new.status_changed_at IS DISTINCT FROM old.status_changed_at))) EXECUTE FUNCTION private.feedback_insights();

CREATE TRIGGER feedback_messages_insights_delete AFTER DELETE ON public.feedback_messages FOR EACH ROW WHEN ((NOT old.from_author)) EXECUTE FUNCTION private.message_insights();

CREATE TRIGGER feedback_messages_insights_insert AFTER INSERT ON public.feedback_messages FOR EACH ROW WHEN ((NOT new.from_author)) EXECUTE FUNCTION private.message_insights();

CREATE TRIGGER feedback_topic_items_counted_delete AFTER DELETE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_counted();

CREATE TRIGGER feedback_topic_items_counted_insert AFTER INSERT ON public.feedback_topic_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_counted();

CREATE TRIGGER feedback_topic_items_counted_update AFTER UPDATE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_counted();

CREATE TRIGGER feedback_topic_items_report_counts_delete AFTER DELETE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();

CREATE TRIGGER feedback_topic_items_report_counts_insert AFTER INSERT ON public.feedback_topic_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();

CREATE TRIGGER feedback_topic_items_report_counts_update AFTER UPDATE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();

CREATE TRIGGER feedback_topic_votes AFTER UPDATE OF total_votes ON public.feedback FOR EACH ROW WHEN ((new.total_votes IS DISTINCT FROM old.total_votes)) EXECUTE FUNCTION private.feedback_topic_votes();

CREATE CONSTRAINT TRIGGER feedback_topics_notify_completed AFTER INSERT OR UPDATE OF status ON public.feedback_topics DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.status = 'completed'::text)) EXECUTE FUNCTION private.notify_topic_contributors();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.feedback_topic_items FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.feedback_topics FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Authors read their own report counts" ON public.feedback_report_counts FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Members read their company's topic items" ON public.feedback_topic_items FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members read their company's topics" ON public.feedback_topics FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

-- ---------- realtime -------------------------------------------------------

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback_report_counts;

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.clean_public_text(p_text text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_inbox_fill() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_insights() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_topic_votes() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.insight_answered(p_replied boolean, p_status text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.insight_counted_delete() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.insight_counted_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.insight_counted_update() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.insight_week(p_at timestamp with time zone) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.message_insights() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.notify_topic_contributors() FROM PUBLIC;

REVOKE ALL ON TABLE public.feedback_topics FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_topics TO service_role;
GRANT SELECT ON TABLE public.feedback_topics TO authenticated;

REVOKE ALL ON FUNCTION private.own_topic_for_update(p_topic_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.put_in_topic(p_topic public.feedback_topics, p_ids uuid[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.refresh_topic_counts(p_topic_ids uuid[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.reported_by_others(p_feedback_ids uuid[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_topic(p_topic_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_topic_feedback(p_company_id uuid, p_feedback_ids uuid[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.reserved_public_slug(p_slug text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.topic_items_counted() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.topic_items_report_counts() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.topic_title(p_title text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.add_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.add_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.create_topic(p_title text, p_feedback_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_topic(p_title text, p_feedback_ids uuid[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.dismiss_topic_proposal(p_proposal_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.dismiss_topic_proposal(p_proposal_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_insights(p_weeks integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_insights(p_weeks integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_topics(p_sort text, p_page integer, p_page_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_topics(p_sort text, p_page integer, p_page_size integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_feedback_topic(p_feedback_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_feedback_topic(p_feedback_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_my_topic_counts(p_feedback_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_my_topic_counts(p_feedback_ids uuid[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_public_changes(p_slug text, p_limit integer, p_before timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_public_changes(p_slug text, p_limit integer, p_before timestamp with time zone) TO service_role, anon, authenticated;

REVOKE ALL ON FUNCTION public.get_topic(p_topic_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_topic(p_topic_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_topic_completion_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_topic_completion_email(p_job_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.get_topic_proposals(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_topic_proposals(p_limit integer) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_weekly_summary() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_weekly_summary() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_weekly_summary_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_weekly_summary_email(p_job_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.merge_topics(p_topic_id uuid, p_other_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.merge_topics(p_topic_id uuid, p_other_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.preview_weekly_summary() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.preview_weekly_summary() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.publish_topic(p_topic_id uuid, p_public_title text, p_public_note text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.publish_topic(p_topic_id uuid, p_public_title text, p_public_note text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.queue_weekly_summaries(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.queue_weekly_summaries(p_now timestamp with time zone) TO service_role;

REVOKE ALL ON FUNCTION public.record_topic_placement(p_feedback_id uuid, p_company_id uuid, p_placement jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_topic_placement(p_feedback_id uuid, p_company_id uuid, p_placement jsonb) TO service_role;

REVOKE ALL ON FUNCTION public.remove_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.remove_topic_items(p_topic_id uuid, p_feedback_ids uuid[]) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.rename_topic(p_topic_id uuid, p_title text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.rename_topic(p_topic_id uuid, p_title text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_public_page(p_slug text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_public_page(p_slug text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_topic_status(p_topic_id uuid, p_status text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_topic_status(p_topic_id uuid, p_status text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_weekly_summary(p_on boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_weekly_summary(p_on boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.split_topic(p_topic_id uuid, p_feedback_ids uuid[], p_new_title text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.split_topic(p_topic_id uuid, p_feedback_ids uuid[], p_new_title text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.topic_candidates(p_feedback_id uuid, p_terms text[]) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.topic_candidates(p_feedback_id uuid, p_terms text[]) TO service_role;

REVOKE ALL ON FUNCTION public.unpublish_topic(p_topic_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.unpublish_topic(p_topic_id uuid) TO service_role, authenticated;

GRANT ALL ON TABLE private.company_insight_weeks TO service_role;

GRANT ALL ON TABLE private.feedback_topic_terms TO service_role;

GRANT ALL ON TABLE private.topic_proposal_members TO service_role;

GRANT ALL ON TABLE private.topic_proposals TO service_role;

GRANT ALL ON TABLE private.weekly_summary_emails TO service_role;

REVOKE ALL ON TABLE public.feedback_topic_items FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_topic_items TO service_role;
GRANT SELECT ON TABLE public.feedback_topic_items TO authenticated;

REVOKE ALL ON TABLE public.feedback_report_counts FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE public.feedback_report_counts TO authenticated;
GRANT ALL ON TABLE public.feedback_report_counts TO service_role;
