-- =============================================================================
-- Company workspace (#21), seats: invitations, roles and removal.
--
-- Decisions:
-- - Seats by plan: Free 1, Pro 3, Advanced unlimited (private.seat_limit,
--   mirrored by PLAN_RULES[plan].seats in shared/domain/plans.ts). Members and
--   pending (not accepted, not revoked, not expired) invitations both take a
--   seat, so a company never invites past its plan.
-- - An invitation is a random 32-byte token, stored only as its SHA-256; it
--   expires after 7 days, can be revoked, and is used once. Re-inviting the
--   same address replaces its pending invitation (a "resend").
-- - The raw token leaves the database twice: once to the inviter (so the
--   Members card can copy the link) and once in the invitation e-mail, whose
--   queue row forgets it as soon as the mail is written.
-- - Accepting needs a signed-in account whose confirmed e-mail is the invited
--   address and which is in no company yet; the plan must still have a seat.
-- - Owners and admins invite, change roles and remove; nobody makes an owner,
--   the owner is never demoted or removed; a member may leave by themselves.
-- - Rate limits: 20 invitations per account per hour (and 60 per address);
--   3 per invited e-mail address per day, over all companies.
-- - Clients never touch these tables: every read and write is a function.
-- =============================================================================

create function private.seat_limit(p_plan text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_plan when 'pro' then 3 when 'advanced' then null else 1 end
$$;
comment on function private.seat_limit(text) is
  'Seats (members plus pending invitations) of a plan: free 1, pro 3, advanced unlimited (null). Mirrors PLAN_RULES[plan].seats.';

create table public.company_invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  email text not null,
  role text not null,
  token_hash text not null,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  constraint company_invitations_token_hash_key unique (token_hash),
  constraint company_invitations_role_known check (role in ('admin', 'member')),
  constraint company_invitations_email_lower check (email = lower(email) and char_length(email) <= 320)
);
comment on table public.company_invitations is
  'Invitations to join a company (token stored as SHA-256 only). Read and written only through server functions.';
create index company_invitations_company on public.company_invitations (company_id, created_at desc);
create index company_invitations_invited_by on public.company_invitations (invited_by);
create index company_invitations_accepted_by on public.company_invitations (accepted_by);
create unique index company_invitations_one_open
  on public.company_invitations (company_id, email)
  where accepted_at is null and revoked_at is null;

alter table public.company_invitations enable row level security;
revoke all on table public.company_invitations from anon, authenticated;
grant all on table public.company_invitations to service_role;

-- The invitation e-mails to send (the backend's mail job); the token is
-- forgotten once the mail is written.
create table private.company_invitation_emails (
  id bigint generated always as identity primary key,
  invitation_id uuid not null references public.company_invitations (id) on delete cascade,
  token text,
  status text not null default 'pending',
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index company_invitation_emails_invitation on private.company_invitation_emails (invitation_id);
alter table private.company_invitation_emails enable row level security;
revoke all on table private.company_invitation_emails from public, anon, authenticated;

create function private.invitation_token_hash(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;

-- Seats taken: members plus open invitations (other than p_except).
create function private.seats_taken(p_company_id uuid, p_except uuid default null)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.company_members m where m.company_id = p_company_id)::integer
       + (select count(*) from public.company_invitations i
           where i.company_id = p_company_id and i.accepted_at is null and i.revoked_at is null
             and i.expires_at > now() and i.id is distinct from p_except)::integer
$$;

create function private.company_plan(p_company_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select private.resolve_plan(s.subscription_type)
                     from public.company_subscriptions s where s.company_id = p_company_id), 'free')
$$;

create function private.no_seat_left_message(p_plan text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format('Your %s plan includes %s, and all are taken. Revoke an invitation, remove a member or upgrade to add more.',
                initcap(p_plan),
                case when private.seat_limit(p_plan) = 1 then '1 seat' else private.seat_limit(p_plan) || ' seats' end)
$$;

-- ---------------------------------------------------------------- invite
create function public.invite_company_member(p_email text, p_role text default 'member')
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
comment on function public.invite_company_member(text, text) is
  'Owner/admin: invites an e-mail address as admin or member (7 days, replaces an open invitation to the same address); checks seats and rate limits, queues the e-mail and returns the token once.';

create function public.revoke_company_invitation(p_invitation_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company_admin();
begin
  update public.company_invitations i set revoked_at = now()
   where i.id = p_invitation_id and i.company_id = v_company.id
     and i.accepted_at is null and i.revoked_at is null;
  if not found then
    raise exception 'This invitation is no longer pending.' using errcode = 'no_data_found';
  end if;
end
$$;
comment on function public.revoke_company_invitation(uuid) is
  'Owner/admin: revokes a pending invitation of their company; its link stops working at once.';

-- ---------------------------------------------------------------- accept
-- What the invitation page shows before accepting; the token is the key.
create function public.get_company_invitation(p_token text)
returns table (company_name text, email text, role text, expires_at timestamptz, state text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.company_name, i.email, i.role, i.expires_at,
         case when i.accepted_at is not null then 'accepted'
              when i.revoked_at is not null then 'revoked'
              when i.expires_at <= now() then 'expired'
              else 'pending' end
    from public.company_invitations i
    join public.companies c on c.id = i.company_id
   where i.token_hash = private.invitation_token_hash(p_token)
$$;
comment on function public.get_company_invitation(text) is
  'The company, address, role, expiry and state (pending, accepted, revoked, expired) of the invitation with this token; no row for an unknown token.';

create function public.accept_company_invitation(p_token text)
returns table (company_id uuid, company_name text, role text)
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'This invitation link is not valid.' using errcode = 'no_data_found';
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
comment on function public.accept_company_invitation(text) is
  'Joins the signed-in account to the invitation''s company: checks the token, use, revocation, expiry, that the confirmed e-mail is the invited one, that the account is in no company and that a seat is left.';

-- ---------------------------------------------------------------- members
create function public.get_company_members()
returns table (user_id uuid, email text, role text, joined_at timestamptz, is_you boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select m.user_id, u.email::text, m.role, m.created_at, m.user_id = auth.uid()
      from public.company_members m
      join auth.users u on u.id = m.user_id
     where m.company_id = v_company.id
     order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.created_at;
end
$$;
comment on function public.get_company_members() is
  'Any member: the members of their company (e-mail, role, joined), owner first.';

create function public.get_company_invitations()
returns table (id uuid, email text, role text, created_at timestamptz, expires_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
comment on function public.get_company_invitations() is
  'Owner/admin: their company''s pending invitations (not accepted, revoked or expired).';

create function public.get_company_seats()
returns table (plan text, seat_limit integer, members integer, pending integer, my_role text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_plan text := private.company_plan(v_company.id);
begin
  return query
    select v_plan, private.seat_limit(v_plan),
           (select count(*) from public.company_members m where m.company_id = v_company.id)::integer,
           (select count(*) from public.company_invitations i
             where i.company_id = v_company.id and i.accepted_at is null and i.revoked_at is null
               and i.expires_at > now())::integer,
           private.current_company_role();
end
$$;
comment on function public.get_company_seats() is
  'Any member: the plan, its seats (null = unlimited), members, pending invitations and the caller''s role.';

create function public.change_company_member_role(p_user_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'This person is not a member of your company.' using errcode = 'no_data_found';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner''s role cannot be changed.' using errcode = 'insufficient_privilege';
  end if;
  update public.company_members m set role = p_role
   where m.company_id = v_company.id and m.user_id = p_user_id;
end
$$;
comment on function public.change_company_member_role(uuid, text) is
  'Owner/admin: makes another member of their company an admin or a member; the owner''s role never changes.';

create function public.remove_company_member(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_member public.company_members;
begin
  select * into v_member from public.company_members m
   where m.company_id = v_company.id and m.user_id = p_user_id for update;
  if not found then
    raise exception 'This person is not a member of your company.' using errcode = 'no_data_found';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner cannot be removed from the company.' using errcode = 'insufficient_privilege';
  end if;
  if p_user_id <> auth.uid() and private.current_company_role() not in ('owner', 'admin') then
    raise exception 'Only the company''s owner or an admin can do this.' using errcode = 'insufficient_privilege';
  end if;
  delete from public.company_members m where m.company_id = v_company.id and m.user_id = p_user_id;
end
$$;
comment on function public.remove_company_member(uuid) is
  'Owner/admin: removes a member or admin of their company (never the owner); any member may remove themselves. Access ends at once.';

-- The backend's mail job: the invitation e-mails due, their tokens forgotten.
create function public.take_company_invitation_emails(p_limit integer default 20)
returns table (email text, company_name text, role text, expires_at timestamptz, inviter_email text, token text)
language sql
security definer
set search_path = ''
as $$
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
comment on function public.take_company_invitation_emails(integer) is
  'Service role: takes the queued invitation e-mails (deleting them with their tokens) for the mail job to write.';

revoke all on function
  private.seat_limit(text), private.invitation_token_hash(text), private.seats_taken(uuid, uuid),
  private.company_plan(uuid), private.no_seat_left_message(text),
  private.current_company_admin_id(), private.require_company_admin()
  from public, anon;
grant execute on function private.current_company_admin_id() to authenticated;
revoke all on function
  public.invite_company_member(text, text), public.revoke_company_invitation(uuid),
  public.get_company_invitation(text), public.accept_company_invitation(text),
  public.get_company_members(), public.get_company_invitations(), public.get_company_seats(),
  public.change_company_member_role(uuid, text), public.remove_company_member(uuid),
  public.take_company_invitation_emails(integer)
  from public, anon, authenticated;
grant execute on function
  public.invite_company_member(text, text), public.revoke_company_invitation(uuid),
  public.accept_company_invitation(text),
  public.get_company_members(), public.get_company_invitations(), public.get_company_seats(),
  public.change_company_member_role(uuid, text), public.remove_company_member(uuid)
  to authenticated;
grant execute on function public.get_company_invitation(text) to anon, authenticated;
grant execute on function public.take_company_invitation_emails(integer) to service_role;
