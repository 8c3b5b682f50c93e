-- #40 item 3: masking protects authors, and only them.
-- - An author's reply stays masked in feedback_messages, which the company
--   reads (and Realtime delivers); the author's own words are kept beside it
--   in feedback_message_originals, which only the author can read.
-- - A company's own text (its messages, its public page) is the company's:
--   its support address is no longer masked.

CREATE TABLE public.feedback_message_originals (
    message_id uuid NOT NULL,
    feedback_id uuid NOT NULL,
    body text NOT NULL,
    CONSTRAINT feedback_message_originals_pkey PRIMARY KEY (message_id),
    CONSTRAINT feedback_message_originals_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.feedback_messages(id) ON DELETE CASCADE,
    CONSTRAINT feedback_message_originals_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE
);

CREATE INDEX feedback_message_originals_feedback_id_idx ON public.feedback_message_originals USING btree (feedback_id);

COMMENT ON TABLE public.feedback_message_originals IS 'An author''s reply as they wrote it, where the thread''s copy is masked for the company; readable by that author only, written only by post_author_reply.';

ALTER TABLE public.feedback_message_originals ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Authors read their own words" ON public.feedback_message_originals FOR SELECT TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.feedback f
  WHERE ((f.id = feedback_message_originals.feedback_id) AND (f.user_id = ( SELECT auth.uid() AS uid))))));

REVOKE ALL ON TABLE public.feedback_message_originals FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE public.feedback_message_originals TO authenticated;
GRANT ALL ON TABLE public.feedback_message_originals TO service_role;

CREATE OR REPLACE FUNCTION public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text) RETURNS public.feedback_messages
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

CREATE OR REPLACE FUNCTION public.post_company_message(p_feedback_id uuid, p_body text) RETURNS public.feedback_messages
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

-- Plain text a company publishes: trimmed, control characters (but line
-- breaks) removed. Not masked: it is the company's own text.
CREATE OR REPLACE FUNCTION private.clean_public_text(p_text text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(
           regexp_replace(replace(coalesce(p_text, ''), E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', '', 'g')), '')
$$;

COMMENT ON FUNCTION private.clean_public_text(p_text text) IS 'Text a company publishes: trimmed, control characters dropped; not masked, it is the company''s own (#40 item 3).';
