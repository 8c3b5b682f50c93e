-- =============================================================================
-- Integrations and background jobs: webhooks, the digest, tracker hand-off,
-- the AI step, the job queues and their schedule
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.company_webhooks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    url text NOT NULL,
    format text DEFAULT 'json'::text NOT NULL,
    secret text DEFAULT encode(extensions.gen_random_bytes(24), 'hex'::text) NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_webhooks_format_known CHECK ((format = ANY (ARRAY['json'::text, 'slack'::text]))),
    CONSTRAINT company_webhooks_url_length CHECK ((char_length(url) <= 2000))
);

COMMENT ON TABLE public.company_webhooks IS 'HTTPS endpoints a company receives new feedback at (anonymised, HMAC-SHA256 signed with secret). Created through create_company_webhook; readable and removable by the owner.';

COMMENT ON COLUMN public.company_webhooks.format IS 'json: the anonymised feedback object; slack: {text} for Slack-compatible incoming webhooks.';

COMMENT ON COLUMN public.company_webhooks.secret IS 'Key of the X-Peega-Signature header: sha256=<hex HMAC-SHA256 of the raw body>.';

ALTER TABLE ONLY public.company_webhooks
    ADD CONSTRAINT company_webhooks_once UNIQUE (company_id, url);

ALTER TABLE ONLY public.company_webhooks
    ADD CONSTRAINT company_webhooks_pkey PRIMARY KEY (id);

CREATE INDEX company_webhooks_company_id_idx ON public.company_webhooks USING btree (company_id);

ALTER TABLE public.company_webhooks ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.issue_links (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    provider text NOT NULL,
    feedback_id uuid,
    topic_id uuid,
    external_id text NOT NULL,
    external_key text NOT NULL,
    url text NOT NULL,
    state text DEFAULT 'open'::text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    closed_completed integer,
    closed_kept_rejected integer,
    CONSTRAINT issue_links_one_target CHECK ((num_nonnulls(feedback_id, topic_id) = 1)),
    CONSTRAINT issue_links_provider_known CHECK ((provider = ANY (ARRAY['github'::text, 'gitlab'::text, 'linear'::text, 'jira'::text]))),
    CONSTRAINT issue_links_state_known CHECK ((state = ANY (ARRAY['open'::text, 'closed'::text]))),
    CONSTRAINT issue_links_url_web CHECK ((url ~ '^https?://'::text))
);

COMMENT ON TABLE public.issue_links IS 'Issues created in a company''s tracker from a feedback or a topic (#22); read by members, written by the integrations functions.';

COMMENT ON COLUMN public.issue_links.closed_completed IS 'Feedback the tracker''s close completed (null: not closed, or closing completes nothing).';

COMMENT ON COLUMN public.issue_links.closed_kept_rejected IS 'Feedback the close left rejected, as the company decided.';

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_external_unique UNIQUE (company_id, provider, external_id);

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_pkey PRIMARY KEY (id);

CREATE INDEX issue_links_created_by_idx ON public.issue_links USING btree (created_by) WHERE (created_by IS NOT NULL);

CREATE INDEX issue_links_feedback_fk_idx ON public.issue_links USING btree (feedback_id) WHERE (feedback_id IS NOT NULL);

CREATE UNIQUE INDEX issue_links_feedback_idx ON public.issue_links USING btree (company_id, provider, feedback_id) WHERE (feedback_id IS NOT NULL);

CREATE INDEX issue_links_topic_fk_idx ON public.issue_links USING btree (topic_id) WHERE (topic_id IS NOT NULL);

CREATE UNIQUE INDEX issue_links_topic_idx ON public.issue_links USING btree (company_id, provider, topic_id) WHERE (topic_id IS NOT NULL);

ALTER TABLE public.issue_links ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.background_queues (
    queue text NOT NULL,
    job_table regclass NOT NULL,
    has_feedback boolean NOT NULL,
    has_sent_at boolean NOT NULL
);

COMMENT ON TABLE private.background_queues IS 'The background-job queues claim_background_jobs / finish_background_job serve: their table and which optional columns it has. Server-only.';

ALTER TABLE ONLY private.background_queues
    ADD CONSTRAINT background_queues_job_table_key UNIQUE (job_table);

ALTER TABLE ONLY private.background_queues
    ADD CONSTRAINT background_queues_pkey PRIMARY KEY (queue);

ALTER TABLE private.background_queues ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_digests (
    company_id uuid NOT NULL,
    last_sent_at timestamp with time zone NOT NULL
);

COMMENT ON TABLE private.company_digests IS 'When each company last got its daily digest.';

ALTER TABLE ONLY private.company_digests
    ADD CONSTRAINT company_digests_pkey PRIMARY KEY (company_id);

ALTER TABLE private.company_digests ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.company_integrations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_id uuid NOT NULL,
    provider text NOT NULL,
    config jsonb DEFAULT '{}'::jsonb NOT NULL,
    token_ciphertext text NOT NULL,
    token_hint text NOT NULL,
    webhook_secret_ciphertext text NOT NULL,
    complete_on_close boolean DEFAULT true NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_integrations_config_object CHECK ((jsonb_typeof(config) = 'object'::text)),
    CONSTRAINT company_integrations_hint_short CHECK ((char_length(token_hint) <= 4)),
    CONSTRAINT company_integrations_provider_known CHECK ((provider = ANY (ARRAY['github'::text, 'gitlab'::text, 'linear'::text, 'jira'::text]))),
    CONSTRAINT company_integrations_secret_encrypted CHECK ((webhook_secret_ciphertext ~~ 'v1:%'::text)),
    CONSTRAINT company_integrations_token_encrypted CHECK ((token_ciphertext ~~ 'v1:%'::text))
);

COMMENT ON TABLE private.company_integrations IS 'A company''s connection to an issue tracker (#22): settings, the encrypted token and webhook secret (ciphertext only). No client role has any privilege.';

ALTER TABLE ONLY private.company_integrations
    ADD CONSTRAINT company_integrations_one_per_provider UNIQUE (company_id, provider);

ALTER TABLE ONLY private.company_integrations
    ADD CONSTRAINT company_integrations_pkey PRIMARY KEY (id);

CREATE INDEX company_integrations_created_by_idx ON private.company_integrations USING btree (created_by) WHERE (created_by IS NOT NULL);

ALTER TABLE private.company_integrations ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.company_webhook_deliveries (
    id bigint NOT NULL,
    webhook_id uuid NOT NULL,
    company_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    response_status integer,
    delivered_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_webhook_deliveries_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE public.company_webhook_deliveries IS 'Delivery queue and log of webhooks: one row per endpoint and new feedback; the worker retries with backoff and leaves failed rows with their last error. NOTIFY company_webhook_deliveries on insert.';

ALTER TABLE public.company_webhook_deliveries ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.company_webhook_deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.company_webhook_deliveries
    ADD CONSTRAINT company_webhook_deliveries_once UNIQUE (webhook_id, feedback_id);

ALTER TABLE ONLY public.company_webhook_deliveries
    ADD CONSTRAINT company_webhook_deliveries_pkey PRIMARY KEY (id);

CREATE INDEX company_webhook_deliveries_company_idx ON public.company_webhook_deliveries USING btree (company_id, created_at DESC);

CREATE INDEX company_webhook_deliveries_due_idx ON public.company_webhook_deliveries USING btree (status, run_after, id);

CREATE INDEX company_webhook_deliveries_feedback_id_idx ON public.company_webhook_deliveries USING btree (feedback_id);

ALTER TABLE public.company_webhook_deliveries ENABLE ROW LEVEL SECURITY;

-- The e-mail of waiting feedback (#35): when the owner of a domain verifies
-- it, each author whose feedback waited for it is told once in the app
-- (private.domain_owner_joined) and, if they turned it on in their account
-- settings, by e-mail ("the owner of shop.example joined Peega and can now
-- read your feedback"). send-owner-joined-emails drains the queue; the
-- company never learns who was told.
CREATE TABLE private.owner_joined_emails (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    domain text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT owner_joined_emails_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.owner_joined_emails IS 'E-mails to opted-in authors whose feedback waited for a domain that was just verified, one per author and domain. Claimed by send-owner-joined-emails.';

ALTER TABLE private.owner_joined_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.owner_joined_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.owner_joined_emails
    ADD CONSTRAINT owner_joined_emails_once UNIQUE (user_id, domain);

ALTER TABLE ONLY private.owner_joined_emails
    ADD CONSTRAINT owner_joined_emails_pkey PRIMARY KEY (id);

CREATE INDEX owner_joined_emails_due ON private.owner_joined_emails USING btree (status, run_after);

ALTER TABLE private.owner_joined_emails ENABLE ROW LEVEL SECURITY;

-- The owner's trial e-mails (#35): 3 days and 1 day before the end, and the
-- end.
CREATE TABLE private.trial_emails (
    id bigint NOT NULL,
    company_id uuid NOT NULL,
    kind text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trial_emails_kind_known CHECK ((kind = ANY (ARRAY['ends_in_3_days'::text, 'ends_in_1_day'::text, 'ended'::text]))),
    CONSTRAINT trial_emails_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

COMMENT ON TABLE private.trial_emails IS 'The trial e-mails to a company''s owner, one per company and kind; claimed by run-trials.';

ALTER TABLE private.trial_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.trial_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.trial_emails
    ADD CONSTRAINT trial_emails_once UNIQUE (company_id, kind);

ALTER TABLE ONLY private.trial_emails
    ADD CONSTRAINT trial_emails_pkey PRIMARY KEY (id);

CREATE INDEX trial_emails_due ON private.trial_emails USING btree (status, run_after);

ALTER TABLE private.trial_emails ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.company_digests
    ADD CONSTRAINT company_digests_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_integrations
    ADD CONSTRAINT company_integrations_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_integrations
    ADD CONSTRAINT company_integrations_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.owner_joined_emails
    ADD CONSTRAINT owner_joined_emails_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.trial_emails
    ADD CONSTRAINT trial_emails_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_webhook_deliveries
    ADD CONSTRAINT company_webhook_deliveries_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_webhook_deliveries
    ADD CONSTRAINT company_webhook_deliveries_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_webhook_deliveries
    ADD CONSTRAINT company_webhook_deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES public.company_webhooks(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.company_webhooks
    ADD CONSTRAINT company_webhooks_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.issue_links
    ADD CONSTRAINT issue_links_topic_id_fkey FOREIGN KEY (topic_id) REFERENCES public.feedback_topics(id) ON DELETE CASCADE;

-- ---------- functions ------------------------------------------------------

CREATE FUNCTION private.call_job_function_when_due() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- TG_ARGV: the function and its body. Only jobs that are due now: a
  -- delivery waiting for the AI step is called when it is released (an
  -- UPDATE of run_after) or by the schedule.
  if exists (select 1 from due_rows d where d.status = 'pending' and d.run_after <= now()) then
    perform private.invoke_job_function(tg_argv[0], tg_argv[1]::jsonb);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.call_job_function_when_due() IS 'Database webhook of a job queue (statement trigger): calls the job function through pg_net when a changed row is due now.';

CREATE FUNCTION private.verified_domains(p_company_id uuid) RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(d.domain order by d.domain), '{}')
    from public.company_domains d
   where d.company_id = p_company_id and d.verified_at is not null
$$;

-- Who may see (and so vote on) a feedback: its author, a company whose domain
-- it matches, and any signed-in user through the anonymised similar-feedback
-- suggestions for its site (not rejected, not spam, with a website).
CREATE FUNCTION private.can_see_feedback(p_user_id uuid, p_feedback public.feedback) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p_user_id is not null and (
    p_feedback.user_id = p_user_id
    or (p_feedback.website_host is not null
        and p_feedback.status <> 'rejected'
        and not p_feedback.is_spam)
    or exists (
      select 1 from public.company_members m
       where m.user_id = p_user_id
         and private.host_matches_domains(p_feedback.website_host, private.verified_domains(m.company_id)))
  )
$$;

COMMENT ON FUNCTION private.can_see_feedback(p_user_id uuid, p_feedback public.feedback) IS 'True when the user is the author, owns a matching company, or can meet the feedback among the anonymised suggestions for its site.';

-- Defined before the policies that call it.
CREATE FUNCTION private.company_can_read_media(p_bucket text, p_name text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case p_bucket
    when 'screenshots' then exists (
      select 1 from public.feedback f
        join public.company_members m on m.user_id = auth.uid()
       where f.screenshot_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(m.company_id)))
    when 'audio' then exists (
      select 1 from public.feedback f
        join public.company_members m on m.user_id = auth.uid()
       where f.audio_url = p_name
         and private.host_matches_domains(f.website_host, private.verified_domains(m.company_id)))
    else false
  end
$$;

COMMENT ON FUNCTION private.company_can_read_media(p_bucket text, p_name text) IS 'True when the object is the screenshot or audio of a feedback that belongs to the signed-in user''s company.';

-- Policy helper: the event's feedback is on a domain the company verified.
CREATE FUNCTION private.company_event_visible(p_company_id uuid, p_feedback_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.feedback f
     where f.id = p_feedback_id
       and private.host_matches_domains(f.website_host, private.verified_domains(p_company_id)))
$$;

COMMENT ON FUNCTION private.company_event_visible(p_company_id uuid, p_feedback_id uuid) IS 'True when the feedback of a company event is on one of the company''s verified domains (RLS of company_feedback_events, so realtime too).';

-- A company completes a feedback without a signed-in member (a tracker closed
-- its issue): pending goes through read, as opening it would. False when it
-- was already completed, was rejected, or is no longer on the company's
-- verified domains.
CREATE FUNCTION private.complete_company_feedback(p_company_id uuid, p_feedback_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies;
  v_feedback public.feedback;
begin
  select * into v_company from public.companies c where c.id = p_company_id;
  if not found then
    return false;
  end if;
  v_company.domains := private.verified_domains(p_company_id);
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  -- Only what is still open moves: a verdict the company gave (rejected)
  -- stands when a tracker closes the issue (#40 item 1).
  if not found or v_feedback.status in ('completed', 'rejected')
     or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
    return false;
  end if;
  if v_feedback.status = 'pending' then
    perform private.set_company_feedback_status(v_company, p_feedback_id, 'read');
  end if;
  perform private.set_company_feedback_status(v_company, p_feedback_id, 'completed');
  return true;
end
$$;

COMMENT ON FUNCTION private.complete_company_feedback(p_company_id uuid, p_feedback_id uuid) IS 'Completes one open (pending, read, in progress) feedback for a company (no signed-in user: a tracker webhook); true when it moved. Rejected feedback stays rejected. Notification and XP come from the feedback triggers.';

-- A topic is completed with every confirmed feedback in it.
CREATE FUNCTION private.complete_topic(p_topic_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topic public.feedback_topics;
  v_feedback_id uuid;
  v_moved integer := 0;
begin
  select * into v_topic from public.feedback_topics t where t.id = p_topic_id for update;
  if not found then
    return 0;
  end if;
  if v_topic.status <> 'completed' then
    update public.feedback_topics t
       set status = 'completed', status_changed_at = now(), completed_at = now(), updated_at = now()
     where t.id = p_topic_id;
  end if;
  for v_feedback_id in
    select i.feedback_id from public.feedback_topic_items i
     where i.topic_id = p_topic_id and i.state = 'confirmed'
     order by i.added_at
  loop
    if private.complete_company_feedback(v_topic.company_id, v_feedback_id) then
      v_moved := v_moved + 1;
    end if;
  end loop;
  return v_moved;
end
$$;

COMMENT ON FUNCTION private.complete_topic(p_topic_id uuid) IS 'Completes a topic (status, completed_at) and each of its confirmed feedback; returns how many feedback moved.';

CREATE FUNCTION private.install_background_jobs() RETURNS text[]
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_done text[] := array[]::text[];
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null then
    drop trigger if exists webhook_deliveries_call_inserted on public.company_webhook_deliveries;
    drop trigger if exists webhook_deliveries_call_updated on public.company_webhook_deliveries;
    drop trigger if exists feedback_processing_call_inserted on private.feedback_processing_jobs;
    create trigger webhook_deliveries_call_inserted
      after insert on public.company_webhook_deliveries
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('deliver-webhooks', '{}');
    create trigger webhook_deliveries_call_updated
      after update on public.company_webhook_deliveries
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('deliver-webhooks', '{}');
    create trigger feedback_processing_call_inserted
      after insert on private.feedback_processing_jobs
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('process-feedback', '{"queue": "feedback_processing"}');
    drop trigger if exists company_invitation_emails_call on private.company_invitation_emails;
    create trigger company_invitation_emails_call
      after insert on private.company_invitation_emails
      for each statement
      execute function private.call_send_invitations();
    drop trigger if exists company_message_emails_call on private.company_message_emails;
    create trigger company_message_emails_call
      after insert on private.company_message_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-message-emails', '{}');
    drop trigger if exists topic_completion_emails_call on private.topic_completion_emails;
    create trigger topic_completion_emails_call
      after insert on private.topic_completion_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-topic-emails', '{}');
    drop trigger if exists owner_joined_emails_call on private.owner_joined_emails;
    create trigger owner_joined_emails_call
      after insert on private.owner_joined_emails
      referencing new table as due_rows
      for each statement
      execute function private.call_job_function_when_due('send-owner-joined-emails', '{}');
    v_done := array_append(v_done, 'pg_net triggers'::text);
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    -- cron.schedule replaces a job of the same name: re-running is safe.
    perform cron.schedule('peega-deliver-webhooks', '* * * * *',
      $cmd$select private.invoke_job_function('deliver-webhooks', '{}')$cmd$);
    perform cron.schedule('peega-process-feedback', '* * * * *',
      $cmd$select private.invoke_job_function('process-feedback', '{"queue": "feedback_processing"}')$cmd$);
    perform cron.schedule('peega-send-invitations', '* * * * *',
      $cmd$select private.invoke_job_function('send-invitations', '{}')$cmd$);
    -- Throttled e-mails become due without any insert: every minute.
    perform cron.schedule('peega-send-message-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-message-emails', '{}')$cmd$);
    -- Retries of the "completed" e-mails (#22) become due without an insert.
    perform cron.schedule('peega-send-topic-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-topic-emails', '{}')$cmd$);
    perform cron.schedule('peega-send-digests', '7 * * * *',
      $cmd$select private.invoke_job_function('send-digests', '{}')$cmd$);
    -- Weekly: Mondays, every hour (minute 17), so a failed e-mail's retry is
    -- drained the same day; the queue sends one per member and week
    -- (20261128020100_weekly_summaries.sql).
    perform cron.schedule('peega-send-weekly-summaries', '17 * * * 1',
      $cmd$select private.invoke_job_function('send-weekly-summaries', '{}')$cmd$);
    -- The trial's clock (#35): ends trials on time, queues and sends the
    -- owner's reminders; every minute so an ending trial is Free within one.
    perform cron.schedule('peega-run-trials', '* * * * *',
      $cmd$select private.invoke_job_function('run-trials', '{}')$cmd$);
    -- Retries of the "owner joined" e-mails (#35).
    perform cron.schedule('peega-send-owner-joined-emails', '* * * * *',
      $cmd$select private.invoke_job_function('send-owner-joined-emails', '{}')$cmd$);
    v_done := array_append(v_done, 'pg_cron schedules'::text);
  end if;
  return v_done;
end
$_$;

COMMENT ON FUNCTION private.install_background_jobs() IS 'Creates the pg_net database webhooks and pg_cron schedules of the job functions where those extensions are installed; safe to re-run.';

CREATE FUNCTION private.invoke_job_function(p_name text, p_body jsonb DEFAULT '{}'::jsonb) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_url text := private.job_setting('project_url');
  v_key text := private.job_setting('service_role_key');
  v_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  if v_url is null or v_key is null then
    raise warning 'Background job % not called: set project_url and service_role_key in Vault (docs/background-jobs.md).', p_name;
    return null;
  end if;
  -- Dynamic: the net schema exists only where pg_net is installed.
  execute 'select net.http_post(url => $1, body => $2, params => ''{}''::jsonb, headers => $3, timeout_milliseconds => $4)'
    into v_id
    using rtrim(v_url, '/') || '/functions/v1/' || p_name,
          p_body,
          jsonb_build_object('content-type', 'application/json', 'authorization', 'Bearer ' || v_key),
          60000;
  return v_id;
end
$_$;

COMMENT ON FUNCTION private.invoke_job_function(p_name text, p_body jsonb) IS 'Calls an edge function as the service role through pg_net (asynchronous; sent after commit). Null where pg_net or the settings are missing.';

-- Mirrors isPrivateAddress in shared/domain/webhooks.ts (literal hosts only;
-- the worker also refuses names that resolve to private addresses).
CREATE FUNCTION private.is_private_host(p_host text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_host = 'localhost' or p_host like '%.localhost' or p_host like '%.local'
      or p_host like '%.internal'
      or p_host ~ '^(0|10|127)\.' or p_host ~ '^169\.254\.' or p_host ~ '^192\.168\.'
      or p_host ~ '^172\.(1[6-9]|2[0-9]|3[01])\.' or p_host ~ '^100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\.'
      or p_host like '[%'
$$;

COMMENT ON FUNCTION private.is_private_host(p_host text) IS 'True for localhost, .local/.internal names, IPv4 literals in private, loopback, link-local or CGNAT ranges, and any IPv6 literal.';

CREATE FUNCTION private.job_setting(p_name text) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
      into v using p_name;
  end if;
  if v is null then
    select s.value into v from private.settings s where s.key = p_name;
  end if;
  return v;
end
$_$;

COMMENT ON FUNCTION private.job_setting(p_name text) IS 'A setting of the job calls (project_url, service_role_key): Vault first, then private.settings.';

CREATE FUNCTION private.queue_webhook_deliveries() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.website_host is null then
    return null;
  end if;
  insert into public.company_webhook_deliveries (webhook_id, company_id, feedback_id, run_after)
  select w.id, w.company_id, new.id,
         case when new.ai_processed_at is null then now() + private.webhook_ai_wait() else now() end
    from public.company_webhooks w
   where w.active
     and private.host_matches_domains(new.website_host, private.verified_domains(w.company_id))
  on conflict do nothing;
  if found and new.ai_processed_at is not null then
    perform pg_notify('company_webhook_deliveries', new.id::text);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.queue_webhook_deliveries() IS 'After a feedback is inserted: one delivery per active webhook of each company that verified its domain, due once the AI step is done (private.release_webhook_deliveries) or after private.webhook_ai_wait().';

CREATE FUNCTION private.release_webhook_deliveries() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.company_webhook_deliveries d
     set run_after = now()
   where d.feedback_id = new.id and d.status = 'pending' and d.attempts = 0
     and d.run_after > now();
  if found then
    perform pg_notify('company_webhook_deliveries', new.id::text);
  end if;
  return null;
end
$$;

COMMENT ON FUNCTION private.release_webhook_deliveries() IS 'After the AI result of a feedback is stored: its waiting webhook deliveries are due now.';

-- The body of update_feedback_status for a known company, so the webhook
-- path (no signed-in user) makes the same checked move.
CREATE FUNCTION private.set_company_feedback_status(p_company public.companies, p_feedback_id uuid, p_status text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_feedback public.feedback;
begin
  if p_status is null or p_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(coalesce(p_status, 'null'), 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: read, in_progress, completed, rejected.';
  end if;
  select * into v_feedback from public.feedback f where f.id = p_feedback_id for update;
  if not found or not private.host_matches_domains(v_feedback.website_host, p_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  if v_feedback.status = p_status then
    return p_status;
  end if;
  if not private.can_transition(v_feedback.status, p_status) then
    raise exception 'A feedback cannot move from % to %.', v_feedback.status, p_status
      using errcode = 'invalid_parameter_value',
            hint = 'pending → read → in_progress, completed or rejected.';
  end if;
  update public.feedback f set status = p_status where f.id = p_feedback_id;
  return p_status;
end
$$;

COMMENT ON FUNCTION private.set_company_feedback_status(p_company public.companies, p_feedback_id uuid, p_status text) IS 'Moves a feedback on the company''s (verified) domains along the workflow; the feedback triggers notify the author and award +10 XP once on completed.';

COMMENT ON FUNCTION private.verified_domains(p_company_id uuid) IS 'The domains a company has proven it owns.';

CREATE FUNCTION private.webhook_ai_wait() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '60 seconds' $$;

COMMENT ON FUNCTION private.webhook_ai_wait() IS 'How long a new feedback''s webhook deliveries and digest entries wait for the AI step before going out without it.';

-- The trial's clock (run-trials): ends the trials due at p_now (Free again;
-- the team fits its seats) and queues the owner's e-mails: 3 days before, 1
-- day before, the end. Each once per company, however often it runs.
CREATE FUNCTION public.advance_trials(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ended integer;
  v_queued integer;
begin
  if p_now is null then
    raise exception 'p_now is required.' using errcode = '22023';
  end if;
  with ended as (
    update public.company_subscriptions s
       set subscription_type = 'free', trial_status = 'ended'
     where s.trial_status = 'active' and s.trial_ends_at <= p_now
    returning s.company_id
  ), mails as (
    insert into private.trial_emails (company_id, kind)
    select e.company_id, 'ended' from ended e
    on conflict do nothing
  )
  select count(*) into v_ended from ended;
  with due as (
    select s.company_id,
           case when s.trial_ends_at - p_now <= interval '1 day' then 'ends_in_1_day'
                else 'ends_in_3_days' end as kind
      from public.company_subscriptions s
     where s.trial_status = 'active' and s.trial_ends_at > p_now
       and s.trial_ends_at - p_now <= interval '3 days'
  ), queued as (
    insert into private.trial_emails (company_id, kind)
    select d.company_id, d.kind from due d
    on conflict do nothing
    returning 1
  )
  select count(*) into v_queued from queued;
  return jsonb_build_object('ended', v_ended, 'queued', v_queued);
end
$$;

COMMENT ON FUNCTION public.advance_trials(p_now timestamp with time zone) IS 'Server-only (run-trials): ends the trials due at p_now and queues the owner''s reminder and end e-mails, each once per company.';

-- Who is changing the company's integrations: the edge function asks with
-- the caller's JWT before it encrypts and stores anything.
CREATE FUNCTION public.authorize_integration_admin() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company_admin();
begin
  return jsonb_build_object('company_id', v_company.id, 'actor_id', auth.uid());
end
$$;

COMMENT ON FUNCTION public.authorize_integration_admin() IS 'The caller''s company id and user id when they are its owner or an admin (42501 otherwise); the integrations function asks before connecting a tracker.';

CREATE FUNCTION public.claim_background_jobs(p_queue text, p_limit integer DEFAULT 5, p_lease_seconds integer DEFAULT 300) RETURNS TABLE(id bigint, attempts integer, feedback_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_queue private.background_queues;
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'p_limit must be between 1 and 100' using errcode = '22023';
  end if;
  select * into v_queue from private.background_queues q where q.queue = p_queue;
  if not found then
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
  return query execute format(
    'update %1$s e
        set status = ''running'', attempts = e.attempts + 1, locked_at = now()
      where e.id in (
        select q.id from %1$s q
         where (q.status = ''pending'' and q.run_after <= now())
            or (q.status = ''running'' and q.locked_at < now() - make_interval(secs => $2))
         order by q.run_after, q.id
         limit $1
         for update skip locked)
     returning e.id, e.attempts, %2$s',
    v_queue.job_table,
    case when v_queue.has_feedback then 'e.feedback_id' else 'null::uuid' end)
  using p_limit, p_lease_seconds;
end
$_$;

COMMENT ON FUNCTION public.claim_background_jobs(p_queue text, p_limit integer, p_lease_seconds integer) IS 'Server-only: claims up to p_limit due jobs of a queue of private.background_queues with FOR UPDATE SKIP LOCKED, so concurrent callers never take the same job.';

-- The tracker closed an issue: the link is closed once; with
-- complete_on_close the feedback or topic is completed. Replays change nothing.
-- The AI preview (process-feedback called by a client, as the test page does)
-- spends the operator's LLM budget: each call counts for the caller's account
-- and address, which the function knows (the gateway's X-Forwarded-For, the
-- user the caller's token names) and a client cannot claim (#40 item 25).
CREATE FUNCTION public.take_ai_preview(p_user_id uuid, p_address text, p_per_account integer, p_per_address integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_message text := 'Too many AI previews in a short time. Please wait a little and try again.';
begin
  if p_user_id is not null then
    perform private.hit_rate_limit('ai_preview:account:' || p_user_id::text, interval '1 hour',
      greatest(coalesce(p_per_account, 0), 0), v_message);
  end if;
  perform private.hit_rate_limit(
    'ai_preview:address:' || md5('ai_preview:' || coalesce(nullif(btrim(p_address), ''), 'unknown')),
    interval '1 hour', greatest(coalesce(p_per_address, 0), 0), v_message);
end
$$;

COMMENT ON FUNCTION public.take_ai_preview(p_user_id uuid, p_address text, p_per_account integer, p_per_address integer) IS 'Service role (process-feedback): counts one AI preview for the caller''s account (when signed in) and address in the current hour; past either limit raises HTTP 429 with Retry-After.';

-- A tracker's "issue closed" completes only what is still open (rejected
-- feedback stays rejected), and the link keeps what the close changed for the
-- topic (or feedback) screen to show (#40 item 1).
CREATE FUNCTION public.close_tracker_issue(p_integration_id uuid, p_external_id text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_integration private.company_integrations;
  v_link public.issue_links;
  v_moved integer := 0;
  v_kept integer := 0;
begin
  select * into v_integration from private.company_integrations i where i.id = p_integration_id;
  if not found then
    return jsonb_build_object('matched', false);
  end if;
  select * into v_link from public.issue_links l
   where l.company_id = v_integration.company_id and l.provider = v_integration.provider
     and l.external_id = p_external_id
   for update;
  if not found then
    return jsonb_build_object('matched', false);
  end if;
  if v_link.state = 'closed' then
    return jsonb_build_object('matched', true, 'changed', false);
  end if;
  update public.issue_links l set state = 'closed', closed_at = now() where l.id = v_link.id;
  if v_integration.complete_on_close then
    if v_link.topic_id is not null then
      v_moved := private.complete_topic(v_link.topic_id);
      -- What the close left as it was: the company's rejections stand.
      select count(*) into v_kept
        from public.feedback_topic_items i
        join public.feedback f on f.id = i.feedback_id
       where i.topic_id = v_link.topic_id and i.state = 'confirmed' and f.status = 'rejected';
    elsif private.complete_company_feedback(v_link.company_id, v_link.feedback_id) then
      v_moved := 1;
    elsif (select f.status from public.feedback f where f.id = v_link.feedback_id) = 'rejected' then
      v_kept := 1;
    end if;
  end if;
  -- What the close changed, for the topic (or feedback) screen to say.
  update public.issue_links l
     set closed_completed = v_moved, closed_kept_rejected = v_kept
   where l.id = v_link.id and v_integration.complete_on_close;
  return jsonb_build_object('matched', true, 'changed', true, 'completed', v_moved, 'kept_rejected', v_kept);
end
$$;

COMMENT ON FUNCTION public.close_tracker_issue(p_integration_id uuid, p_external_id text) IS 'Service role (tracker-webhook): marks the link of a closed tracker issue closed and, with complete_on_close, completes its open feedback or topic (rejected feedback stays rejected: kept_rejected counts it); idempotent.';

CREATE FUNCTION public.create_company_webhook(p_url text, p_format text DEFAULT 'json'::text) RETURNS public.company_webhooks
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_company public.companies := private.require_company_admin();
  v_url text := btrim(coalesce(p_url, ''));
  v_parts text[];
  v_row public.company_webhooks;
begin
  if coalesce(p_format, '') not in ('json', 'slack') then
    raise exception 'Choose JSON or Slack as the webhook format.' using errcode = 'invalid_parameter_value';
  end if;
  v_parts := regexp_match(v_url, '^(https?)://([a-zA-Z0-9.-]+|\[[0-9a-fA-F:.]+\])(:[0-9]{1,5})?(/[^\s]*)?$');
  if v_parts is null or char_length(v_url) > 2000 then
    raise exception 'Please enter a valid webhook URL, like https://hooks.example.com/peega.'
      using errcode = 'invalid_parameter_value';
  end if;
  if not private.is_demo_mode() then
    if v_parts[1] <> 'https' then
      raise exception 'Webhook URLs must use HTTPS.' using errcode = 'invalid_parameter_value';
    end if;
    if private.is_private_host(lower(v_parts[2])) then
      raise exception 'Webhook URLs cannot point at private or local addresses.'
        using errcode = 'invalid_parameter_value';
    end if;
  end if;
  if (select count(*) from public.company_webhooks w where w.company_id = v_company.id) >= 5 then
    raise exception 'A company can register at most 5 webhooks.' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.company_webhooks w where w.company_id = v_company.id and w.url = v_url) then
    raise exception 'This webhook is already registered.' using errcode = 'unique_violation';
  end if;
  insert into public.company_webhooks (company_id, url, format)
  values (v_company.id, v_url, p_format)
  returning * into v_row;
  return v_row;
end
$_$;

COMMENT ON FUNCTION public.create_company_webhook(p_url text, p_format text) IS 'Registers a webhook for the caller''s company: a valid URL; outside demo mode HTTPS and no private or local host; at most 5.';

CREATE FUNCTION public.disconnect_company_integration(p_provider text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company_admin();
begin
  delete from private.company_integrations i
   where i.company_id = v_company.id and i.provider = p_provider;
  return found;
end
$$;

COMMENT ON FUNCTION public.disconnect_company_integration(p_provider text) IS 'Owner/admin removes a tracker connection (token and secret gone); the issue links stay.';

CREATE FUNCTION public.feedback_ai_input(p_feedback_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
           'title', f.title,
           'raw_description', f.raw_description,
           'website_url', f.website_url,
           -- The most specific verified domain wins (shop.example.com over example.com).
           'company_name', (
             select c.company_name
               from public.company_domains d
               join public.companies c on c.id = d.company_id
              where d.verified_at is not null
                and f.website_host is not null
                and private.host_matches_domains(f.website_host, array[d.domain])
              order by length(d.domain) desc, d.verified_at
              limit 1))
    from public.feedback f
   where f.id = p_feedback_id
$$;

COMMENT ON FUNCTION public.feedback_ai_input(p_feedback_id uuid) IS 'Server-only (service role): the title, text, URL and the registered company name (from the verified domain, null when none) the AI step and its topic proposals work from.';

CREATE FUNCTION public.finish_background_job(p_queue text, p_id bigint, p_error text DEFAULT NULL::text, p_max_attempts integer DEFAULT 5, p_backoff_ms integer DEFAULT 1000) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_queue private.background_queues;
  v_attempts integer;
  v_status text;
  v_retry interval;
begin
  select * into v_queue from private.background_queues q where q.queue = p_queue;
  if not found then
    raise exception 'Unknown queue %', p_queue using errcode = '22023';
  end if;
  execute format('select attempts from %s where id = $1', v_queue.job_table)
    into v_attempts using p_id;
  if v_attempts is null then
    return null; -- deleted meanwhile (its feedback or endpoint went away)
  end if;
  v_status := case when p_error is null then 'done'
                   when v_attempts >= greatest(p_max_attempts, 1) then 'failed'
                   else 'pending' end;
  -- Exponential backoff, at most a minute: base, 2 × base, 4 × base, …
  v_retry := case when v_status = 'pending'
                  then make_interval(secs => least(60.0, greatest(p_backoff_ms, 0) * power(2, v_attempts - 1) / 1000.0))
                  else interval '0' end;
  -- A retry waiting while a newer pending e-mail of the thread exists
  -- would break the one-pending index: the newer one takes its messages.
  if p_queue = 'company_message_emails' and v_status = 'pending' then
    update private.company_message_emails n
       set first_message_at = least(n.first_message_at, o.first_message_at)
      from private.company_message_emails o
     where o.id = p_id and n.feedback_id = o.feedback_id and n.company_id = o.company_id
       and n.status = 'pending' and n.id <> o.id;
    if found then
      delete from private.company_message_emails where id = p_id;
      return 'merged';
    end if;
  end if;
  execute format(
    'update %s
        set status = $1, locked_at = null, last_error = left($2, 2000),
            run_after = case when $1 = ''pending'' then now() + $3 else run_after end%s
      where id = $4',
    v_queue.job_table,
    case when v_queue.has_sent_at
         then ', sent_at = case when $1 = ''done'' then now() else sent_at end' else '' end)
  using v_status, p_error, v_retry, p_id;
  return v_status;
end
$_$;

COMMENT ON FUNCTION public.finish_background_job(p_queue text, p_id bigint, p_error text, p_max_attempts integer, p_backoff_ms integer) IS 'Server-only: records the outcome of a claimed job: done without an error; with one, pending again after an exponential backoff, or failed after p_max_attempts.';

-- The domains of the caller's company with their state and feedback count.
CREATE FUNCTION public.get_company_domain_summary() RETURNS TABLE(domain text, verified boolean, verified_at timestamp with time zone, verification_method text, claimed boolean, feedback_count bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select d.domain, d.verified_at is not null, d.verified_at, d.verification_method,
           c.claimed,
           case when c.claimed then null else
           (select count(*) from public.feedback f
             where reverse(f.website_host) ~>=~ reverse(d.domain)
               and reverse(f.website_host) ~<~ (reverse(d.domain) || '/')
               and (f.website_host = d.domain or reverse(f.website_host) like (reverse(d.domain) || '.%')))
           end
      from public.company_domains d
      cross join lateral (
        select d.verified_at is null and exists (
          select 1 from public.company_domains o
           where o.domain = d.domain and o.verified_at is not null
             and o.company_id <> d.company_id) as claimed
      ) c
     where d.company_id = v_company.id
     order by d.domain;
end
$$;

COMMENT ON FUNCTION public.get_company_domain_summary() IS 'The caller''s domains: verification state, whether another company verified it (claimed: no count then), and how many feedback exist for each (exact or subdomain). Content is shown only for verified domains.';

CREATE FUNCTION public.get_company_integrations() RETURNS TABLE(id uuid, provider text, config jsonb, token_hint text, complete_on_close boolean, connected_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  return query
    select i.id, i.provider, i.config, i.token_hint, i.complete_on_close, i.updated_at
      from private.company_integrations i
     where i.company_id = v_company_id
     order by i.provider;
end
$$;

COMMENT ON FUNCTION public.get_company_integrations() IS 'The caller''s company''s connected trackers: provider, settings, the token''s last four characters; never the token or the webhook secret.';

-- For the verify-domain function: the caller's company id and the token.
CREATE FUNCTION public.get_domain_verification_target(p_domain text) RETURNS TABLE(company_id uuid, domain text, token text, verified boolean, taken boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company_admin();
  v_domain text := private.normalize_domain(p_domain);
begin
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select d.company_id, d.domain, d.verification_token, d.verified_at is not null,
           exists (select 1 from public.company_domains o
                    where o.domain = d.domain and o.verified_at is not null
                      and o.company_id <> d.company_id)
      from public.company_domains d
     where d.company_id = v_company.id and d.domain = v_domain;
  if not found then
    raise exception 'Add the domain to your company before verifying it.'
      using errcode = 'invalid_parameter_value';
  end if;
end
$$;

COMMENT ON FUNCTION public.get_domain_verification_target(p_domain text) IS 'The caller''s company id, normalised domain and token to check (used by the verify-domain function with the caller''s JWT).';

CREATE FUNCTION public.get_integration_credentials(p_integration_id uuid) RETURNS TABLE(id uuid, company_id uuid, provider text, config jsonb, token_ciphertext text, webhook_secret_ciphertext text, complete_on_close boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select i.id, i.company_id, i.provider, i.config, i.token_ciphertext, i.webhook_secret_ciphertext,
         i.complete_on_close
    from private.company_integrations i
   where i.id = p_integration_id
$$;

COMMENT ON FUNCTION public.get_integration_credentials(p_integration_id uuid) IS 'Service role (integrations and tracker-webhook functions): a connection with its ciphertexts, which only the functions can decrypt.';

-- What one "owner joined" e-mail says, for the job function only. No row:
-- opted out since.
CREATE FUNCTION public.get_owner_joined_email(p_job_id bigint) RETURNS TABLE(email text, domain text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, q.domain
    from private.owner_joined_emails q
    join public.profiles p on p.id = q.user_id
    join auth.users u on u.id = q.user_id
   where q.id = p_job_id and p.email_on_owner_joined and u.email is not null
$$;

COMMENT ON FUNCTION public.get_owner_joined_email(p_job_id bigint) IS 'Service role: the address and domain of a queued "owner joined" e-mail; no row when the author turned the e-mail off.';

-- What one trial e-mail says; no row when it no longer applies (the company
-- is gone, or a reminder of a trial that is not running any more).
CREATE FUNCTION public.get_trial_email(p_job_id bigint) RETURNS TABLE(email text, company_name text, kind text, trial_ends_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, c.company_name, q.kind, s.trial_ends_at
    from private.trial_emails q
    join public.companies c on c.id = q.company_id
    join public.company_subscriptions s on s.company_id = q.company_id
    join auth.users u on u.id = c.user_id
   where q.id = p_job_id
     and (q.kind = 'ended' or s.trial_status = 'active')
$$;

COMMENT ON FUNCTION public.get_trial_email(p_job_id bigint) IS 'Server-only (run-trials): the owner''s address, the company''s name, the e-mail''s kind and the trial''s end for one queued trial e-mail.';

-- CSV export: every feedback the caller's company opened, newest view first.
CREATE FUNCTION public.get_viewed_feedback_export() RETURNS TABLE(id uuid, first_viewed_at timestamp with time zone, created_at timestamp with time zone, title text, description text, category text, status text, website_url text, quality_score smallint, upvotes integer, downvotes integer, priority text, sentiment text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select f.id, min(v.viewed_at), f.created_at, private.mask_contact(f.title),
           private.mask_contact(f.description), f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.quality_score, f.upvotes, f.downvotes,
           f.priority, f.sentiment
      from public.company_feedback_views v
      join public.feedback f on f.id = v.feedback_id
     where v.company_id = v_company.id
       and private.host_matches_domains(f.website_host, v_company.domains)
     group by f.id
     order by min(v.viewed_at) desc
     limit 10000;
end
$$;

COMMENT ON FUNCTION public.get_viewed_feedback_export() IS 'The feedback the caller''s company has opened (on its verified domains), for the CSV export; no author identity, contact details masked.';

-- Payload of a delivery: the feedback without author identity.
CREATE FUNCTION public.get_webhook_delivery(p_delivery_id bigint) RETURNS TABLE(url text, format text, secret text, verified boolean, payload jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select w.url, w.format, w.secret,
         private.host_matches_domains(f.website_host, private.verified_domains(d.company_id)),
         jsonb_build_object(
           'event', 'feedback.created',
           'delivery_id', d.id,
           'company', c.company_name,
           'feedback', jsonb_build_object(
             'id', f.id, 'title', private.mask_contact(f.title),
             'description', case when l.whole then private.mask_contact(f.description) end,
             'category', f.category, 'status', f.status,
             'website_url', substring(f.website_url from '^[^?#]*'),
             'website_host', f.website_host, 'created_at', f.created_at,
             'upvotes', f.upvotes, 'downvotes', f.downvotes,
             'priority', case when l.whole then f.priority end,
             'sentiment', case when l.whole then f.sentiment end,
             'tags', case when l.whole then f.tags end,
             'quality_score', case when l.whole then f.quality_score end,
             'has_screenshot', f.screenshot_url is not null,
             'has_audio', f.audio_url is not null))
    from public.company_webhook_deliveries d
    join public.company_webhooks w on w.id = d.webhook_id
    join public.companies c on c.id = d.company_id
    join public.feedback f on f.id = d.feedback_id
    left join public.company_subscriptions s on s.company_id = d.company_id
    cross join lateral (
      select private.view_limit(coalesce(private.resolve_plan(s.subscription_type), 'free')) is null as whole
    ) l
   where d.id = p_delivery_id and w.active
$$;

COMMENT ON FUNCTION public.get_webhook_delivery(p_delivery_id bigint) IS 'Server-only: endpoint, format, secret and anonymised payload of one delivery (verified false when the domain lost verification); on a plan with a view allowance no description or AI labels, as the list before a view.';

-- What an issue says, checked and counted for the caller (any member): the
-- feedback as the company may see it (masked, through its view allowance,
-- never the author) or the topic's summary; the existing link if there is one.
CREATE FUNCTION public.prepare_tracker_issue(p_provider text, p_feedback_id uuid, p_topic_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_integration_id uuid;
  v_feedback public.feedback;
  v_topic public.feedback_topics;
  v_existing public.issue_links;
  v_issue jsonb;
begin
  if p_feedback_id is not null then
    select * into v_feedback from public.feedback f where f.id = p_feedback_id;
    if not found or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
      raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
    end if;
  end if;
  if num_nonnulls(p_feedback_id, p_topic_id) <> 1 then
    raise exception 'Create an issue for one feedback or one topic.' using errcode = 'invalid_parameter_value';
  end if;
  if p_topic_id is not null then
    select * into v_topic from public.feedback_topics t where t.id = p_topic_id;
    if not found or v_topic.company_id <> v_company.id then
      raise exception 'This topic is not available to your company.' using errcode = 'insufficient_privilege';
    end if;
  end if;
  select i.id into v_integration_id from private.company_integrations i
   where i.company_id = v_company.id and i.provider = p_provider;
  if v_integration_id is null then
    raise exception 'This tracker is not connected.' using errcode = 'PT404',
      hint = 'An owner or admin connects it in Settings → Integrations.';
  end if;
  select * into v_existing from public.issue_links l
   where l.company_id = v_company.id and l.provider = p_provider
     and (l.feedback_id = p_feedback_id or l.topic_id = p_topic_id);
  if found then
    return jsonb_build_object('existing', to_jsonb(v_existing));
  end if;
  perform private.check_rate_limit('create_issue', 30, 60, interval '1 hour',
    'You created many issues in the last hour.');
  perform private.hit_rate_limit('create_issue:company:' || v_company.id::text, interval '1 hour', 60,
    'Your company created many issues in the last hour.');
  if p_feedback_id is not null then
    if not private.record_view(v_company, p_feedback_id) then
      raise exception 'Daily limit reached'
        using errcode = 'PT402',
              detail = 'The view allowance of your plan is used up for this period.',
              hint = 'Upgrade to view more.';
    end if;
    v_issue := jsonb_build_object(
      'kind', 'feedback',
      'id', v_feedback.id,
      'title', private.mask_contact(v_feedback.title),
      'description', private.mask_contact(v_feedback.description),
      'category', v_feedback.category,
      'priority', v_feedback.priority,
      'page', substring(v_feedback.website_url from '^[^?#]*'),
      'created_at', v_feedback.created_at);
  else
    v_issue := jsonb_build_object(
      'kind', 'topic',
      'id', v_topic.id,
      'title', v_topic.title,
      'feedback_count', (select count(*) from public.feedback_topic_items i
                          where i.topic_id = v_topic.id and i.state = 'confirmed'),
      'contributor_count', (select count(distinct f.user_id) from public.feedback_topic_items i
                              join public.feedback f on f.id = i.feedback_id
                             where i.topic_id = v_topic.id and i.state = 'confirmed'),
      'feedback_titles', coalesce((select jsonb_agg(x.title) from (
          select private.mask_contact(f.title) as title from public.feedback_topic_items i
            join public.feedback f on f.id = i.feedback_id
           where i.topic_id = v_topic.id and i.state = 'confirmed'
           order by f.created_at desc limit 10) x), '[]'::jsonb));
  end if;
  return jsonb_build_object(
    'integration_id', v_integration_id,
    'company_id', v_company.id,
    'actor_id', auth.uid(),
    'issue', v_issue);
end
$$;

COMMENT ON FUNCTION public.prepare_tracker_issue(p_provider text, p_feedback_id uuid, p_topic_id uuid) IS 'For any member: checks the feedback (verified domains, view allowance) or topic (own company) and the connected tracker, counts the call (30/hour per account, 60/hour per address and per company), and returns what the issue says (masked, never the author) or the existing link.';

CREATE FUNCTION public.record_issue_link(p_company_id uuid, p_actor_id uuid, p_provider text, p_feedback_id uuid, p_topic_id uuid, p_external_id text, p_external_key text, p_url text) RETURNS public.issue_links
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_link public.issue_links;
begin
  insert into public.issue_links as l
    (company_id, provider, feedback_id, topic_id, external_id, external_key, url, created_by)
  values (p_company_id, p_provider, p_feedback_id, p_topic_id, p_external_id, p_external_key, p_url, p_actor_id)
  on conflict do nothing
  returning l.* into v_link;
  if v_link.id is null then
    select * into v_link from public.issue_links l
     where l.company_id = p_company_id and l.provider = p_provider
       and (l.external_id = p_external_id or l.feedback_id = p_feedback_id or l.topic_id = p_topic_id)
     limit 1;
  end if;
  return v_link;
end
$$;

COMMENT ON FUNCTION public.record_issue_link(p_company_id uuid, p_actor_id uuid, p_provider text, p_feedback_id uuid, p_topic_id uuid, p_external_id text, p_external_key text, p_url text) IS 'Service role (integrations function): keeps the created issue''s link; a second call for the same issue returns the first link.';

CREATE FUNCTION public.record_webhook_response(p_delivery_id bigint, p_status integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.company_webhook_deliveries d
     set response_status = p_status,
         delivered_at = case when p_status between 200 and 299 then now() else d.delivered_at end
   where d.id = p_delivery_id
$$;

COMMENT ON FUNCTION public.record_webhook_response(p_delivery_id bigint, p_status integer) IS 'Server-only: the HTTP status a receiver answered.';

CREATE FUNCTION public.save_company_integration(p_company_id uuid, p_actor_id uuid, p_provider text, p_config jsonb, p_token_ciphertext text, p_token_hint text, p_secret_ciphertext text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid;
begin
  insert into private.company_integrations as i
    (company_id, provider, config, token_ciphertext, token_hint, webhook_secret_ciphertext, created_by)
  values (p_company_id, p_provider, coalesce(p_config, '{}'::jsonb), p_token_ciphertext, p_token_hint,
          p_secret_ciphertext, p_actor_id)
  on conflict (company_id, provider) do update
    set config = excluded.config, token_ciphertext = excluded.token_ciphertext,
        token_hint = excluded.token_hint, webhook_secret_ciphertext = excluded.webhook_secret_ciphertext,
        created_by = excluded.created_by, updated_at = now()
  returning i.id into v_id;
  return v_id;
end
$$;

COMMENT ON FUNCTION public.save_company_integration(p_company_id uuid, p_actor_id uuid, p_provider text, p_config jsonb, p_token_ciphertext text, p_token_hint text, p_secret_ciphertext text) IS 'Service role (integrations function): stores a tracker connection with its encrypted token and webhook secret, replacing the company''s previous one for that tracker.';

-- Linear generates the signing secret of a webhook itself: the admin pastes
-- it after creating the webhook (the other trackers take Peega's).
CREATE FUNCTION public.save_integration_webhook_secret(p_company_id uuid, p_provider text, p_secret_ciphertext text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update private.company_integrations i
     set webhook_secret_ciphertext = p_secret_ciphertext, updated_at = now()
   where i.company_id = p_company_id and i.provider = p_provider;
  return found;
end
$$;

COMMENT ON FUNCTION public.save_integration_webhook_secret(p_company_id uuid, p_provider text, p_secret_ciphertext text) IS 'Service role (integrations function): replaces a connection''s encrypted webhook secret with the one the tracker generated (Linear).';

CREATE FUNCTION public.set_integration_complete_on_close(p_provider text, p_enabled boolean) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company_admin();
begin
  update private.company_integrations i
     set complete_on_close = coalesce(p_enabled, true), updated_at = now()
   where i.company_id = v_company.id and i.provider = p_provider;
  if not found then
    raise exception 'This tracker is not connected.' using errcode = 'PT404';
  end if;
  return coalesce(p_enabled, true);
end
$$;

COMMENT ON FUNCTION public.set_integration_complete_on_close(p_provider text, p_enabled boolean) IS 'Owner/admin chooses whether closing the tracker''s issue completes the feedback or topic.';

CREATE FUNCTION public.take_company_digests(p_now timestamp with time zone DEFAULT now()) RETURNS TABLE(company_id uuid, email text, company_name text, feedback_count integer, items jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_company record;
  v_items jsonb;
  v_count integer;
begin
  -- Jobs of companies that turned notifications off, or older than two days, go unsent.
  update private.company_notification_jobs j set status = 'done'
   where j.status = 'pending'
     and (j.created_at < p_now - interval '2 days'
          or not exists (select 1 from public.companies c
                          where c.id = j.company_id and c.notifications_enabled));
  for v_company in
    select c.id, c.email, c.company_name
      from public.companies c
     where c.notifications_enabled
       and exists (select 1 from private.company_notification_jobs j
                    where j.company_id = c.id and j.status = 'pending')
       and not exists (select 1 from private.company_digests d
                        where d.company_id = c.id and d.last_sent_at > p_now - interval '1 day')
     for no key update of c skip locked
  loop
    select coalesce(jsonb_agg(jsonb_build_object(
             'title', private.mask_contact(f.title), 'category', f.category, 'host', f.website_host,
             'created_at', f.created_at) order by f.created_at desc), '[]'), count(*)
      into v_items, v_count
      from private.company_notification_jobs j
      join public.feedback f on f.id = j.feedback_id
     where j.company_id = v_company.id and j.status = 'pending'
       and (f.ai_processed_at is not null or f.created_at <= p_now - private.webhook_ai_wait())
       and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id));
    update private.company_notification_jobs j set status = 'done'
     where j.company_id = v_company.id and j.status = 'pending'
       and exists (select 1 from public.feedback f where f.id = j.feedback_id
                    and (f.ai_processed_at is not null or f.created_at <= p_now - private.webhook_ai_wait())
                    and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id)));
    if v_count > 0 then
      insert into private.company_digests (company_id, last_sent_at) values (v_company.id, p_now)
      on conflict (company_id) do update set last_sent_at = excluded.last_sent_at;
      return query select v_company.id, v_company.email::text, v_company.company_name::text, v_count, v_items;
    end if;
  end loop;
end
$$;

COMMENT ON FUNCTION public.take_company_digests(p_now timestamp with time zone) IS 'Server-only: one row per company due a digest (notifications on, none in the last 24 h, new feedback on verified domains whose AI result is stored or whose wait for it is over, titles with contact details masked); marks those jobs done.';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER feedback_after_ai_webhooks AFTER UPDATE OF ai_processed_at ON public.feedback FOR EACH ROW WHEN (((old.ai_processed_at IS NULL) AND (new.ai_processed_at IS NOT NULL))) EXECUTE FUNCTION private.release_webhook_deliveries();

CREATE TRIGGER feedback_after_insert_webhooks AFTER INSERT ON public.feedback FOR EACH ROW EXECUTE FUNCTION private.queue_webhook_deliveries();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.company_webhooks FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

CREATE TRIGGER read_only_seat BEFORE INSERT OR DELETE OR UPDATE ON public.issue_links FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Members can read their company's events on verified domains" ON public.company_feedback_events FOR SELECT TO authenticated USING (((company_id = ( SELECT private.current_company_id() AS current_company_id)) AND private.company_event_visible(company_id, feedback_id)));

CREATE POLICY "Members read their company's issue links" ON public.issue_links FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_id() AS current_company_id)));

CREATE POLICY "Owners and admins can read their company's webhook deliveries" ON public.company_webhook_deliveries FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_admin_id() AS current_company_admin_id)));

CREATE POLICY "Owners and admins can read their company's webhooks" ON public.company_webhooks FOR SELECT TO authenticated USING ((company_id = ( SELECT private.current_company_admin_id() AS current_company_admin_id)));

CREATE POLICY "Owners and admins can remove their company's webhooks" ON public.company_webhooks FOR DELETE TO authenticated USING ((company_id = ( SELECT private.current_company_admin_id() AS current_company_admin_id)));

CREATE POLICY "Companies can read the media of their feedback" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = ANY (ARRAY['screenshots'::text, 'audio'::text])) AND (( SELECT private.current_company_id() AS current_company_id) IS NOT NULL) AND private.company_can_read_media(bucket_id, name)));

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION public.take_ai_preview(p_user_id uuid, p_address text, p_per_account integer, p_per_address integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.take_ai_preview(p_user_id uuid, p_address text, p_per_account integer, p_per_address integer) TO service_role;

REVOKE ALL ON FUNCTION private.call_job_function_when_due() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.can_see_feedback(p_user_id uuid, p_feedback public.feedback) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.company_can_read_media(p_bucket text, p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.company_can_read_media(p_bucket text, p_name text) TO authenticated;

REVOKE ALL ON FUNCTION private.company_event_visible(p_company_id uuid, p_feedback_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.company_event_visible(p_company_id uuid, p_feedback_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION private.complete_company_feedback(p_company_id uuid, p_feedback_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.complete_topic(p_topic_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.install_background_jobs() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.invoke_job_function(p_name text, p_body jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.is_private_host(p_host text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.job_setting(p_name text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.queue_webhook_deliveries() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.release_webhook_deliveries() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.set_company_feedback_status(p_company public.companies, p_feedback_id uuid, p_status text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.verified_domains(p_company_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.webhook_ai_wait() FROM PUBLIC;

REVOKE ALL ON FUNCTION public.advance_trials(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.advance_trials(p_now timestamp with time zone) TO service_role;

REVOKE ALL ON FUNCTION public.authorize_integration_admin() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.authorize_integration_admin() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.claim_background_jobs(p_queue text, p_limit integer, p_lease_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_background_jobs(p_queue text, p_limit integer, p_lease_seconds integer) TO service_role;

REVOKE ALL ON FUNCTION public.close_tracker_issue(p_integration_id uuid, p_external_id text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.close_tracker_issue(p_integration_id uuid, p_external_id text) TO service_role;

REVOKE ALL ON TABLE public.company_webhooks FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_webhooks TO service_role;
GRANT SELECT,DELETE ON TABLE public.company_webhooks TO authenticated;

REVOKE ALL ON FUNCTION public.create_company_webhook(p_url text, p_format text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_company_webhook(p_url text, p_format text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.disconnect_company_integration(p_provider text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.disconnect_company_integration(p_provider text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.feedback_ai_input(p_feedback_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.feedback_ai_input(p_feedback_id uuid) TO service_role;

REVOKE ALL ON FUNCTION public.finish_background_job(p_queue text, p_id bigint, p_error text, p_max_attempts integer, p_backoff_ms integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.finish_background_job(p_queue text, p_id bigint, p_error text, p_max_attempts integer, p_backoff_ms integer) TO service_role;

REVOKE ALL ON FUNCTION public.get_company_domain_summary() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_domain_summary() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_company_integrations() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_integrations() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_domain_verification_target(p_domain text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_domain_verification_target(p_domain text) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_integration_credentials(p_integration_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_integration_credentials(p_integration_id uuid) TO service_role;

REVOKE ALL ON FUNCTION public.get_owner_joined_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_owner_joined_email(p_job_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.get_trial_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_trial_email(p_job_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.get_viewed_feedback_export() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_viewed_feedback_export() TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.get_webhook_delivery(p_delivery_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_webhook_delivery(p_delivery_id bigint) TO service_role;

REVOKE ALL ON FUNCTION public.prepare_tracker_issue(p_provider text, p_feedback_id uuid, p_topic_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.prepare_tracker_issue(p_provider text, p_feedback_id uuid, p_topic_id uuid) TO service_role, authenticated;

REVOKE ALL ON TABLE public.issue_links FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.issue_links TO service_role;
GRANT SELECT ON TABLE public.issue_links TO authenticated;

REVOKE ALL ON FUNCTION public.record_issue_link(p_company_id uuid, p_actor_id uuid, p_provider text, p_feedback_id uuid, p_topic_id uuid, p_external_id text, p_external_key text, p_url text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_issue_link(p_company_id uuid, p_actor_id uuid, p_provider text, p_feedback_id uuid, p_topic_id uuid, p_external_id text, p_external_key text, p_url text) TO service_role;

REVOKE ALL ON FUNCTION public.record_webhook_response(p_delivery_id bigint, p_status integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_webhook_response(p_delivery_id bigint, p_status integer) TO service_role;

REVOKE ALL ON FUNCTION public.save_company_integration(p_company_id uuid, p_actor_id uuid, p_provider text, p_config jsonb, p_token_ciphertext text, p_token_hint text, p_secret_ciphertext text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_company_integration(p_company_id uuid, p_actor_id uuid, p_provider text, p_config jsonb, p_token_ciphertext text, p_token_hint text, p_secret_ciphertext text) TO service_role;

REVOKE ALL ON FUNCTION public.save_integration_webhook_secret(p_company_id uuid, p_provider text, p_secret_ciphertext text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_integration_webhook_secret(p_company_id uuid, p_provider text, p_secret_ciphertext text) TO service_role;

REVOKE ALL ON FUNCTION public.set_integration_complete_on_close(p_provider text, p_enabled boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_integration_complete_on_close(p_provider text, p_enabled boolean) TO service_role, authenticated;

REVOKE ALL ON FUNCTION public.take_company_digests(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.take_company_digests(p_now timestamp with time zone) TO service_role;

REVOKE ALL ON TABLE public.company_webhook_deliveries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.company_webhook_deliveries TO service_role;
GRANT SELECT ON TABLE public.company_webhook_deliveries TO authenticated;

REVOKE ALL ON TABLE private.owner_joined_emails FROM PUBLIC, anon, authenticated;

REVOKE ALL ON TABLE private.trial_emails FROM PUBLIC, anon, authenticated;

REVOKE ALL ON SEQUENCE public.company_webhook_deliveries_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.company_webhook_deliveries_id_seq TO anon, authenticated, service_role;

-- ---------- data -----------------------------------------------------------

-- The registered job queues (claim_background_jobs and finish_background_job run on these tables only).
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('webhook_deliveries', 'public.company_webhook_deliveries', true, false);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('feedback_processing', 'private.feedback_processing_jobs', true, false);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('company_message_emails', 'private.company_message_emails', true, true);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('topic_completion_emails', 'private.topic_completion_emails', true, true);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('weekly_summary_emails', 'private.weekly_summary_emails', false, true);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('trial_emails', 'private.trial_emails', false, true);
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at) VALUES ('owner_joined_emails', 'private.owner_joined_emails', false, true);

-- The extensions, only where they are available and load (pg_cron needs
-- shared_preload_libraries and this database as cron.database_name; a
-- failed attempt is rolled back on its own and reported).
do $$
declare
  v_ext text;
begin
  foreach v_ext in array array['pg_net', 'pg_cron'] loop
    if exists (select 1 from pg_available_extensions where name = v_ext) then
      begin
        execute format('create extension if not exists %I', v_ext);
      exception when others then
        raise notice 'Background jobs: % is available but cannot be created here (%); the embedded scheduler or a later private.install_background_jobs() takes over.', v_ext, sqlerrm;
      end;
    end if;
  end loop;
  raise notice 'Background jobs installed: %', private.install_background_jobs();
end
$$;
