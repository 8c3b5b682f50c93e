-- The 14-day Pro trial (#35, DECISIONS.md "Trial"): once per company, per
-- owner account and per verified domain, without a card. While it runs the
-- company's plan is Pro (seats, views, filters at once: every rule reads
-- subscription_type); run-trials ends it on time, queues the owner's reminders
-- and the "ended" e-mail. When the plan's seats shrink below the team, the
-- members beyond them become read-only (nothing is deleted) until the owner
-- keeps someone on a seat or the plan grows again.

-- ---------- the trial on the subscription -----------------------------------

ALTER TABLE public.company_subscriptions
  ADD COLUMN trial_status text,
  ADD COLUMN trial_started_at timestamp with time zone,
  ADD COLUMN trial_ends_at timestamp with time zone,
  ADD CONSTRAINT company_subscriptions_trial_known
    CHECK (trial_status IS NULL OR trial_status = ANY (ARRAY['active'::text, 'ended'::text])),
  ADD CONSTRAINT company_subscriptions_trial_dated
    CHECK ((trial_status IS NULL) = (trial_ends_at IS NULL) AND (trial_status IS NULL) = (trial_started_at IS NULL));
COMMENT ON COLUMN public.company_subscriptions.trial_status IS 'null: no trial yet; active: the 14-day Pro trial runs until trial_ends_at; ended: it is over (Free again unless a plan was bought).';
COMMENT ON COLUMN public.company_subscriptions.trial_ends_at IS 'When the trial ends (started + 14 days); kept after it ended.';
CREATE INDEX company_subscriptions_trial_due ON public.company_subscriptions USING btree (trial_ends_at)
  WHERE (trial_status = 'active'::text);
COMMENT ON TABLE public.company_subscriptions IS 'A company''s plan, created free with the company. Changed only by server functions: the trial (start_trial, advance_trials) and the operator (service role).';

-- What a trial was used for, kept after the company is deleted: a company
-- re-created by the same account, or another account's company on the same
-- verified domain, cannot start a second one.
CREATE TABLE private.trial_claims (
    claim text NOT NULL,
    company_id uuid NOT NULL,
    claimed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trial_claims_pkey PRIMARY KEY (claim),
    CONSTRAINT trial_claims_claim_known CHECK (claim ~ '^(company|owner|domain):.+$')
);
ALTER TABLE private.trial_claims ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.trial_claims IS 'One row per company (company:<id>), owner account (owner:<id>) and verified domain (domain:<name>) that had a trial; no foreign key, so deleting the company does not free them.';

-- The owner's trial e-mails: 3 days and 1 day before the end, and the end.
CREATE TABLE private.trial_emails (
    id bigint GENERATED ALWAYS AS IDENTITY,
    company_id uuid NOT NULL,
    kind text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    locked_at timestamp with time zone,
    last_error text,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trial_emails_pkey PRIMARY KEY (id),
    CONSTRAINT trial_emails_once UNIQUE (company_id, kind),
    CONSTRAINT trial_emails_kind_known CHECK (kind = ANY (ARRAY['ends_in_3_days'::text, 'ends_in_1_day'::text, 'ended'::text])),
    CONSTRAINT trial_emails_status_known CHECK (status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text])),
    CONSTRAINT trial_emails_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE
);
CREATE INDEX trial_emails_due ON private.trial_emails USING btree (status, run_after);
ALTER TABLE private.trial_emails ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.trial_emails IS 'The trial e-mails to a company''s owner, one per company and kind; claimed by run-trials.';
INSERT INTO private.background_queues (queue, job_table, has_feedback, has_sent_at)
  VALUES ('trial_emails', 'private.trial_emails', false, true);

-- ---------- read-only seats ---------------------------------------------------

ALTER TABLE public.company_members ADD COLUMN read_only_since timestamp with time zone;
COMMENT ON COLUMN public.company_members.read_only_since IS 'Set when the plan''s seats fell below the team (a trial ended): the member reads but changes nothing until the owner keeps them on a seat or the plan grows. Never set for the owner.';

-- Seats taken: active members plus open invitations (other than p_except).
CREATE OR REPLACE FUNCTION private.seats_taken(p_company_id uuid, p_except uuid DEFAULT NULL::uuid) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (select count(*) from public.company_members m
           where m.company_id = p_company_id and m.read_only_since is null)::integer
       + (select count(*) from public.company_invitations i
           where i.company_id = p_company_id and i.accepted_at is null and i.revoked_at is null
             and i.expires_at > now() and i.id is distinct from p_except)::integer
$$;

-- Fits the team to the plan's seats: members beyond them (newest first,
-- admins before members keep theirs) become read-only; when seats free up,
-- read-only members get theirs back in the same order. Invitations are left
-- alone: one beyond the seats cannot be accepted.
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
CREATE TRIGGER company_subscriptions_fit_seats AFTER UPDATE OF subscription_type ON public.company_subscriptions
  FOR EACH ROW WHEN ((old.subscription_type IS DISTINCT FROM new.subscription_type))
  EXECUTE FUNCTION private.subscription_fits_seats();

CREATE FUNCTION private.read_only_seat_message() RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'Your seat is read-only: your company''s plan has fewer seats than its team. Ask the owner to keep you on a seat or to upgrade.'::text
$$;

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

CREATE TRIGGER feedback_read_only_status BEFORE UPDATE OF status ON public.feedback
  FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status))
  EXECUTE FUNCTION private.refuse_read_only_status();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.feedback_notes
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT ON public.feedback_messages
  FOR EACH ROW WHEN ((NOT new.from_author)) EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.feedback_triage
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.feedback_topics
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.feedback_topic_items
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.issue_links
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE ON public.company_invitations
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.company_webhooks
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE INSERT OR UPDATE OR DELETE ON public.company_domains
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();
CREATE TRIGGER read_only_seat BEFORE UPDATE ON public.companies
  FOR EACH ROW EXECUTE FUNCTION private.refuse_read_only_seat();

-- ---------- starting the trial ----------------------------------------------

CREATE FUNCTION private.trial_claim_keys(p_company public.companies) RETURNS text[]
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select array['company:' || p_company.id::text, 'owner:' || p_company.user_id::text]
         || coalesce(array(select 'domain:' || d from unnest(p_company.domains) d), array[]::text[])
$$;
-- Why the caller's company cannot start the trial now, or null when it can.
CREATE FUNCTION private.trial_refusal(p_company public.companies) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when s.trial_status is not null then 'used'
    when private.resolve_plan(s.subscription_type) <> 'free' then 'paid'
    when coalesce(cardinality(p_company.domains), 0) = 0 then 'needs_domain'
    when exists (select 1 from private.trial_claims c
                  where c.claim = any(private.trial_claim_keys(p_company))) then 'used'
  end
    from public.company_subscriptions s where s.company_id = p_company.id
$$;

COMMENT ON FUNCTION private.trial_claim_keys(p_company public.companies) IS 'What a trial of this company uses up: the company, its owner account and each of its verified domains (p_company.domains narrowed by require_company).';
COMMENT ON FUNCTION private.trial_refusal(p_company public.companies) IS 'Why the company cannot start the trial (used, paid, needs_domain), or null.';

CREATE FUNCTION public.start_trial() RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_refusal text;
  v_ends timestamptz := now() + interval '14 days';
begin
  if private.current_company_role() is distinct from 'owner' then
    raise exception 'Only the owner of the company can start the trial.' using errcode = 'insufficient_privilege';
  end if;
  perform private.check_rate_limit('start_trial', 10, 30, interval '1 hour',
    'Too many attempts to start the trial. Try again in an hour.');
  perform 1 from public.company_subscriptions s where s.company_id = v_company.id for update;
  v_refusal := private.trial_refusal(v_company);
  if v_refusal = 'used' then
    raise exception 'The free trial was already used by this company, its owner or one of its domains.'
      using errcode = 'check_violation';
  elsif v_refusal = 'paid' then
    raise exception 'Your company is already on a paid plan.' using errcode = 'check_violation';
  elsif v_refusal = 'needs_domain' then
    raise exception 'Verify a domain first: the trial shows the feedback about your site.'
      using errcode = 'check_violation';
  end if;
  begin
    insert into private.trial_claims (claim, company_id)
    select k, v_company.id from unnest(private.trial_claim_keys(v_company)) k;
  exception when unique_violation then
    raise exception 'The free trial was already used by this company, its owner or one of its domains.'
      using errcode = 'check_violation';
  end;
  update public.company_subscriptions s
     set subscription_type = 'pro', trial_status = 'active',
         trial_started_at = now(), trial_ends_at = v_ends
   where s.company_id = v_company.id;
  return v_ends;
end
$$;
COMMENT ON FUNCTION public.start_trial() IS 'Owner: starts the company''s 14-day Pro trial, once per company, owner account and verified domain (a verified domain is needed); returns when it ends.';

-- A domain verified during the trial is used up by it too.
CREATE FUNCTION private.domain_trial_claim() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.trial_claims (claim, company_id)
  select 'domain:' || new.domain, new.company_id
    from public.company_subscriptions s
   where s.company_id = new.company_id and s.trial_status is not null
  on conflict do nothing;
  return null;
end
$$;
COMMENT ON FUNCTION private.domain_trial_claim() IS 'When a company that had a trial verifies a domain: the domain cannot give another company a trial.';
CREATE TRIGGER company_domains_trial_claim AFTER UPDATE OF verified_at ON public.company_domains
  FOR EACH ROW WHEN (((old.verified_at IS NULL) AND (new.verified_at IS NOT NULL)))
  EXECUTE FUNCTION private.domain_trial_claim();

-- What the header, the plan card and the members card show.
CREATE FUNCTION public.get_company_plan() RETURNS TABLE(plan text, trial_status text, trial_ends_at timestamp with time zone, trial_refusal text, my_role text, read_only boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select private.resolve_plan(s.subscription_type), s.trial_status, s.trial_ends_at,
           private.trial_refusal(v_company), m.role, m.read_only_since is not null
      from public.company_subscriptions s
      join public.company_members m on m.company_id = s.company_id and m.user_id = auth.uid()
     where s.company_id = v_company.id;
end
$$;
COMMENT ON FUNCTION public.get_company_plan() IS 'Any member: the plan, the trial (status, end, why it cannot start: used, paid, needs_domain or null), the caller''s role and whether their seat is read-only.';

-- ---------- the owner picks who stays ------------------------------------------

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

DROP FUNCTION public.get_company_members();
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

CREATE OR REPLACE FUNCTION public.get_company_seats() RETURNS TABLE(plan text, seat_limit integer, members integer, pending integer, my_role text)
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

-- ---------- the trial's clock (run-trials) ---------------------------------------

-- Ends the trials due at p_now (Free again; the team fits its seats) and
-- queues the owner's e-mails: 3 days before, 1 day before, the end. Each
-- once per company, however often it runs.
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

-- ---------- background job and grants ---------------------------------------------

CREATE OR REPLACE FUNCTION private.install_background_jobs() RETURNS text[]
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
    v_done := array_append(v_done, 'pg_cron schedules'::text);
  end if;
  return v_done;
end
$_$;

DO $$
begin
  raise notice 'Background jobs installed: %', private.install_background_jobs();
end
$$;

REVOKE ALL ON FUNCTION private.fit_seats(p_company_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.subscription_fits_seats() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.read_only_seat_message() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.refuse_read_only_seat() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.refuse_read_only_status() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.trial_refusal(p_company public.companies) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.trial_claim_keys(p_company public.companies) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.domain_trial_claim() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.start_trial() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.start_trial() TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.get_company_plan() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_plan() TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_member_seat(p_user_id uuid, p_keep boolean) TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.get_company_members() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_members() TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.advance_trials(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.advance_trials(p_now timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION public.get_trial_email(p_job_id bigint) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_trial_email(p_job_id bigint) TO service_role;
REVOKE ALL ON TABLE private.trial_claims FROM PUBLIC, anon, authenticated;
REVOKE ALL ON TABLE private.trial_emails FROM PUBLIC, anon, authenticated;
