-- =============================================================================
-- First-party analytics (DECISIONS.md "Analytics"): the spec's events
-- (sign_up, login, badge_earned, submit_feedback, linkedin_auth_started,
-- view_feedback, mark_feedback_read, profile_completed, …) written by one
-- small client module. Write-only for clients; read by operators.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.analytics_events (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  event_name text not null,
  properties jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint analytics_events_name_format check (event_name ~ '^[a-z][a-z0-9_]{0,63}$'),
  constraint analytics_events_properties_object check (jsonb_typeof(properties) = 'object'),
  constraint analytics_events_properties_size check (octet_length(properties::text) <= 4096)
);
comment on table public.analytics_events is
  'Product events (snake_case names, properties up to 4 KB). Clients may only insert; the user is taken from the session.';
comment on column public.analytics_events.user_id is 'The signed-in user, set by a trigger; null for visitors.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create index analytics_events_name_created_at_idx on public.analytics_events (event_name, created_at desc);
create index analytics_events_user_id_idx on public.analytics_events (user_id) where user_id is not null;

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.analytics_events enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Visitors can record anonymous events"
  on public.analytics_events for insert to anon
  with check (user_id is null);

create policy "Signed-in users can record their own events"
  on public.analytics_events for insert to authenticated
  with check (user_id = (select auth.uid()));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.analytics_events from anon, authenticated;
grant insert (user_id, event_name, properties) on table public.analytics_events to anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function private.analytics_event_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null or auth.role() in ('anon', 'authenticated') then
    new.user_id := auth.uid();
  end if;
  new.event_name := lower(btrim(coalesce(new.event_name, '')));
  new.properties := coalesce(new.properties, '{}');
  new.created_at := now();
  return new;
end
$$;
comment on function private.analytics_event_before_insert() is
  'Before an event is recorded: the user comes from the session, the name is normalised.';

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger analytics_events_before_insert
  before insert on public.analytics_events
  for each row execute function private.analytics_event_before_insert();
