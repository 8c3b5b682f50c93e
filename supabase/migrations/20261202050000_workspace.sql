-- =============================================================================
-- The company workspace: members and seats, invitations, the anonymous
-- thread, triage, the inbox, MFA for company data
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE private.company_inbox (
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    website_host text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    votes integer DEFAULT 0 NOT NULL,
    category text,
    status text,
    ai_rank smallint DEFAULT 3 NOT NULL,
    team_rank smallint,
    assignee_id uuid,
    unanswered boolean DEFAULT true NOT NULL,
    rank_all smallint GENERATED ALWAYS AS (COALESCE(team_rank, ai_rank)) STORED,
    rank_known smallint GENERATED ALWAYS AS (COALESCE((team_rank)::integer, 3)) STORED,
    sentiment text,
    replied boolean DEFAULT false NOT NULL,
    completed_at timestamp with time zone
);

COMMENT ON TABLE private.company_inbox IS 'One row per company and feedback on its verified domains: what get_company_inbox sorts and filters by, kept by triggers (#21 speed). Read only by get_company_inbox.';

ALTER TABLE ONLY private.company_inbox
    ADD CONSTRAINT company_inbox_pkey PRIMARY KEY (company_id, feedback_id);

CREATE INDEX company_inbox_assignee_idx ON private.company_inbox USING btree (company_id, assignee_id, created_at DESC, feedback_id DESC) WHERE (assignee_id IS NOT NULL);

CREATE INDEX company_inbox_completed_idx ON private.company_inbox USING btree (company_id, completed_at) INCLUDE (created_at) WHERE (completed_at IS NOT NULL);

CREATE INDEX company_inbox_feedback_idx ON private.company_inbox USING btree (feedback_id);

CREATE INDEX company_inbox_newest_idx ON private.company_inbox USING btree (company_id, created_at DESC, feedback_id DESC);

CREATE INDEX company_inbox_rank_all_idx ON private.company_inbox USING btree (company_id, rank_all, created_at DESC, feedback_id DESC);

CREATE INDEX company_inbox_rank_known_idx ON private.company_inbox USING btree (company_id, rank_known, created_at DESC, feedback_id DESC);

CREATE INDEX company_inbox_unanswered_idx ON private.company_inbox USING btree (company_id, created_at DESC, feedback_id DESC) WHERE unanswered;

CREATE INDEX company_inbox_votes_idx ON private.company_inbox USING btree (company_id, votes DESC, created_at DESC, feedback_id DESC);

ALTER TABLE private.company_inbox ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_notes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    author_id uuid,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_notes_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 2000)))
);

COMMENT ON TABLE public.feedback_notes IS 'Internal notes of a company''s members on a feedback; never shown to the author. Written by add_feedback_note.';

ALTER TABLE ONLY public.feedback_notes
    ADD CONSTRAINT feedback_notes_pkey PRIMARY KEY (id);

CREATE INDEX feedback_notes_author_idx ON public.feedback_notes USING btree (author_id) WHERE (author_id IS NOT NULL);

CREATE INDEX feedback_notes_feedback_id_idx ON public.feedback_notes USING btree (feedback_id);

CREATE INDEX feedback_notes_feedback_idx ON public.feedback_notes USING btree (company_id, feedback_id, created_at);

ALTER TABLE public.feedback_notes ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    feedback_id uuid NOT NULL,
    company_id uuid NOT NULL,
    company_name text NOT NULL,
    from_author boolean NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    read_at timestamp with time zone,
    answered_at timestamp with time zone,
    points_awarded integer DEFAULT 0 NOT NULL,
    CONSTRAINT feedback_messages_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 4000)))
);

COMMENT ON TABLE public.feedback_messages IS 'Threads between a company and the anonymous author of a feedback: no user ids; text masked; written only by post_company_message and post_author_reply.';

COMMENT ON COLUMN public.feedback_messages.from_author IS 'True for the author''s answers, false for the company''s questions.';

COMMENT ON COLUMN public.feedback_messages.read_at IS 'When the other side read it (mark_thread_read).';

COMMENT ON COLUMN public.feedback_messages.answered_at IS 'On a company question: when the author first answered after it.';

COMMENT ON COLUMN public.feedback_messages.points_awarded IS 'On an answer: the question_answered XP it earned.';

ALTER TABLE ONLY public.feedback_messages
    ADD CONSTRAINT feedback_messages_pkey PRIMARY KEY (id);

CREATE INDEX feedback_messages_company_idx ON public.feedback_messages USING btree (company_id, feedback_id) WHERE (from_author AND (read_at IS NULL));

CREATE INDEX feedback_messages_thread_idx ON public.feedback_messages USING btree (feedback_id, company_id, created_at);

ALTER TABLE public.feedback_messages ENABLE ROW LEVEL SECURITY;

-- Masking protects authors, and only them (#40 item 3): an author's reply
-- stays masked in feedback_messages, which the company reads (and Realtime
-- delivers); the author's own words are kept beside it here, which only the
-- author can read. A company's own text (its messages, its public page) is
-- the company's and is not masked.
CREATE TABLE public.feedback_message_originals (
    message_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    body text NOT NULL
);

COMMENT ON TABLE public.feedback_message_originals IS 'An author''s reply as they wrote it, where the thread''s copy is masked for the company; readable by that author only, written only by post_author_reply.';

ALTER TABLE ONLY public.feedback_message_originals
    ADD CONSTRAINT feedback_message_originals_pkey PRIMARY KEY (message_id);

CREATE INDEX feedback_message_originals_feedback_id_idx ON public.feedback_message_originals USING btree (feedback_id);

ALTER TABLE public.feedback_message_originals ENABLE ROW LEVEL SECURITY;

-- The totals: per company, the rows of each combination of the filters that
-- are not dates or search (host, assignee, unanswered, category, status),
-- kept set-wise by statement triggers; a total sums a few dozen cells
-- instead of counting 100,000 index entries (125 ms). With a date or a
-- search the total is counted over the matching rows.
CREATE TABLE private.company_inbox_counts (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    website_host text NOT NULL,
    assignee_id uuid,
    unanswered boolean NOT NULL,
    category text DEFAULT ''::text NOT NULL,
    status text DEFAULT ''::text NOT NULL,
    n bigint DEFAULT 0 NOT NULL
);

COMMENT ON TABLE private.company_inbox_counts IS 'Rows of private.company_inbox per company and (host, assignee, unanswered, category, status): the totals of get_company_inbox without date or search filters.';

ALTER TABLE private.company_inbox_counts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_inbox_counts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_inbox_counts
    ADD CONSTRAINT company_inbox_counts_cell UNIQUE NULLS NOT DISTINCT (company_id, website_host, assignee_id, unanswered, category, status);

ALTER TABLE ONLY private.company_inbox_counts
    ADD CONSTRAINT company_inbox_counts_pkey PRIMARY KEY (id);

ALTER TABLE private.company_inbox_counts ENABLE ROW LEVEL SECURITY;

-- The invitation e-mails to send (the backend's mail job); the token is
-- forgotten once the mail is written.
CREATE TABLE private.company_invitation_emails (
    id bigint NOT NULL,
    invitation_id uuid NOT NULL,
    token text,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE private.company_invitation_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_invitation_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_invitation_emails
    ADD CONSTRAINT company_invitation_emails_pkey PRIMARY KEY (id);

CREATE INDEX company_invitation_emails_invitation ON private.company_invitation_emails USING btree (invitation_id);

ALTER TABLE private.company_invitation_emails ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_message_emails (
    id bigint NOT NULL,
    feedback_id uuid NOT NULL,
    company_id uuid NOT NULL,
    first_message_at timestamp with time zone NOT NULL,
    last_message_at timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_message_emails_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.company_message_emails IS 'E-mails to opted-in authors about company messages in a thread, one pending per thread (the throttle). Claimed by send-message-emails.';

ALTER TABLE private.company_message_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_message_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_message_emails
    ADD CONSTRAINT company_message_emails_pkey PRIMARY KEY (id);

CREATE INDEX company_message_emails_company ON private.company_message_emails USING btree (company_id);

CREATE INDEX company_message_emails_due ON private.company_message_emails USING btree (status, run_after);

CREATE UNIQUE INDEX company_message_emails_one_pending ON private.company_message_emails USING btree (feedback_id, company_id) WHERE (status = 'pending'::text);

CREATE INDEX company_message_emails_thread ON private.company_message_emails USING btree (feedback_id, company_id, sent_at);

ALTER TABLE private.company_message_emails ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    token_hash text NOT NULL,
    invited_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    accepted_at timestamp with time zone,
    accepted_by uuid,
    revoked_at timestamp with time zone,
    CONSTRAINT company_invitations_email_lower CHECK (((email = lower(email)) AND (char_length(email) <= 320))),
    CONSTRAINT company_invitations_role_known CHECK ((role = ANY (ARRAY['admin'::text, 'member'::text])))
);

COMMENT ON TABLE public.company_invitations IS 'Invitations to join a company (token stored as SHA-256 only). Read and written only through server functions.';

ALTER TABLE ONLY public.company_invitations
    ADD CONSTRAINT company_invitations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.company_invitations
    ADD CONSTRAINT company_invitations_token_hash_key UNIQUE (token_hash);

CREATE INDEX company_invitations_accepted_by ON public.company_invitations USING btree (accepted_by);

CREATE INDEX company_invitations_company ON public.company_invitations USING btree (company_id, created_at DESC);

CREATE INDEX company_invitations_invited_by ON public.company_invitations USING btree (invited_by);

CREATE UNIQUE INDEX company_invitations_one_open ON public.company_invitations USING btree (company_id, email) WHERE ((accepted_at IS NULL) AND (revoked_at IS NULL));

ALTER TABLE public.company_invitations ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_members (
    company_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    weekly_summary boolean DEFAULT false NOT NULL,
    read_only_since timestamp with time zone,
    CONSTRAINT company_members_role_known CHECK ((role = ANY (ARRAY['owner'::text, 'admin'::text, 'member'::text])))
);

COMMENT ON TABLE public.company_members IS 'Who belongs to a company and in which role (owner, admin, member); one company per account. Written only by server functions; members read their own company''s rows.';

COMMENT ON COLUMN public.company_members.weekly_summary IS 'The member''s own choice (off by default): a weekly e-mail summary of their company''s feedback (#22). Changed only through set_weekly_summary.';

COMMENT ON COLUMN public.company_members.read_only_since IS 'Set when the plan''s seats fell below the team (a trial ended): the member reads but changes nothing until the owner keeps them on a seat or the plan grows. Never set for the owner.';

ALTER TABLE ONLY public.company_members
    ADD CONSTRAINT company_members_one_company UNIQUE (user_id);

ALTER TABLE ONLY public.company_members
    ADD CONSTRAINT company_members_pkey PRIMARY KEY (company_id, user_id);

CREATE UNIQUE INDEX company_members_one_owner ON public.company_members USING btree (company_id) WHERE (role = 'owner'::text);

ALTER TABLE public.company_members ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_activity (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    actor_id uuid,
    kind text NOT NULL,
    detail text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_activity_kind_known CHECK ((kind = ANY (ARRAY['status'::text, 'assigned'::text, 'priority'::text, 'note'::text, 'message'::text, 'answer'::text])))
);

COMMENT ON TABLE public.feedback_activity IS 'What happened to a feedback inside a company: status, assigned, priority, note, message (a member asked), answer (the author replied; no actor). Written by triggers and the triage RPCs.';

ALTER TABLE public.feedback_activity ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.feedback_activity_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.feedback_activity
    ADD CONSTRAINT feedback_activity_pkey PRIMARY KEY (id);

CREATE INDEX feedback_activity_actor_idx ON public.feedback_activity USING btree (actor_id) WHERE (actor_id IS NOT NULL);

CREATE INDEX feedback_activity_feedback_id_idx ON public.feedback_activity USING btree (feedback_id);

CREATE INDEX feedback_activity_feedback_idx ON public.feedback_activity USING btree (company_id, feedback_id, created_at);

ALTER TABLE public.feedback_activity ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.feedback_triage (
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    assignee_id uuid,
    priority text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_triage_priority_known CHECK ((priority = ANY (ARRAY['high'::text, 'medium'::text, 'low'::text])))
);

COMMENT ON TABLE public.feedback_triage IS 'A company''s assignee and priority for one feedback (no row: unassigned, the AI''s priority). Written by set_feedback_assignee / set_feedback_priority.';

ALTER TABLE ONLY public.feedback_triage
    ADD CONSTRAINT feedback_triage_pkey PRIMARY KEY (company_id, feedback_id);

CREATE INDEX feedback_triage_assignee_id_idx ON public.feedback_triage USING btree (assignee_id) WHERE (assignee_id IS NOT NULL);

CREATE INDEX feedback_triage_assignee_idx ON public.feedback_triage USING btree (company_id, assignee_id);

CREATE INDEX feedback_triage_feedback_idx ON public.feedback_triage USING btree (feedback_id);

ALTER TABLE public.feedback_triage ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.company_inbox
    ADD CONSTRAINT company_inbox_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_inbox_counts
    ADD CONSTRAINT company_inbox_counts_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_inbox
    ADD CONSTRAINT company_inbox_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_invitation_emails
    ADD CONSTRAINT company_invitation_emails_invitation_id_fkey FOREIGN KEY (invitation_id) REFERENCES public.company_invitations(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_message_emails
    ADD CONSTRAINT company_message_emails_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_message_emails
    ADD CONSTRAINT company_message_emails_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_invitations
    ADD CONSTRAINT company_invitations_accepted_by_fkey FOREIGN KEY (accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.company_invitations
    ADD CONSTRAINT company_invitations_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_invitations
    ADD CONSTRAINT company_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.company_members
    ADD CONSTRAINT company_members_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_members
    ADD CONSTRAINT company_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_activity
    ADD CONSTRAINT feedback_activity_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.feedback_activity
    ADD CONSTRAINT feedback_activity_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_activity
    ADD CONSTRAINT feedback_activity_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_message_originals
    ADD CONSTRAINT feedback_message_originals_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_message_originals
    ADD CONSTRAINT feedback_message_originals_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.feedback_messages(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_messages
    ADD CONSTRAINT feedback_messages_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_messages
    ADD CONSTRAINT feedback_messages_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_notes
    ADD CONSTRAINT feedback_notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.feedback_notes
    ADD CONSTRAINT feedback_notes_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_notes
    ADD CONSTRAINT feedback_notes_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_triage
    ADD CONSTRAINT feedback_triage_assignee_id_fkey FOREIGN KEY (assignee_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.feedback_triage
    ADD CONSTRAINT feedback_triage_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.feedback_triage
    ADD CONSTRAINT feedback_triage_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

-- ---------- functions ------------------------------------------------------

CREATE FUNCTION private.call_send_invitations() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.invoke_job_function('send-invitations', '{}');
  return null;
end
$$;

COMMENT ON FUNCTION private.call_send_invitations() IS 'Database webhook of the invitation mail queue (statement trigger): calls send-invitations through pg_net.';

-- A message as typed: control characters other than newline and tab go,
-- Windows line ends become \n, outer blanks are trimmed; 1 to 2,000
-- characters or 22023.
CREATE FUNCTION private.clean_message(p_body text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  v_body text := btrim(regexp_replace(replace(coalesce(p_body, ''), E'\r\n', E'\n'),
                                      E'[\\x01-\\x08\\x0b-\\x1f\\x7f]', '', 'g'), E' \n\t');
begin
  if v_body = '' then
    raise exception 'Write a message first.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_body) > 2000 then
    raise exception 'Messages are at most 2,000 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  return v_body;
end
$$;

COMMENT ON FUNCTION private.clean_message(p_body text) IS 'A message body trimmed and without control characters; raises 22023 when blank or over 2,000 characters.';

-- The rows of one company, from the feedback on its verified domains (a
-- range scan of feedback_host_created_idx per root domain, as
-- company_feedback_rows), the triage and the threads.
CREATE FUNCTION private.company_inbox_source(p_company_id uuid) RETURNS SETOF private.company_inbox
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_domains text[] := private.verified_domains(p_company_id);
  -- A domain under another listed domain adds nothing (no duplicates).
  v_roots text[] := array(select d from unnest(v_domains) as d
                           where not exists (select 1 from unnest(v_domains) as e where d like '%.' || e));
begin
  return query
    select p_company_id, f.id, f.website_host, f.created_at, f.total_votes, f.category, f.status,
           private.priority_rank(f.priority)::smallint,
           case when t.priority is not null then private.priority_rank(t.priority)::smallint end,
           t.assignee_id,
           coalesce((select m.from_author from public.feedback_messages m
                      where m.feedback_id = f.id and m.company_id = p_company_id
                      order by m.created_at desc, m.id desc limit 1), true),
           null::smallint, null::smallint,
           f.sentiment,
           exists (select 1 from public.feedback_messages m
                    where m.feedback_id = f.id and m.company_id = p_company_id and not m.from_author),
           case when f.status = 'completed' then f.status_changed_at end
      from unnest(v_roots) as d(dom)
      join public.feedback f
        on reverse(f.website_host) ~>=~ reverse(d.dom)
       and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
       and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
      left join public.feedback_triage t on t.company_id = p_company_id and t.feedback_id = f.id;
end
$$;

-- The total of get_company_inbox's filters that are cells.
CREATE FUNCTION private.company_inbox_total(p_company_id uuid, p_domain text, p_category text, p_status text, p_none boolean, p_assignee uuid, p_unanswered boolean) RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(sum(c.n), 0)::bigint
    from private.company_inbox_counts c
   where c.company_id = p_company_id
     and (p_domain is null or private.host_matches_domains(c.website_host, array[p_domain]))
     and (p_category is null or c.category = p_category)
     and (p_status is null or c.status = p_status)
     and (not p_none or c.assignee_id is null)
     and (p_assignee is null or c.assignee_id = p_assignee)
     and (not p_unanswered or c.unanswered)
$$;

COMMENT ON FUNCTION private.company_inbox_total(p_company_id uuid, p_domain text, p_category text, p_status text, p_none boolean, p_assignee uuid, p_unanswered boolean) IS 'How many inbox rows of a company match the filters that are cells of private.company_inbox_counts.';

CREATE FUNCTION private.company_message_email_gap() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '10 minutes' $$;

COMMENT ON FUNCTION private.company_message_email_gap() IS 'Shortest time between two e-mails about the same thread (#21).';

-- The registering account is the owner, in the same transaction as the company.
CREATE FUNCTION private.company_owner_membership() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.company_members (company_id, user_id, role)
  values (new.id, new.user_id, 'owner')
  on conflict do nothing;
  return null;
end
$$;

COMMENT ON FUNCTION private.company_owner_membership() IS 'After a company is inserted: its registering account becomes its owner member.';

CREATE FUNCTION private.company_plan(p_company_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select private.resolve_plan(s.subscription_type)
                     from public.company_subscriptions s where s.company_id = p_company_id), 'free')
$$;

-- True when the company still owes the author an answer on this feedback.
CREATE FUNCTION private.company_unanswered(p_company_id uuid, p_feedback_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select m.from_author from public.feedback_messages m
                    where m.feedback_id = p_feedback_id and m.company_id = p_company_id
                    order by m.created_at desc, m.id desc limit 1), true)
$$;

CREATE FUNCTION private.session_meets_mfa() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
         where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;

-- Id of the caller's company when they are its owner or an admin, else null.
CREATE FUNCTION private.current_company_admin_id() RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.company_id from public.company_members m
   where m.user_id = auth.uid() and m.role in ('owner', 'admin')
     and private.session_meets_mfa()
$$;

COMMENT ON FUNCTION private.current_company_admin_id() IS 'Id of the signed-in user''s company when they are its owner or an admin, else null (settings, domains, webhooks, members); null for an aal1 session of a user with a verified MFA factor.';

-- The caller's company, or null.
CREATE FUNCTION private.current_company_id() RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.company_id from public.company_members m
   where m.user_id = auth.uid() and private.session_meets_mfa()
$$;

COMMENT ON FUNCTION private.current_company_id() IS 'Id of the company the signed-in user is a member of (any role), or null; null for an aal1 session of a user with a verified MFA factor.';

CREATE FUNCTION private.current_company_role() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.role from public.company_members m
   where m.user_id = auth.uid() and private.session_meets_mfa()
$$;

COMMENT ON FUNCTION private.current_company_role() IS 'The signed-in user''s role in their company (owner, admin, member), or null; null for an aal1 session of a user with a verified MFA factor.';

-- Verified domains: the company's rows are rebuilt.
CREATE FUNCTION private.domain_inbox() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.rebuild_company_inbox(old.company_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.company_id <> old.company_id) then
    perform private.rebuild_company_inbox(new.company_id);
  end if;
  return null;
end
$$;

-- Feedback: a new one enters the inbox of every company that verified its
-- domain; changes of what the list sorts or filters by follow.
CREATE FUNCTION private.feedback_inbox() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' and new.website_host is not distinct from old.website_host then
    update private.company_inbox i
       set votes = new.total_votes, category = new.category, status = new.status,
           created_at = new.created_at, ai_rank = private.priority_rank(new.priority)
     where i.feedback_id = new.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from private.company_inbox where feedback_id = new.id;
  end if;
  if new.website_host is not null then
    insert into private.company_inbox (company_id, feedback_id, website_host, created_at, votes, category,
      status, ai_rank, team_rank, assignee_id, unanswered)
    select c.company_id, new.id, new.website_host, new.created_at, new.total_votes, new.category, new.status,
           private.priority_rank(new.priority),
           case when t.priority is not null then private.priority_rank(t.priority) end,
           t.assignee_id,
           coalesce((select m.from_author from public.feedback_messages m
                      where m.feedback_id = new.id and m.company_id = c.company_id
                      order by m.created_at desc, m.id desc limit 1), true)
      from (select distinct cd.company_id from public.company_domains cd
             where cd.verified_at is not null and cd.domain = any(private.host_suffixes(new.website_host))) c
      left join public.feedback_triage t on t.company_id = c.company_id and t.feedback_id = new.id
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- Fits the team to the plan's seats: members beyond them (newest first,
-- admins before members keep theirs) become read-only; when seats free up,
-- read-only members get theirs back in the same order. Invitations are left
-- alone: one beyond the seats cannot be accepted. Nothing is deleted.
CREATE FUNCTION private.fit_seats(p_company_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_limit integer := private.seat_limit(private.company_plan(p_company_id));
begin
  if v_limit is null then
    update public.company_members m set read_only_since = null
     where m.company_id = p_company_id and m.read_only_since is not null;
    return;
  end if;
  with ranked as (
    select m.user_id, m.read_only_since,
           row_number() over (order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end,
                                       (m.read_only_since is not null), m.created_at, m.user_id) as seat
      from public.company_members m where m.company_id = p_company_id
  )
  update public.company_members m
     set read_only_since = case when r.seat <= v_limit then null else coalesce(m.read_only_since, now()) end
    from ranked r
   where m.company_id = p_company_id and m.user_id = r.user_id
     and (m.read_only_since is null) <> (r.seat <= v_limit);
end
$$;

COMMENT ON FUNCTION private.fit_seats(p_company_id uuid) IS 'Members beyond the plan''s seats become read-only (owner first, then admins, then the longest-standing keep theirs); freed seats go back to read-only members in that order.';

CREATE FUNCTION private.inbox_counted_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select r.company_id, r.website_host, r.assignee_id, r.unanswered,
         coalesce(r.category, ''), coalesce(r.status, ''), -count(*)
    from old_rows r
   group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

CREATE FUNCTION private.inbox_counted_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select r.company_id, r.website_host, r.assignee_id, r.unanswered,
         coalesce(r.category, ''), coalesce(r.status, ''), count(*)
    from new_rows r
   group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

-- Only the cells that changed: a vote or a date moves nothing. Cells are
-- locked in one order (order by), so two changes cannot deadlock on them.
CREATE FUNCTION private.inbox_counted_update() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select x.company_id, x.website_host, x.assignee_id, x.unanswered, x.category, x.status, sum(x.n)
    from (select r.company_id, r.website_host, r.assignee_id, r.unanswered,
                 coalesce(r.category, '') as category, coalesce(r.status, '') as status, 1 as n
            from new_rows r
          union all
          select r.company_id, r.website_host, r.assignee_id, r.unanswered,
                 coalesce(r.category, ''), coalesce(r.status, ''), -1
            from old_rows r) x
   group by 1, 2, 3, 4, 5, 6
  having sum(x.n) <> 0
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

CREATE FUNCTION private.invitation_token_hash(p_token text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;

-- Self-dealing covers every member of the company, not only its owner.
CREATE FUNCTION private.is_self_dealing(p_user_id uuid, p_host text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p_host is not null and exists (
    select 1 from public.company_members m
      join public.companies c on c.id = m.company_id
     where m.user_id = p_user_id and c.domains && private.host_suffixes(p_host))
$$;

COMMENT ON FUNCTION private.is_self_dealing(p_user_id uuid, p_host text) IS 'True when a company the user is a member of (any role) lists the host''s domain (exact or parent), verified or not.';

CREATE FUNCTION private.log_activity(p_company_id uuid, p_feedback_id uuid, p_kind text, p_detail text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.feedback_activity (company_id, feedback_id, actor_id, kind, detail)
  values (p_company_id, p_feedback_id,
          case when p_kind = 'answer' then null else auth.uid() end, p_kind, p_detail)
$$;

-- Messages enter the log of the thread's company.
CREATE FUNCTION private.message_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.log_activity(new.company_id, new.feedback_id,
    case when new.from_author then 'answer' else 'message' end, left(new.body, 200));
  return null;
end
$$;

-- Threads: unanswered while the author spoke last (or the team never wrote).
CREATE FUNCTION private.message_inbox() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update private.company_inbox i set unanswered = new.from_author
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id
       and i.unanswered is distinct from new.from_author;
  else
    update private.company_inbox i
       set unanswered = private.company_unanswered(old.company_id, old.feedback_id)
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id;
  end if;
  return null;
end
$$;

CREATE FUNCTION private.seat_limit(p_plan text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_plan when 'pro' then 3 when 'advanced' then null else 1 end
$$;

CREATE FUNCTION private.no_seat_left_message(p_plan text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select format('Your %s plan includes %s, and all are taken. Revoke an invitation, remove a member or upgrade to add more.',
                initcap(p_plan),
                case when private.seat_limit(p_plan) = 1 then '1 seat' else private.seat_limit(p_plan) || ' seats' end)
$$;

CREATE FUNCTION private.priority_rank(p_priority text) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case p_priority when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end
$$;

-- A company message in a thread whose author opted in joins the thread's
-- pending e-mail, or starts one: due now, or when the gap since the last
-- e-mail of the thread has passed.
CREATE FUNCTION private.queue_company_message_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_last timestamptz;
begin
  if new.from_author then
    return null;
  end if;
  if not exists (select 1 from public.feedback f
                   join public.profiles p on p.id = f.user_id
                  where f.id = new.feedback_id and p.email_on_company_message) then
    return null;
  end if;
  select max(coalesce(q.sent_at, q.locked_at)) into v_last
    from private.company_message_emails q
   where q.feedback_id = new.feedback_id and q.company_id = new.company_id
     and q.status in ('running', 'done');
  insert into private.company_message_emails
    (feedback_id, company_id, first_message_at, last_message_at, run_after)
  values (new.feedback_id, new.company_id, new.created_at, new.created_at,
          greatest(now(), coalesce(v_last + private.company_message_email_gap(), now())))
  on conflict (feedback_id, company_id) where status = 'pending'
  do update set last_message_at = greatest(excluded.last_message_at,
                                           private.company_message_emails.last_message_at);
  perform pg_notify('company_message_emails', '');
  return null;
end
$$;

COMMENT ON FUNCTION private.queue_company_message_email() IS 'After a company message: queues (or extends) the thread''s e-mail to the author when they opted in, throttled by company_message_email_gap.';

CREATE FUNCTION private.read_only_seat_message() RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'Your seat is read-only: your company''s plan has fewer seats than its team. Ask the owner to keep you on a seat or to upgrade.'::text
$$;

-- Rebuilds a company's rows (its verified domains changed; the bulk seed).
CREATE FUNCTION private.rebuild_company_inbox(p_company_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_count integer;
begin
  delete from private.company_inbox where company_id = p_company_id;
  insert into private.company_inbox (company_id, feedback_id, website_host, created_at, votes, category,
    status, ai_rank, team_rank, assignee_id, unanswered)
  select s.company_id, s.feedback_id, s.website_host, s.created_at, s.votes,
         s.category, s.status, s.ai_rank, s.team_rank, s.assignee_id, s.unanswered
    from private.company_inbox_source(p_company_id) s
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

COMMENT ON FUNCTION private.rebuild_company_inbox(p_company_id uuid) IS 'Recomputes private.company_inbox for one company from its verified domains; returns the rows.';

-- A read-only member changes nothing of their company: every table members
-- write refuses them, whichever function writes it.
CREATE FUNCTION private.refuse_read_only_seat() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row jsonb := to_jsonb(coalesce(new, old));
  v_company uuid := coalesce(v_row ->> 'company_id',
                             case when tg_table_name = 'companies' then v_row ->> 'id' end)::uuid;
begin
  -- Only what the caller does (depth 1): rows the triggers and cascades of
  -- an allowed change write (an account's deletion, a status's log) pass.
  if pg_trigger_depth() = 1 and auth.uid() is not null and exists (
       select 1 from public.company_members m
        where m.user_id = auth.uid() and m.company_id = v_company and m.read_only_since is not null) then
    raise exception '%', private.read_only_seat_message() using errcode = 'insufficient_privilege';
  end if;
  return coalesce(new, old);
end
$$;

COMMENT ON FUNCTION private.refuse_read_only_seat() IS 'Before a member-written row of a company changes: refused (42501) when the caller is a read-only member of that company.';

CREATE FUNCTION private.refuse_read_only_status() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if pg_trigger_depth() = 1 and auth.uid() is not null and old.user_id is distinct from auth.uid() and exists (
       select 1 from public.company_members m
        where m.user_id = auth.uid() and m.read_only_since is not null) then
    raise exception '%', private.read_only_seat_message() using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;

COMMENT ON FUNCTION private.refuse_read_only_status() IS 'Before a feedback''s status changes: refused (42501) when a read-only company member changes it.';

CREATE FUNCTION private.require_company_admin() RETURNS public.companies
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  if private.current_company_role() not in ('owner', 'admin') then
    raise exception 'Only the company''s owner or an admin can do this.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_company;
end
$$;

COMMENT ON FUNCTION private.require_company_admin() IS 'The caller''s company when they are its owner or an admin; raises 42501 otherwise.';

-- The caller's company, when the feedback is on its verified domains.
CREATE FUNCTION private.require_triage(p_feedback_id uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  if not private.company_event_visible(v_company_id, p_feedback_id) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  return v_company_id;
end
$$;

COMMENT ON FUNCTION private.require_triage(p_feedback_id uuid) IS 'The caller''s company id when the feedback is on its verified domains; 42501 otherwise.';

COMMENT ON FUNCTION private.seat_limit(p_plan text) IS 'Seats (members plus pending invitations) of a plan: free 1, pro 3, advanced unlimited (null). Mirrors PLAN_RULES[plan].seats.';

-- Seats taken: active members plus open invitations (other than p_except).
CREATE FUNCTION private.seats_taken(p_company_id uuid, p_except uuid DEFAULT NULL::uuid) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (select count(*) from public.company_members m
           where m.company_id = p_company_id and m.read_only_since is null)::integer
       + (select count(*) from public.company_invitations i
           where i.company_id = p_company_id and i.accepted_at is null and i.revoked_at is null
             and i.expires_at > now() and i.id is distinct from p_except)::integer
$$;

COMMENT ON FUNCTION private.session_meets_mfa() IS 'True when the caller''s session is aal2 or the caller has no verified MFA factor (an aal1 session of an MFA user is no company member).';

-- A status change enters the log of every company the feedback is on
-- (verified domains); the actor only where they are a member.
CREATE FUNCTION private.status_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.feedback_activity (company_id, feedback_id, actor_id, kind, detail)
  select d.company_id, new.id,
         case when exists (select 1 from public.company_members m
                            where m.company_id = d.company_id and m.user_id = auth.uid())
              then auth.uid() end,
         'status', new.status
    from (select distinct cd.company_id from public.company_domains cd
           where cd.verified_at is not null and new.website_host is not null
             and private.host_matches_domains(new.website_host, array[cd.domain])) d;
  return null;
end
$$;

CREATE FUNCTION private.subscription_fits_seats() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.fit_seats(new.company_id);
  return null;
end
$$;

COMMENT ON FUNCTION private.subscription_fits_seats() IS 'After a plan change: the team fits the new plan''s seats at once.';

-- Triage: assignee and team priority.
CREATE FUNCTION private.triage_inbox() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'DELETE' then
    update private.company_inbox i set assignee_id = null, team_rank = null
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id;
  else
    update private.company_inbox i
       set assignee_id = new.assignee_id,
           team_rank = case when new.priority is not null then private.priority_rank(new.priority) end
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id
       and (i.assignee_id is distinct from new.assignee_id
            or i.team_rank is distinct from
               (case when new.priority is not null then private.priority_rank(new.priority) end));
  end if;
  return null;
end
$$;

CREATE FUNCTION public.accept_company_invitation(p_token text) RETURNS TABLE(company_id uuid, company_name text, role text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_inv public.company_invitations;
  v_user auth.users;
  v_company public.companies;
  v_plan text;
  v_limit integer;
begin
  if v_uid is null then
    raise exception 'Please sign in to accept the invitation.' using errcode = 'insufficient_privilege';
  end if;
  select * into v_inv from public.company_invitations i
   where i.token_hash = private.invitation_token_hash(p_token)
   for update;
  if not found then
    raise exception 'This invitation link is not valid.' using errcode = 'PT404';
  end if;
  if v_inv.accepted_at is not null then
    raise exception 'This invitation has already been used.' using errcode = 'check_violation';
  end if;
  if v_inv.revoked_at is not null then
    raise exception 'This invitation was revoked. Ask the company for a new one.' using errcode = 'check_violation';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'This invitation has expired. Ask the company for a new one.' using errcode = 'check_violation';
  end if;
  select * into v_user from auth.users u where u.id = v_uid;
  if lower(coalesce(v_user.email, '')) <> v_inv.email then
    raise exception 'This invitation was sent to %. Sign in with that address to accept it.', v_inv.email
      using errcode = 'insufficient_privilege';
  end if;
  if v_user.email_confirmed_at is null then
    raise exception 'Please confirm your e-mail address first.' using errcode = 'insufficient_privilege';
  end if;
  if exists (select 1 from public.company_members m where m.user_id = v_uid) then
    raise exception 'Your account already belongs to a company. An account can be in one company only.'
      using errcode = 'unique_violation';
  end if;
  select * into v_company from public.companies c where c.id = v_inv.company_id for no key update;
  v_plan := private.company_plan(v_company.id);
  v_limit := private.seat_limit(v_plan);
  if v_limit is not null
     and (select count(*) from public.company_members m where m.company_id = v_company.id) >= v_limit then
    raise exception '%', private.no_seat_left_message(v_plan) using errcode = 'check_violation';
  end if;
  insert into public.company_members (company_id, user_id, role) values (v_company.id, v_uid, v_inv.role);
  update public.company_invitations i set accepted_at = now(), accepted_by = v_uid where i.id = v_inv.id;
  return query select v_company.id, v_company.company_name, v_inv.role;
end
$$;

COMMENT ON FUNCTION public.accept_company_invitation(p_token text) IS 'Joins the signed-in account to the invitation''s company: checks the token, use, revocation, expiry, that the confirmed e-mail is the invited one, that the account is in no company and that a seat is left.';

CREATE FUNCTION public.add_feedback_note(p_feedback_id uuid, p_body text) RETURNS public.feedback_notes
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
  v_body text := private.clean_message(p_body);
  v_note public.feedback_notes;
begin
  perform private.check_rate_limit('feedback_note', 60, 240, interval '10 minutes',
    'Too many notes. Please wait a few minutes.');
  insert into public.feedback_notes (company_id, feedback_id, author_id, body)
  values (v_company_id, p_feedback_id, auth.uid(), v_body)
  returning * into v_note;
  perform private.log_activity(v_company_id, p_feedback_id, 'note', left(v_body, 200));
  return v_note;
end
$$;

COMMENT ON FUNCTION public.add_feedback_note(p_feedback_id uuid, p_body text) IS 'An internal note of a member on a feedback on the company''s verified domains (1-2,000 characters; 60 per 10 minutes); never shown to the author; logged.';

CREATE FUNCTION public.change_company_member_role(p_user_id uuid, p_role text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company_admin();
  v_member public.company_members;
begin
  if coalesce(p_role, '') not in ('admin', 'member') then
    raise exception 'Choose Admin or Member as the role.' using errcode = 'invalid_parameter_value';
  end if;
  select * into v_member from public.company_members m
   where m.company_id = v_company.id and m.user_id = p_user_id for update;
  if not found then
    raise exception 'This person is not a member of your company.' using errcode = 'PT404';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner''s role cannot be changed.' using errcode = 'insufficient_privilege';
  end if;
  update public.company_members m set role = p_role
   where m.company_id = v_company.id and m.user_id = p_user_id;
end
$$;

COMMENT ON FUNCTION public.change_company_member_role(p_user_id uuid, p_role text) IS 'Owner/admin: makes another member of their company an admin or a member; the owner''s role never changes.';

CREATE FUNCTION public.get_company_domains() RETURNS TABLE(domain text, verified boolean, verified_at timestamp with time zone, verification_method text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.domain, d.verified_at is not null, d.verified_at, d.verification_method
    from public.company_domains d
   where d.company_id = private.current_company_id()
   order by d.domain
$$;

COMMENT ON FUNCTION public.get_company_domains() IS 'The caller''s company domains with their verification state (unverified domains still show feedback).';

-- One query per call for the filters that are set (see Decisions).
CREATE FUNCTION public.get_company_inbox(p_page integer DEFAULT 1, p_page_size integer DEFAULT 20, p_search text DEFAULT NULL::text, p_domain text DEFAULT NULL::text, p_category text DEFAULT NULL::text, p_status text DEFAULT NULL::text, p_from timestamp with time zone DEFAULT NULL::timestamp with time zone, p_to timestamp with time zone DEFAULT NULL::timestamp with time zone, p_sort text DEFAULT 'newest'::text, p_assignee text DEFAULT NULL::text, p_unanswered boolean DEFAULT false) RETURNS TABLE(id uuid, title text, excerpt text, category text, status text, website_url text, website_host text, created_at timestamp with time zone, updated_at timestamp with time zone, has_screenshot boolean, has_audio boolean, verified_linkedin boolean, user_reputation numeric, quality_score smallint, upvotes integer, downvotes integer, total_votes integer, view_count integer, priority text, sentiment text, tags text[], viewed boolean, my_vote text, is_own boolean, domain_verified boolean, total_count bigint, assignee_id uuid, team_priority text, unanswered boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
  v_plan text;
  v_start timestamptz;
  v_locked boolean;
  v_sort text := coalesce(p_sort, 'newest');
  v_assignee uuid;
  v_domain text;
  v_offset bigint;
  v_where text := 'i.company_id = $1';
  v_order text;
  v_keys text;
  v_total bigint;
  v_ids uuid[];
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
begin
  perform private.check_page(p_page, p_page_size);
  v_offset := (p_page::bigint - 1) * p_page_size;
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'Searches are at most 200 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(coalesce(p_domain, '')) > 253 then
    raise exception 'Choose one of your company''s domains.'
      using errcode = 'invalid_parameter_value',
            detail = format('"%s…" is not one of your domains.', left(p_domain, 100));
  end if;
  if nullif(btrim(coalesce(p_domain, '')), '') is not null then
    v_domain := private.normalize_domain(p_domain);
    if v_domain is null or not private.host_matches_domains(v_domain, private.verified_domains(v_company.id)) then
      raise exception 'Choose one of your company''s domains.'
        using errcode = 'invalid_parameter_value',
              detail = format('"%s" is not one of your domains.', left(p_domain, 100));
    end if;
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
  if v_sort not in ('newest', 'votes', 'priority') then
    raise exception 'Unknown sort "%".', left(p_sort, 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: newest, votes, priority.';
  end if;
  if p_assignee is not null and p_assignee not in ('me', 'none') then
    if p_assignee !~ '^[0-9a-fA-F-]{36}$' then
      raise exception 'Unknown assignee filter.' using errcode = 'invalid_parameter_value',
        hint = 'Use me, none or a member''s id.';
    end if;
    v_assignee := p_assignee::uuid;
  elsif p_assignee = 'me' then
    v_assignee := v_uid;
  end if;
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = v_company.id;
  if p_category is not null or p_status is not null or p_from is not null or p_to is not null then
    if coalesce(v_plan, 'free') = 'free' then
      raise exception 'Upgrade to premium to use advanced filters'
        using errcode = 'insufficient_privilege',
              hint = 'The free plan filters by search and domain only.';
    end if;
  end if;
  if v_pattern is not null then
    perform private.check_rate_limit('company_feedback_search', 120, 600, interval '1 minute',
      'Too many searches. Please wait a minute.');
  end if;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  v_locked := private.view_limit(coalesce(v_plan, 'free')) is not null;

  -- $1 company, $2 domain, $3 category, $4 status, $5 from, $6 to,
  -- $7 assignee, $8 pattern, $9 locked, $10 period start, $11 limit, $12 offset.
  if v_domain is not null then
    v_where := v_where || ' and private.host_matches_domains(i.website_host, array[$2])';
  end if;
  if p_category is not null then v_where := v_where || ' and i.category = $3'; end if;
  if p_status is not null then v_where := v_where || ' and i.status = $4'; end if;
  if p_from is not null then v_where := v_where || ' and i.created_at >= $5'; end if;
  if p_to is not null then v_where := v_where || ' and i.created_at < $6'; end if;
  if p_assignee = 'none' then
    v_where := v_where || ' and i.assignee_id is null';
  elsif p_assignee is not null then
    v_where := v_where || ' and i.assignee_id = $7';
  end if;
  if coalesce(p_unanswered, false) then v_where := v_where || ' and i.unanswered'; end if;
  -- The search matches only what the list shows (title; the excerpt where
  -- the description is shown), as get_company_feedback.
  if v_pattern is not null then
    v_where := v_where || $w$ and exists (
      select 1 from public.feedback s
       where s.id = i.feedback_id
         and (private.mask_contact(s.title) ilike $8
              or ((not $9 or exists (
                     select 1 from public.company_feedback_views v
                      where v.company_id = $1 and v.feedback_id = s.id and v.viewed_at >= $10))
                  and private.company_list_excerpt(private.mask_contact(s.description)) ilike $8)))$w$;
  end if;

  if p_from is null and p_to is null and v_pattern is null then
    v_total := private.company_inbox_total(v_company.id, v_domain, p_category, p_status,
      coalesce(p_assignee = 'none', false), v_assignee, coalesce(p_unanswered, false));
  else
    execute 'select count(*) from private.company_inbox i where ' || v_where
      into v_total
      using v_company.id, v_domain, p_category, p_status, p_from, p_to, v_assignee, v_pattern, v_locked, v_start;
  end if;

  -- Nothing matches (the counts say so): no index walk looking for it.
  if v_total = 0 or v_offset >= v_total then
    return;
  end if;
  if v_sort = 'priority' and v_locked then
    -- Ranks that need no view from the index; the AI's rank of those opened
    -- this period (few: the allowance bounds them) merged in.
    v_keys := format($q$
      select k.feedback_id from (
        (select i.feedback_id, i.rank_known as rank, i.created_at from private.company_inbox i
          where %1$s
            and not (i.team_rank is null and i.ai_rank < 3 and exists (
                  select 1 from public.company_feedback_views v
                   where v.company_id = $1 and v.feedback_id = i.feedback_id and v.viewed_at >= $10))
          order by i.rank_known, i.created_at desc, i.feedback_id desc
          limit $11 + $12)
        union all
        (select i.feedback_id, i.ai_rank, i.created_at from private.company_inbox i
          where %1$s
            and i.team_rank is null and i.ai_rank < 3
            and i.feedback_id in (select v.feedback_id from public.company_feedback_views v
                                   where v.company_id = $1 and v.viewed_at >= $10))
      ) k
      order by k.rank, k.created_at desc, k.feedback_id desc
      limit $11 offset $12$q$, v_where);
  else
    v_order := case v_sort
      when 'votes' then 'i.votes desc, i.created_at desc, i.feedback_id desc'
      when 'priority' then 'i.rank_all, i.created_at desc, i.feedback_id desc'
      else 'i.created_at desc, i.feedback_id desc' end;
    v_keys := format('select i.feedback_id from private.company_inbox i where %s order by %s limit $11 offset $12',
                     v_where, v_order);
  end if;
  execute 'select coalesce(array_agg(k.feedback_id), ''{}'') from (' || v_keys || ') k'
    into v_ids
    using v_company.id, v_domain, p_category, p_status, p_from, p_to, v_assignee, v_pattern, v_locked, v_start,
          p_page_size, v_offset;

  return query
    with page as (
      select f.*, o.n,
             exists (select 1 from public.company_feedback_views v
                      where v.company_id = v_company.id and v.feedback_id = f.id
                        and v.viewed_at >= v_start) as seen
        from unnest(v_ids) with ordinality as o(fid, n)
        join public.feedback f on f.id = o.fid
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
           true,
           v_total,
           i.assignee_id,
           tr.priority,
           i.unanswered
      from page pg
      join private.company_inbox i on i.company_id = v_company.id and i.feedback_id = pg.id
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
      left join public.feedback_triage tr on tr.company_id = v_company.id and tr.feedback_id = pg.id
     order by pg.n;
end
$_$;

COMMENT ON FUNCTION public.get_company_inbox(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_sort text, p_assignee text, p_unanswered boolean) IS 'The caller''s company list (as get_company_feedback) sorted by newest, votes or priority (team''s, else the AI''s where shown), filtered by assignee (me, none, a member id) and unanswered; each row with its assignee, team priority and whether the author waits for the team. Reads private.company_inbox (one index per sort).';

-- What the invitation page shows before accepting; the token is the key. An
-- address that already has a Peega account opens on "Sign in and join", not
-- on the sign-up form (#40 item 5): only the holder of the token learns it,
-- and only for the invited address.
CREATE FUNCTION public.get_company_invitation(p_token text) RETURNS TABLE(company_name text, email text, role text, expires_at timestamp with time zone, state text, has_account boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.company_name, i.email, i.role, i.expires_at,
         case when i.accepted_at is not null then 'accepted'
              when i.revoked_at is not null then 'revoked'
              when i.expires_at <= now() then 'expired'
              else 'pending' end,
         exists (select 1 from auth.users u where lower(u.email) = i.email and u.deleted_at is null)
    from public.company_invitations i
    join public.companies c on c.id = i.company_id
   where i.token_hash = private.invitation_token_hash(p_token)
$$;

COMMENT ON FUNCTION public.get_company_invitation(p_token text) IS 'The company, address, role, expiry and state (pending, accepted, revoked, expired) of the invitation with this token, and whether its address already has an account; no row for an unknown token.';

CREATE FUNCTION public.get_company_invitations() RETURNS TABLE(id uuid, email text, role text, created_at timestamp with time zone, expires_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
begin
  return query
    select i.id, i.email, i.role, i.created_at, i.expires_at
      from public.company_invitations i
     where i.company_id = v_company.id and i.accepted_at is null and i.revoked_at is null
       and i.expires_at > now()
     order by i.created_at desc;
end
$$;

COMMENT ON FUNCTION public.get_company_invitations() IS 'Owner/admin: their company''s pending invitations (not accepted, revoked or expired).';

CREATE FUNCTION public.get_company_members() RETURNS TABLE(user_id uuid, email text, role text, joined_at timestamp with time zone, is_you boolean, read_only boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select m.user_id, u.email::text, m.role, m.created_at, m.user_id = auth.uid(), m.read_only_since is not null
      from public.company_members m
      join auth.users u on u.id = m.user_id
     where m.company_id = v_company.id
     order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.created_at;
end
$$;

COMMENT ON FUNCTION public.get_company_members() IS 'Any member: the members of their company (e-mail, role, joined, read-only seat), owner first.';

-- What one e-mail says, for the job function only: the author's address
-- (still opted in), the company's name, the feedback's title and the masked
-- company messages it is about. No row: nothing to send any more.
CREATE FUNCTION public.get_company_message_email(p_job_id bigint) RETURNS TABLE(email text, company_name text, feedback_id uuid, feedback_title text, messages text[])
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text,
         (select m.company_name from public.feedback_messages m
           where m.feedback_id = q.feedback_id and m.company_id = q.company_id and not m.from_author
           order by m.created_at desc limit 1),
         f.id, f.title,
         array(select m.body from public.feedback_messages m
                where m.feedback_id = q.feedback_id and m.company_id = q.company_id
                  and not m.from_author
                  and m.created_at between q.first_message_at and q.last_message_at
                order by m.created_at, m.id)
    from private.company_message_emails q
    join public.feedback f on f.id = q.feedback_id
    join public.profiles p on p.id = f.user_id
    join auth.users u on u.id = f.user_id
   where q.id = p_job_id and p.email_on_company_message and u.email is not null
     and exists (select 1 from public.feedback_messages m
                  where m.feedback_id = q.feedback_id and m.company_id = q.company_id
                    and not m.from_author
                    and m.created_at between q.first_message_at and q.last_message_at)
$$;

COMMENT ON FUNCTION public.get_company_message_email(p_job_id bigint) IS 'Service role: the content of a queued author e-mail (address, company, feedback title, masked messages); no row when the author opted out or the messages are gone.';

CREATE FUNCTION public.get_company_seats() RETURNS TABLE(plan text, seat_limit integer, members integer, pending integer, my_role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_plan text := private.company_plan(v_company.id);
begin
  return query
    select v_plan, private.seat_limit(v_plan),
           (select count(*) from public.company_members m
             where m.company_id = v_company.id and m.read_only_since is null)::integer,
           (select count(*) from public.company_invitations i
             where i.company_id = v_company.id and i.accepted_at is null and i.revoked_at is null
               and i.expires_at > now())::integer,
           private.current_company_role();
end
$$;

COMMENT ON FUNCTION public.get_company_seats() IS 'Any member: the plan, its seats (null = unlimited), members on a seat (read-only ones not counted), pending invitations and the caller''s role.';

CREATE FUNCTION public.get_company_thread(p_feedback_id uuid) RETURNS SETOF public.feedback_messages
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  v_company.domains := private.verified_domains(v_company.id);
  if not private.record_view(v_company, p_feedback_id) then
    raise exception 'Daily limit reached'
      using errcode = 'PT402',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  return query
    select * from public.feedback_messages m
     where m.feedback_id = p_feedback_id and m.company_id = v_company.id
     order by m.created_at, m.id;
end
$$;

COMMENT ON FUNCTION public.get_company_thread(p_feedback_id uuid) IS 'The caller''s company thread with the author of a feedback on its verified domains, oldest first; opens the feedback through the view allowance (PT402 when used up).';

CREATE FUNCTION public.get_feedback_triage(p_feedback_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
begin
  return jsonb_build_object(
    'assignee_id', (select t.assignee_id from public.feedback_triage t
                     where t.company_id = v_company_id and t.feedback_id = p_feedback_id),
    'priority', coalesce((select t.priority from public.feedback_triage t
                           where t.company_id = v_company_id and t.feedback_id = p_feedback_id),
                         (select f.priority from public.feedback f where f.id = p_feedback_id)),
    'members', coalesce((select jsonb_agg(jsonb_build_object('user_id', m.user_id, 'email', u.email, 'role', m.role)
                                          order by u.email)
                           from public.company_members m join auth.users u on u.id = m.user_id
                          where m.company_id = v_company_id), '[]'),
    'notes', coalesce((select jsonb_agg(jsonb_build_object('id', n.id, 'body', n.body, 'created_at', n.created_at,
                                                          'author_email', u.email) order by n.created_at)
                         from public.feedback_notes n
                         left join public.company_members m on m.company_id = n.company_id and m.user_id = n.author_id
                         left join auth.users u on u.id = m.user_id
                        where n.company_id = v_company_id and n.feedback_id = p_feedback_id), '[]'),
    'activity', coalesce((select jsonb_agg(jsonb_build_object('kind', a.kind, 'detail', a.detail,
                                                             'created_at', a.created_at, 'actor_email', u.email)
                                           order by a.created_at, a.id)
                            from public.feedback_activity a
                            left join public.company_members m on m.company_id = a.company_id and m.user_id = a.actor_id
                            left join auth.users u on u.id = m.user_id
                           where a.company_id = v_company_id and a.feedback_id = p_feedback_id), '[]'));
end
$$;

COMMENT ON FUNCTION public.get_feedback_triage(p_feedback_id uuid) IS 'A feedback''s triage inside the caller''s company: assignee, priority (the AI''s until set), the members to assign, notes and activity with members'' e-mails (former members: none).';

CREATE FUNCTION public.invite_company_member(p_email text, p_role text DEFAULT 'member'::text) RETURNS TABLE(id uuid, email text, role text, expires_at timestamp with time zone, token text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_plan text := private.company_plan(v_company.id);
  v_limit integer := private.seat_limit(v_plan);
  v_open public.company_invitations;
  v_token text := encode(extensions.gen_random_bytes(32), 'hex');
  v_row public.company_invitations;
begin
  if char_length(v_email) > 254 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid e-mail address.' using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(p_role, '') not in ('admin', 'member') then
    raise exception 'Choose Admin or Member as the role.' using errcode = 'invalid_parameter_value';
  end if;
  if exists (select 1 from public.company_members m join auth.users u on u.id = m.user_id
              where m.company_id = v_company.id and lower(u.email) = v_email) then
    raise exception 'This person is already a member of your company.' using errcode = 'unique_violation';
  end if;
  select * into v_open from public.company_invitations i
   where i.company_id = v_company.id and i.email = v_email
     and i.accepted_at is null and i.revoked_at is null
   for update;
  if v_limit is not null and private.seats_taken(v_company.id, v_open.id) >= v_limit then
    raise exception '%', private.no_seat_left_message(v_plan) using errcode = 'check_violation';
  end if;
  perform private.check_rate_limit('invite_company_member', 20, 60, interval '1 hour',
    'Too many invitations. Please try again later.');
  perform private.hit_rate_limit('invite_company_member:email:' || md5(v_email), interval '1 day', 3,
    'This address has been invited too often today. Please try again tomorrow.');
  -- A new invitation to the same address replaces the open one.
  update public.company_invitations i set revoked_at = now() where i.id = v_open.id;
  insert into public.company_invitations (company_id, email, role, token_hash, invited_by, expires_at)
  values (v_company.id, v_email, p_role, private.invitation_token_hash(v_token), auth.uid(),
          now() + interval '7 days')
  returning * into v_row;
  insert into private.company_invitation_emails (invitation_id, token) values (v_row.id, v_token);
  perform pg_notify('company_invitation_emails', '');
  return query select v_row.id, v_row.email, v_row.role, v_row.expires_at, v_token;
end
$_$;

COMMENT ON FUNCTION public.invite_company_member(p_email text, p_role text) IS 'Owner/admin: invites an e-mail address as admin or member (7 days, replaces an open invitation to the same address); checks seats and rate limits, queues the e-mail and returns the token once.';

CREATE FUNCTION public.mark_thread_read(p_feedback_id uuid, p_company_id uuid DEFAULT NULL::uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  v_company_id uuid := private.current_company_id();
  v_count integer := 0;
  v_n integer;
begin
  if v_uid is null then
    raise exception 'You need to be signed in.' using errcode = 'insufficient_privilege';
  end if;
  if exists (select 1 from public.feedback f where f.id = p_feedback_id and f.user_id = v_uid) then
    update public.feedback_messages m set read_at = now()
     where m.feedback_id = p_feedback_id and not m.from_author and m.read_at is null
       and (p_company_id is null or m.company_id = p_company_id);
    get diagnostics v_count = row_count;
    update public.notifications n set read_at = now()
     where n.user_id = v_uid and n.feedback_id = p_feedback_id
       and n.kind = 'company_message' and n.read_at is null;
  elsif v_company_id is not null and private.company_event_visible(v_company_id, p_feedback_id) then
    null;
  else
    raise exception 'This conversation is not available to you.' using errcode = 'insufficient_privilege';
  end if;
  if v_company_id is not null then
    update public.feedback_messages m set read_at = now()
     where m.feedback_id = p_feedback_id and m.company_id = v_company_id
       and m.from_author and m.read_at is null;
    get diagnostics v_n = row_count;
    v_count := v_count + v_n;
  end if;
  return v_count;
end
$$;

COMMENT ON FUNCTION public.mark_thread_read(p_feedback_id uuid, p_company_id uuid) IS 'Marks the other side''s messages of a thread read: the author''s (about their feedback, optionally one company''s, with its notifications) or the company''s (answers in its own thread on its verified domains).';

CREATE FUNCTION public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text) RETURNS public.feedback_messages
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  v_body text;
  v_feedback public.feedback;
  v_company_name text;
  v_message public.feedback_messages;
  v_answered integer;
  v_today integer;
  v_award integer := 0;
begin
  if v_uid is null then
    raise exception 'You need to be signed in.' using errcode = 'insufficient_privilege';
  end if;
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  if not found or v_feedback.user_id <> v_uid then
    raise exception 'You can only answer about your own feedback.' using errcode = 'insufficient_privilege';
  end if;
  v_body := private.clean_message(p_body);
  select m.company_name into v_company_name from public.feedback_messages m
   where m.feedback_id = p_feedback_id and m.company_id = p_company_id and not m.from_author
   order by m.created_at desc limit 1;
  if v_company_name is null then
    raise exception 'This company has not asked you anything about this feedback.' using errcode = 'PT404';
  end if;
  perform private.check_rate_limit('feedback_message_author', 20, 60, interval '10 minutes',
    'Too many messages. Please wait a few minutes.');
  -- The author's daily count and the open questions, locked: one answer
  -- rewards each question once, and parallel answers respect the cap.
  perform 1 from public.user_stats s where s.user_id = v_uid for update;
  with open as (
    update public.feedback_messages m set answered_at = now(), read_at = coalesce(m.read_at, now())
     where m.feedback_id = p_feedback_id and m.company_id = p_company_id
       and not m.from_author and m.answered_at is null
    returning m.id
  )
  select count(*) into v_answered from open;
  if v_answered > 0 and not v_feedback.self_dealing
     and not private.is_self_dealing(v_uid, v_feedback.website_host)
     and not exists (select 1 from public.company_members cm
                      where cm.company_id = p_company_id and cm.user_id = v_uid) then
    select count(*) into v_today from public.user_points up
     where up.user_id = v_uid and up.action_type = 'question_answered'
       and up.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
    for i in 1 .. least(v_answered, greatest(5 - v_today, 0)) loop
      perform private.award_points(v_uid, 'question_answered', 3, p_feedback_id);
      v_award := v_award + 3;
    end loop;
  end if;
  insert into public.feedback_messages (feedback_id, company_id, company_name, from_author, body, points_awarded)
  values (p_feedback_id, p_company_id, v_company_name, true, private.mask_contact(v_body), v_award)
  returning * into v_message;
  -- The company reads the masked text; the author keeps their own words.
  if v_message.body <> v_body then
    insert into public.feedback_message_originals (message_id, feedback_id, body)
    values (v_message.id, p_feedback_id, v_body);
  end if;
  v_message.body := v_body;
  return v_message;
end
$$;

COMMENT ON FUNCTION public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text) IS 'The author answers a company in its thread about their feedback: masked for the company, the author''s own words kept for them (feedback_message_originals, and in the row returned); answers the open questions, each earning question_answered XP once (at most 5 a UTC day; none for the company''s own members or self-dealing feedback); 20 per 10 minutes.';

CREATE FUNCTION public.post_company_message(p_feedback_id uuid, p_body text) RETURNS public.feedback_messages
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_body text := private.clean_message(p_body);
  v_feedback public.feedback;
  v_message public.feedback_messages;
begin
  -- Verified domains only, whatever require_company carries.
  v_company.domains := private.verified_domains(v_company.id);
  perform private.check_rate_limit('feedback_message_company', 30, 120, interval '10 minutes',
    'Too many messages. Please wait a few minutes.');
  if not private.record_view(v_company, p_feedback_id) then
    raise exception 'Daily limit reached'
      using errcode = 'PT402',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  insert into public.feedback_messages (feedback_id, company_id, company_name, from_author, body)
  values (p_feedback_id, v_company.id, v_company.company_name, false, v_body)
  returning * into v_message;
  insert into public.notifications (user_id, kind, feedback_id, feedback_title, company_name)
  values (v_feedback.user_id, 'company_message', v_feedback.id, v_feedback.title, v_company.company_name);
  return v_message;
end
$$;

COMMENT ON FUNCTION public.post_company_message(p_feedback_id uuid, p_body text) IS 'A member asks the anonymous author of a feedback on the company''s verified domains a question (opens it through the view allowance, PT402 when used up); the company''s own text, not masked; notifies the author; 30 per 10 minutes.';

-- A member removed by the owner or an admin learns it at once (#40 item 2),
-- on the screens they have open: the removal leaves them a notification,
-- which Realtime delivers under the table's RLS (only to them), and which
-- their activity list shows afterwards. Leaving on one's own sends none.
CREATE FUNCTION public.remove_company_member(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_member public.company_members;
begin
  select * into v_member from public.company_members m
   where m.company_id = v_company.id and m.user_id = p_user_id for update;
  if not found then
    raise exception 'This person is not a member of your company.' using errcode = 'PT404';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner cannot be removed from the company.' using errcode = 'insufficient_privilege';
  end if;
  if p_user_id <> auth.uid() and private.current_company_role() not in ('owner', 'admin') then
    raise exception 'Only the company''s owner or an admin can do this.' using errcode = 'insufficient_privilege';
  end if;
  delete from public.company_members m where m.company_id = v_company.id and m.user_id = p_user_id;
  if p_user_id <> auth.uid() then
    insert into public.notifications (user_id, kind, company_name)
    values (p_user_id, 'company_removed', v_company.company_name);
  end if;
end
$$;

COMMENT ON FUNCTION public.remove_company_member(p_user_id uuid) IS 'Owner/admin: removes a member or admin of their company (never the owner), and tells them live (a company_removed notification); any member may remove themselves. Access ends at once.';

CREATE FUNCTION public.revoke_company_invitation(p_invitation_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company_admin();
begin
  update public.company_invitations i set revoked_at = now()
   where i.id = p_invitation_id and i.company_id = v_company.id
     and i.accepted_at is null and i.revoked_at is null;
  if not found then
    raise exception 'This invitation is no longer pending.' using errcode = 'PT404';
  end if;
end
$$;

COMMENT ON FUNCTION public.revoke_company_invitation(p_invitation_id uuid) IS 'Owner/admin: revokes a pending invitation of their company; its link stops working at once.';

CREATE FUNCTION public.set_feedback_assignee(p_feedback_id uuid, p_assignee uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
  v_email text;
begin
  if p_assignee is not null then
    select u.email into v_email from public.company_members m join auth.users u on u.id = m.user_id
     where m.company_id = v_company_id and m.user_id = p_assignee;
    if not found then
      raise exception 'Assign the feedback to a member of your company.' using errcode = 'invalid_parameter_value';
    end if;
  end if;
  insert into public.feedback_triage as t (company_id, feedback_id, assignee_id)
  values (v_company_id, p_feedback_id, p_assignee)
  on conflict (company_id, feedback_id) do update set assignee_id = excluded.assignee_id, updated_at = now()
  where t.assignee_id is distinct from excluded.assignee_id;
  if found then
    perform private.log_activity(v_company_id, p_feedback_id, 'assigned', v_email);
  end if;
  return p_assignee;
end
$$;

COMMENT ON FUNCTION public.set_feedback_assignee(p_feedback_id uuid, p_assignee uuid) IS 'Assigns a feedback on the company''s verified domains to one of its members (null: unassigned); logged.';

CREATE FUNCTION public.set_feedback_priority(p_feedback_id uuid, p_priority text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
begin
  if p_priority is null or p_priority not in ('high', 'medium', 'low') then
    raise exception 'Unknown priority "%".', left(coalesce(p_priority, 'null'), 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: high, medium, low.';
  end if;
  insert into public.feedback_triage as t (company_id, feedback_id, priority)
  values (v_company_id, p_feedback_id, p_priority)
  on conflict (company_id, feedback_id) do update set priority = excluded.priority, updated_at = now()
  where t.priority is distinct from excluded.priority;
  if found then
    perform private.log_activity(v_company_id, p_feedback_id, 'priority', p_priority);
  end if;
  return p_priority;
end
$$;

COMMENT ON FUNCTION public.set_feedback_priority(p_feedback_id uuid, p_priority text) IS 'The company''s own priority for a feedback on its verified domains (high, medium, low; until set, the AI''s); logged.';

-- The owner picks who stays when the plan has fewer seats than the team.
CREATE FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_member public.company_members;
  v_plan text := private.company_plan(v_company.id);
  v_limit integer := private.seat_limit(v_plan);
begin
  if private.current_company_role() is distinct from 'owner' then
    raise exception 'Only the owner picks who keeps a seat.' using errcode = 'insufficient_privilege';
  end if;
  if p_keep is null then
    raise exception 'p_keep must be true or false.' using errcode = '22023';
  end if;
  select * into v_member from public.company_members m
   where m.company_id = v_company.id and m.user_id = p_user_id for update;
  if not found then
    raise exception 'This person is not a member of your company.' using errcode = 'invalid_parameter_value';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner always keeps a seat.' using errcode = 'check_violation';
  end if;
  if p_keep and v_member.read_only_since is not null then
    -- Serialises concurrent picks: the seat count is read under the lock.
    perform 1 from public.company_subscriptions s where s.company_id = v_company.id for update;
    if v_limit is not null and private.seats_taken(v_company.id) >= v_limit then
      raise exception '%', private.no_seat_left_message(v_plan) using errcode = 'check_violation';
    end if;
    update public.company_members m set read_only_since = null
     where m.company_id = v_company.id and m.user_id = p_user_id;
  elsif not p_keep and v_member.read_only_since is null then
    update public.company_members m set read_only_since = now()
     where m.company_id = v_company.id and m.user_id = p_user_id;
  end if;
end
$$;

COMMENT ON FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) IS 'Owner: keeps a read-only member on a free seat (p_keep) or makes a member read-only to free theirs.';

-- The backend's mail job: the invitation e-mails due, their tokens forgotten.
CREATE FUNCTION public.take_company_invitation_emails(p_limit integer DEFAULT 20) RETURNS TABLE(email text, company_name text, role text, expires_at timestamp with time zone, inviter_email text, token text)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with due as (
    delete from private.company_invitation_emails q
     where q.id in (select q2.id from private.company_invitation_emails q2
                     order by q2.id limit greatest(1, least(p_limit, 100))
                     for update skip locked)
    returning q.invitation_id, q.token
  )
  select i.email, c.company_name, i.role, i.expires_at, inv.email::text, d.token
    from due d
    join public.company_invitations i on i.id = d.invitation_id
    join public.companies c on c.id = i.company_id
    left join auth.users inv on inv.id = i.invited_by
   where i.accepted_at is null and i.revoked_at is null and d.token is not null
$$;

COMMENT ON FUNCTION public.take_company_invitation_emails(p_limit integer) IS 'Service role: takes the queued invitation e-mails (deleting them with their tokens) for the mail job to write.';

-- A bulk move says what it skipped and why (#40 item 6): the same status
-- already, or still pending (a feedback is opened before it moves on), or not
-- one the company can reach.
CREATE FUNCTION public.update_feedback_statuses(p_feedback_ids uuid[], p_new_status text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_id uuid;
  v_changed integer := 0;
  v_status text;
  v_skipped jsonb := '[]'::jsonb;
begin
  if coalesce(cardinality(p_feedback_ids), 0) > 100 then
    raise exception 'Change at most 100 feedback at once.' using errcode = 'invalid_parameter_value';
  end if;
  foreach v_id in array coalesce(p_feedback_ids, '{}') loop
    select f.status into v_status from public.feedback f
     where f.id = v_id and private.host_matches_domains(f.website_host, v_company.domains);
    if v_status is null then
      v_skipped := v_skipped || jsonb_build_object('id', v_id, 'status', null, 'reason', 'not_found');
    elsif v_status = p_new_status then
      v_skipped := v_skipped || jsonb_build_object('id', v_id, 'status', v_status, 'reason', 'same_status');
    elsif not private.can_transition(v_status, p_new_status) then
      v_skipped := v_skipped || jsonb_build_object('id', v_id, 'status', v_status,
        'reason', case when v_status = 'pending' then 'not_opened' else 'not_allowed' end);
    else
      perform public.update_feedback_status(v_id, p_new_status);
      v_changed := v_changed + 1;
    end if;
  end loop;
  return jsonb_build_object('moved', v_changed, 'skipped', v_skipped);
end
$$;

COMMENT ON FUNCTION public.update_feedback_statuses(p_feedback_ids uuid[], p_new_status text) IS 'Moves up to 100 feedback of the caller''s company to a status, each through update_feedback_status (checks, notification, XP); returns {moved, skipped: [{id, status, reason}]}, reason one of same_status, not_opened (still pending), not_allowed, not_found (not on the company''s verified domains).';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER company_inbox_counted_delete AFTER DELETE ON private.company_inbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.inbox_counted_delete();

CREATE TRIGGER company_inbox_counted_insert AFTER INSERT ON private.company_inbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.inbox_counted_insert();

CREATE TRIGGER company_inbox_counted_update AFTER UPDATE ON private.company_inbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.inbox_counted_update();

CREATE TRIGGER anonymous_owner_refused BEFORE INSERT ON public.company_members FOR EACH ROW EXECUTE FUNCTION private.refuse_anonymous_owner('user_id');

CREATE TRIGGER companies_owner_membership AFTER INSERT ON public.companies FOR EACH ROW EXECUTE FUNCTION private.company_owner_membership();

CREATE TRIGGER company_domains_inbox_delete AFTER DELETE ON public.company_domains FOR EACH ROW WHEN ((old.verified_at IS NOT NULL)) EXECUTE FUNCTION private.domain_inbox();

CREATE TRIGGER company_domains_inbox_insert AFTER INSERT ON public.company_domains FOR EACH ROW WHEN ((new.verified_at IS NOT NULL)) EXECUTE FUNCTION private.domain_inbox();

CREATE TRIGGER company_domains_inbox_update AFTER UPDATE OF company_id, domain, verified_at ON public.company_domains FOR EACH ROW WHEN (((new.company_id IS DISTINCT FROM old.company_id) OR (new.domain IS DISTINCT FROM old.domain) OR ((new.verified_at IS NULL) <> (old.verified_at IS NULL)))) EXECUTE FUNCTION private.domain_inbox();

CREATE TRIGGER company_subscriptions_fit_seats AFTER UPDATE OF subscription_type ON public.company_subscriptions FOR EACH ROW WHEN ((old.subscription_type IS DISTINCT FROM new.subscription_type)) EXECUTE FUNCTION private.subscription_fits_seats();

CREATE TRIGGER feedback_company_inbox_insert AFTER INSERT ON public.feedback FOR EACH ROW WHEN ((new.website_host IS NOT NULL)) EXECUTE FUNCTION private.feedback_inbox();

CREATE TRIGGER feedback_company_inbox_update AFTER UPDATE OF website_host, total_votes, priority, category, status, created_at ON public.feedback FOR EACH ROW WHEN (((new.website_host IS DISTINCT FROM old.website_host) OR (new.total_votes IS DISTINCT FROM old.total_votes) OR (new.priority IS DISTINCT FROM old.priority) OR (new.category IS DISTINCT FROM old.category) OR (new.status IS DISTINCT FROM old.status) OR (new.created_at IS DISTINCT FROM old.created_at))) EXECUTE FUNCTION private.feedback_inbox();

CREATE TRIGGER feedback_messages_activity AFTER INSERT ON public.feedback_messages FOR EACH ROW EXECUTE FUNCTION private.message_activity();

CREATE TRIGGER feedback_messages_inbox AFTER INSERT OR DELETE ON public.feedback_messages FOR EACH ROW EXECUTE FUNCTION private.message_inbox();

CREATE TRIGGER feedback_messages_queue_email AFTER INSERT ON public.feedback_messages FOR EACH ROW EXECUTE FUNCTION private.queue_company_message_email();

CREATE TRIGGER feedback_read_only_status BEFORE UPDATE OF status ON public.feedback FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.refuse_read_only_status();

CREATE TRIGGER feedback_status_activity AFTER UPDATE OF status ON public.feedback FOR EACH ROW WHEN ((new.status IS DISTINCT FROM old.status)) EXECUTE FUNCTION private.status_activity();

CREATE TRIGGER feedback_triage_inbox AFTER INSERT OR DELETE OR UPDATE ON public.feedback_triage FOR EACH ROW EXECUTE FUNCTION private.triage_inbox();

CREATE TRIGGER read_only_seat BEFORE UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.company_domains FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE ON public.company_invitations FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT ON public.feedback_messages FOR EACH ROW WHEN ((NOT new.from_author)) EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.feedback_notes FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.feedback_triage FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Authors read their own words" ON public.feedback_message_originals FOR SELECT TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.feedback f
  WHERE ((f.id = feedback_message_originals.feedback_id) AND (f.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY "Members and authors can read feedback views" ON public.company_feedback_views FOR SELECT TO authenticated USING (((company_id = ( SELECT private.current_company_id() AS current_company_id)) OR (feedback_id IN ( SELECT f.id
   FROM public.feedback f
  WHERE (f.user_id = ( SELECT auth.uid() AS uid))))));

-- One SELECT policy (Supabase's advisors: multiple_permissive_policies):
-- the company's members read its threads, an author the threads about their
-- own feedback.
CREATE POLICY "Members and authors read the threads" ON public.feedback_messages FOR SELECT TO authenticated USING (((company_id = ( SELECT private.current_company_id() AS current_company_id)) OR (EXISTS ( SELECT 1
   FROM public.feedback f
  WHERE ((f.id = feedback_messages.feedback_id) AND (f.user_id = ( SELECT auth.uid() AS uid)))))));

CREATE POLICY "Members can read their company" ON public.companies FOR SELECT TO authenticated USING ((id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members can read their company's domains" ON public.company_domains FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members can read their company's members" ON public.company_members FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members can read their company's subscription" ON public.company_subscriptions FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members read their company's activity" ON public.feedback_activity FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members read their company's notes" ON public.feedback_notes FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Members read their company's triage" ON public.feedback_triage FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Owners and admins can update their company" ON public.companies FOR UPDATE TO authenticated USING ((id = ( SELECT private.current_company_admin_id() AS current_company_admin_id))) WITH CHECK ((id = ( SELECT private.current_company_admin_id() AS current_company_admin_id)));

-- ---------- realtime -------------------------------------------------------

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback_activity;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback_messages;

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.call_send_invitations() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.clean_message(p_body text) FROM PUBLIC;

GRANT ALL ON TABLE private.company_inbox TO service_role;

REVOKE ALL ON FUNCTION private.company_inbox_source(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_inbox_total(p_company_id uuid, p_domain text, p_category text, p_status text, p_none boolean, p_assignee uuid, p_unanswered boolean) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_message_email_gap() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_owner_membership() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_plan(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_unanswered(p_company_id uuid, p_feedback_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.current_company_admin_id() FROM PUBLIC;
GRANT ALL ON FUNCTION private.current_company_admin_id() TO authenticated;

REVOKE ALL ON FUNCTION private.current_company_id() FROM PUBLIC;
GRANT ALL ON FUNCTION private.current_company_id() TO authenticated;

REVOKE ALL ON FUNCTION private.current_company_role() FROM PUBLIC;
GRANT ALL ON FUNCTION private.current_company_role() TO authenticated;

REVOKE ALL ON FUNCTION private.domain_inbox() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.feedback_inbox() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.fit_seats(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.inbox_counted_delete() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.inbox_counted_insert() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.inbox_counted_update() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.invitation_token_hash(p_token text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_self_dealing(p_user_id uuid, p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.log_activity(p_company_id uuid, p_feedback_id uuid, p_kind text, p_detail text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.message_activity() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.message_inbox() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.no_seat_left_message(p_plan text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.priority_rank(p_priority text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.queue_company_message_email() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.read_only_seat_message() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.rebuild_company_inbox(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.refuse_read_only_seat() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.refuse_read_only_status() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_company_admin() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_triage(p_feedback_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.seat_limit(p_plan text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.seats_taken(p_company_id uuid, p_except uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.session_meets_mfa() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.status_activity() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.subscription_fits_seats() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.triage_inbox() FROM PUBLIC;

REVOKE ALL ON FUNCTION public.accept_company_invitation(p_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.accept_company_invitation(p_token text) TO service_role, authenticated;

REVOKE ALL ON TABLE public.feedback_notes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_notes TO service_role;
GRANT SELECT ON TABLE public.feedback_notes TO authenticated;

REVOKE ALL ON FUNCTION public.add_feedback_note(p_feedback_id uuid, p_body text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.add_feedback_note(p_feedback_id uuid, p_body text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.change_company_member_role(p_user_id uuid, p_role text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.change_company_member_role(p_user_id uuid, p_role text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_domains() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_domains() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_inbox(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_sort text, p_assignee text, p_unanswered boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_inbox(p_page integer, p_page_size integer, p_search text, p_domain text, p_category text, p_status text, p_from timestamp with time zone, p_to timestamp with time zone, p_sort text, p_assignee text, p_unanswered boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_invitation(p_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_invitation(p_token text) TO service_role, anon, authenticated;

REVOKE ALL ON FUNCTION public.get_company_invitations() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_invitations() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_members() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_members() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_message_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_message_email(p_job_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.get_company_seats() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_seats() TO service_role, authenticated;

REVOKE ALL ON TABLE public.feedback_messages FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_messages TO service_role;
GRANT SELECT ON TABLE public.feedback_messages TO authenticated;

REVOKE ALL ON TABLE public.feedback_message_originals FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE public.feedback_message_originals TO authenticated;
GRANT ALL ON TABLE public.feedback_message_originals TO service_role;

REVOKE ALL ON FUNCTION public.get_company_thread(p_feedback_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_thread(p_feedback_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_feedback_triage(p_feedback_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_feedback_triage(p_feedback_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.invite_company_member(p_email text, p_role text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.invite_company_member(p_email text, p_role text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.mark_thread_read(p_feedback_id uuid, p_company_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.mark_thread_read(p_feedback_id uuid, p_company_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.post_company_message(p_feedback_id uuid, p_body text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.post_company_message(p_feedback_id uuid, p_body text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.remove_company_member(p_user_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.remove_company_member(p_user_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.revoke_company_invitation(p_invitation_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.revoke_company_invitation(p_invitation_id uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_feedback_assignee(p_feedback_id uuid, p_assignee uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_feedback_assignee(p_feedback_id uuid, p_assignee uuid) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_feedback_priority(p_feedback_id uuid, p_priority text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_feedback_priority(p_feedback_id uuid, p_priority text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.take_company_invitation_emails(p_limit integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.take_company_invitation_emails(p_limit integer) TO service_role;

REVOKE ALL ON FUNCTION public.update_feedback_statuses(p_feedback_ids uuid[], p_new_status text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.update_feedback_statuses(p_feedback_ids uuid[], p_new_status text) TO service_role, authenticated;

GRANT ALL ON TABLE private.company_inbox_counts TO service_role;

REVOKE ALL ON TABLE public.company_invitations FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_invitations TO service_role;

REVOKE ALL ON TABLE public.company_members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_members TO service_role;
GRANT SELECT ON TABLE public.company_members TO authenticated;

REVOKE ALL ON TABLE public.feedback_activity FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_activity TO service_role;
GRANT SELECT ON TABLE public.feedback_activity TO authenticated;

REVOKE ALL ON SEQUENCE public.feedback_activity_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.feedback_activity_id_seq TO anon, authenticated, service_role;

REVOKE ALL ON TABLE public.feedback_triage FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.feedback_triage TO service_role;
GRANT SELECT ON TABLE public.feedback_triage TO authenticated;
