-- =============================================================================
-- Conversation with the author, who stays anonymous (#21).
--
-- A member of a company asks the author of a feedback on the company's
-- verified domains a question; the author answers on their dashboard. One
-- thread per (feedback, company): two companies owning nested domains each
-- hold their own.
--
-- Decisions:
-- - The rows carry no user id at all: the company never learns who the author
--   is, and the author sees only the company's name (stored on each message,
--   since authors cannot read companies), never which member wrote.
-- - Text is stored masked (private.mask_contact), both ways: a member cannot
--   hand out a contact address that would unmask the author, nor an author
--   theirs. Plain text: clients render it as text, links are never live.
-- - Posting is behind the view allowance: a company posts only on a feedback
--   it can open in full (the post records the view like opening the detail;
--   PT402 when the allowance is used up). Reading a thread the company
--   already has is not (its rows are the company's own conversation).
-- - The author answers only in a thread the company started. Each question
--   is answered once (answered_at); each answered question earns its author
--   question_answered XP (shared/domain/points.ts), at most 5 a UTC day, none
--   when the author is a member of the asking company or the feedback is
--   self-dealing.
-- - Rate limits per account and address (private.check_rate_limit): 30
--   company messages and 20 answers per 10 minutes (shared/domain/conversation.ts).
-- =============================================================================

create table public.feedback_messages (
  id uuid primary key default gen_random_uuid(),
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  company_name text not null,
  from_author boolean not null,
  body text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  answered_at timestamptz,
  points_awarded integer not null default 0,
  -- 2,000 characters are accepted; masking may lengthen them a little.
  constraint feedback_messages_body_length check (char_length(body) between 1 and 4000)
);
comment on table public.feedback_messages is
  'Threads between a company and the anonymous author of a feedback: no user ids; text masked; written only by post_company_message and post_author_reply.';
comment on column public.feedback_messages.from_author is 'True for the author''s answers, false for the company''s questions.';
comment on column public.feedback_messages.read_at is 'When the other side read it (mark_thread_read).';
comment on column public.feedback_messages.answered_at is 'On a company question: when the author first answered after it.';
comment on column public.feedback_messages.points_awarded is 'On an answer: the question_answered XP it earned.';

create index feedback_messages_thread_idx
  on public.feedback_messages (feedback_id, company_id, created_at);
create index feedback_messages_company_idx
  on public.feedback_messages (company_id, feedback_id) where from_author and read_at is null;

alter table public.feedback_messages enable row level security;

-- One SELECT policy (Supabase's advisors: multiple_permissive_policies):
-- the company's members read its threads, an author the threads about their
-- own feedback.
create policy "Members and authors read the threads"
  on public.feedback_messages for select to authenticated
  using (company_id = (select private.current_company_id())
         or exists (select 1 from public.feedback f
                     where f.id = feedback_id and f.user_id = (select auth.uid())));

revoke all on table public.feedback_messages from anon, authenticated;
grant select on table public.feedback_messages to authenticated;
grant all on table public.feedback_messages to service_role;

alter publication supabase_realtime add table public.feedback_messages;

-- The author's notification of a company's question names the company.
alter table public.notifications drop constraint notifications_kind_known;
alter table public.notifications add constraint notifications_kind_known
  check (kind in ('feedback_status', 'company_message'));
alter table public.notifications add column company_name text;
comment on column public.notifications.company_name is 'company_message: the company that asked.';

-- XP for answering.
alter table public.user_points drop constraint user_points_action_type_known;
alter table public.user_points add constraint user_points_action_type_known check (action_type in (
  'feedback_submitted', 'first_feedback', 'profile_completed',
  'linkedin_verified', 'referral_bonus', 'referral_completed',
  'feedback_completed', 'spam_reversal', 'question_answered'
));

-- Redefined from 20250601120100_create_profiles.sql: question_answered is
-- worth 3 and needs a feedback.
create or replace function public.award_points(
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

-- A message as typed: control characters other than newline and tab go,
-- Windows line ends become \n, outer blanks are trimmed; 1 to 2,000
-- characters or 22023.
create function private.clean_message(p_body text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
comment on function private.clean_message(text) is
  'A message body trimmed and without control characters; raises 22023 when blank or over 2,000 characters.';

create function public.post_company_message(p_feedback_id uuid, p_body text)
returns public.feedback_messages
language plpgsql
security definer
set search_path = ''
as $$
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
  values (p_feedback_id, v_company.id, v_company.company_name, false, private.mask_contact(v_body))
  returning * into v_message;
  insert into public.notifications (user_id, kind, feedback_id, feedback_title, company_name)
  values (v_feedback.user_id, 'company_message', v_feedback.id, v_feedback.title, v_company.company_name);
  return v_message;
end
$$;
comment on function public.post_company_message(uuid, text) is
  'A member asks the anonymous author of a feedback on the company''s verified domains a question (opens it through the view allowance, PT402 when used up); masked; notifies the author; 30 per 10 minutes.';

create function public.post_author_reply(p_feedback_id uuid, p_company_id uuid, p_body text)
returns public.feedback_messages
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'This company has not asked you anything about this feedback.' using errcode = 'no_data_found';
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
  return v_message;
end
$$;
comment on function public.post_author_reply(uuid, uuid, text) is
  'The author answers a company in its thread about their feedback: masked; answers the open questions, each earning question_answered XP once (at most 5 a UTC day; none for the company''s own members or self-dealing feedback); 20 per 10 minutes.';

create function public.get_company_thread(p_feedback_id uuid)
returns setof public.feedback_messages
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.get_company_thread(uuid) is
  'The caller''s company thread with the author of a feedback on its verified domains, oldest first; opens the feedback through the view allowance (PT402 when used up).';

create function public.mark_thread_read(p_feedback_id uuid, p_company_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.mark_thread_read(uuid, uuid) is
  'Marks the other side''s messages of a thread read: the author''s (about their feedback, optionally one company''s, with its notifications) or the company''s (answers in its own thread on its verified domains).';

revoke all on function private.clean_message(text) from public, anon, authenticated;
revoke all on function public.post_company_message(uuid, text) from public, anon;
revoke all on function public.post_author_reply(uuid, uuid, text) from public, anon;
revoke all on function public.get_company_thread(uuid) from public, anon;
revoke all on function public.mark_thread_read(uuid, uuid) from public, anon;
grant execute on function public.post_company_message(uuid, text) to authenticated;
grant execute on function public.post_author_reply(uuid, uuid, text) to authenticated;
grant execute on function public.get_company_thread(uuid) to authenticated;
grant execute on function public.mark_thread_read(uuid, uuid) to authenticated;
