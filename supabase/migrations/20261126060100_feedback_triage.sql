-- =============================================================================
-- Triage (#21): per company and feedback an assignee (a member), a company
-- priority (seeded from the AI's), internal notes and an activity log (status
-- changes, assignments, priority, notes, messages, by which member).
--
-- Decisions:
-- - All of it belongs to the company, keyed (company_id, feedback_id), read
--   by its members through RLS on membership and written only by the RPCs
--   below, which check the feedback is on the company's verified domains.
-- - Nothing here reaches the author: notes and the log are never in
--   feedback_messages or notifications, and no policy lets an author read
--   them. Actors are members, shown to their company by e-mail.
-- - Bulk status change is update_feedback_status per feedback (same checks,
--   notification and XP for each); a feedback that cannot make the move is
--   skipped and not counted. At most 100 at once.
-- =============================================================================

create table public.feedback_triage (
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  assignee_id uuid references auth.users (id) on delete set null,
  priority text,
  updated_at timestamptz not null default now(),
  primary key (company_id, feedback_id),
  constraint feedback_triage_priority_known check (priority in ('high', 'medium', 'low'))
);
comment on table public.feedback_triage is
  'A company''s assignee and priority for one feedback (no row: unassigned, the AI''s priority). Written by set_feedback_assignee / set_feedback_priority.';
create index feedback_triage_assignee_idx on public.feedback_triage (company_id, assignee_id);
create index feedback_triage_feedback_idx on public.feedback_triage (feedback_id);
create index feedback_triage_assignee_id_idx on public.feedback_triage (assignee_id) where assignee_id is not null;

create table public.feedback_notes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now(),
  constraint feedback_notes_body_length check (char_length(body) between 1 and 2000)
);
comment on table public.feedback_notes is
  'Internal notes of a company''s members on a feedback; never shown to the author. Written by add_feedback_note.';
create index feedback_notes_feedback_idx on public.feedback_notes (company_id, feedback_id, created_at);
create index feedback_notes_feedback_id_idx on public.feedback_notes (feedback_id);
create index feedback_notes_author_idx on public.feedback_notes (author_id) where author_id is not null;

create table public.feedback_activity (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  kind text not null,
  detail text,
  created_at timestamptz not null default now(),
  constraint feedback_activity_kind_known check (kind in ('status', 'assigned', 'priority', 'note', 'message', 'answer'))
);
comment on table public.feedback_activity is
  'What happened to a feedback inside a company: status, assigned, priority, note, message (a member asked), answer (the author replied; no actor). Written by triggers and the triage RPCs.';
create index feedback_activity_feedback_idx on public.feedback_activity (company_id, feedback_id, created_at);
create index feedback_activity_feedback_id_idx on public.feedback_activity (feedback_id);
create index feedback_activity_actor_idx on public.feedback_activity (actor_id) where actor_id is not null;

alter table public.feedback_triage enable row level security;
alter table public.feedback_notes enable row level security;
alter table public.feedback_activity enable row level security;

create policy "Members read their company's triage"
  on public.feedback_triage for select to authenticated
  using (company_id = (select private.current_company_id()));
create policy "Members read their company's notes"
  on public.feedback_notes for select to authenticated
  using (company_id = (select private.current_company_id()));
create policy "Members read their company's activity"
  on public.feedback_activity for select to authenticated
  using (company_id = (select private.current_company_id()));

revoke all on table public.feedback_triage, public.feedback_notes, public.feedback_activity
  from anon, authenticated;
grant select on table public.feedback_triage, public.feedback_notes, public.feedback_activity
  to authenticated;
grant all on table public.feedback_triage, public.feedback_notes, public.feedback_activity
  to service_role;

alter publication supabase_realtime add table public.feedback_activity;

-- The caller's company, when the feedback is on its verified domains.
create function private.require_triage(p_feedback_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  if not private.company_event_visible(v_company_id, p_feedback_id) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  return v_company_id;
end
$$;
comment on function private.require_triage(uuid) is
  'The caller''s company id when the feedback is on its verified domains; 42501 otherwise.';

create function private.log_activity(p_company_id uuid, p_feedback_id uuid, p_kind text, p_detail text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.feedback_activity (company_id, feedback_id, actor_id, kind, detail)
  values (p_company_id, p_feedback_id,
          case when p_kind = 'answer' then null else auth.uid() end, p_kind, p_detail)
$$;

-- Messages enter the log of the thread's company.
create function private.message_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity(new.company_id, new.feedback_id,
    case when new.from_author then 'answer' else 'message' end, left(new.body, 200));
  return null;
end
$$;
create trigger feedback_messages_activity
  after insert on public.feedback_messages
  for each row execute function private.message_activity();

-- A status change enters the log of every company the feedback is on
-- (verified domains); the actor only where they are a member.
create function private.status_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
create trigger feedback_status_activity
  after update of status on public.feedback
  for each row when (new.status is distinct from old.status)
  execute function private.status_activity();

create function public.set_feedback_assignee(p_feedback_id uuid, p_assignee uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.set_feedback_assignee(uuid, uuid) is
  'Assigns a feedback on the company''s verified domains to one of its members (null: unassigned); logged.';

create function public.set_feedback_priority(p_feedback_id uuid, p_priority text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.set_feedback_priority(uuid, text) is
  'The company''s own priority for a feedback on its verified domains (high, medium, low; until set, the AI''s); logged.';

create function public.add_feedback_note(p_feedback_id uuid, p_body text)
returns public.feedback_notes
language plpgsql
security definer
set search_path = ''
as $$
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
comment on function public.add_feedback_note(uuid, text) is
  'An internal note of a member on a feedback on the company''s verified domains (1-2,000 characters; 60 per 10 minutes); never shown to the author; logged.';

create function public.get_feedback_triage(p_feedback_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
comment on function public.get_feedback_triage(uuid) is
  'A feedback''s triage inside the caller''s company: assignee, priority (the AI''s until set), the members to assign, notes and activity with members'' e-mails (former members: none).';

create function public.update_feedback_statuses(p_feedback_ids uuid[], p_new_status text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_changed integer := 0;
  v_status text;
begin
  perform private.require_company(null);
  if coalesce(cardinality(p_feedback_ids), 0) > 100 then
    raise exception 'Change at most 100 feedback at once.' using errcode = 'invalid_parameter_value';
  end if;
  foreach v_id in array coalesce(p_feedback_ids, '{}') loop
    select f.status into v_status from public.feedback f where f.id = v_id;
    if v_status is distinct from p_new_status and private.can_transition(v_status, p_new_status) then
      perform public.update_feedback_status(v_id, p_new_status);
      v_changed := v_changed + 1;
    end if;
  end loop;
  return v_changed;
end
$$;
comment on function public.update_feedback_statuses(uuid[], text) is
  'Moves up to 100 feedback of the caller''s company to a status, each through update_feedback_status (checks, notification, XP); returns how many moved (those that cannot make the move are skipped).';

revoke all on function private.require_triage(uuid), private.log_activity(uuid, uuid, text, text),
  private.message_activity(), private.status_activity() from public, anon, authenticated;
revoke all on function public.set_feedback_assignee(uuid, uuid), public.set_feedback_priority(uuid, text),
  public.add_feedback_note(uuid, text), public.get_feedback_triage(uuid),
  public.update_feedback_statuses(uuid[], text) from public, anon;
grant execute on function public.set_feedback_assignee(uuid, uuid), public.set_feedback_priority(uuid, text),
  public.add_feedback_note(uuid, text), public.get_feedback_triage(uuid),
  public.update_feedback_statuses(uuid[], text) to authenticated;
