-- =============================================================================
-- Company workspace (#21), the core: who belongs to a company, and in which
-- role. Every "the caller's company" question goes through membership from
-- here on: private.current_company_id(), private.current_company_role() and
-- private.require_company() read company_members, so every RPC built on them
-- serves the company's members with the company's plan and allowance.
--
-- Decisions:
-- - One company per account (unique user_id): the dashboard, the views counter
--   and every RPC act for "the" company of the caller, as before.
-- - Roles: owner (the account that registered the company; companies.user_id
--   stays the owner), admin (settings, domains, members), member (triage).
-- - Clients never write this table: invitations and removals go through
--   server functions that check the caller's role and the plan's seats.
-- =============================================================================

create table public.company_members (
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id),
  constraint company_members_one_company unique (user_id),
  constraint company_members_role_known check (role in ('owner', 'admin', 'member'))
);
comment on table public.company_members is
  'Who belongs to a company and in which role (owner, admin, member); one company per account. Written only by server functions; members read their own company''s rows.';

create unique index company_members_one_owner on public.company_members (company_id)
  where role = 'owner';

insert into public.company_members (company_id, user_id, role)
select c.id, c.user_id, 'owner' from public.companies c
on conflict do nothing;

-- The registering account is the owner, in the same transaction as the company.
create function private.company_owner_membership()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.company_members (company_id, user_id, role)
  values (new.id, new.user_id, 'owner')
  on conflict do nothing;
  return null;
end
$$;
comment on function private.company_owner_membership() is
  'After a company is inserted: its registering account becomes its owner member.';

create trigger companies_owner_membership
  after insert on public.companies
  for each row execute function private.company_owner_membership();

create or replace function private.current_company_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.company_id from public.company_members m where m.user_id = auth.uid()
$$;
comment on function private.current_company_id() is
  'Id of the company the signed-in user is a member of (any role), or null.';

create function private.current_company_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.company_members m where m.user_id = auth.uid()
$$;
comment on function private.current_company_role() is
  'The signed-in user''s role in their company (owner, admin, member), or null.';
grant execute on function private.current_company_role() to authenticated;

create or replace function private.require_company(p_company_email text)
returns public.companies
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies;
begin
  if auth.uid() is null then
    raise exception 'You need to be signed in.' using errcode = 'insufficient_privilege';
  end if;
  select c.* into v_company
    from public.company_members m
    join public.companies c on c.id = m.company_id
   where m.user_id = auth.uid();
  if not found then
    raise exception 'Only company accounts can do this.' using errcode = 'insufficient_privilege';
  end if;
  if p_company_email is not null and lower(btrim(p_company_email)) <> lower(v_company.email) then
    raise exception 'You can only act for your own company.'
      using errcode = 'insufficient_privilege',
            detail = 'company_email must be the signed-in company''s e-mail or be omitted.';
  end if;
  return v_company;
end
$$;
comment on function private.require_company(text) is
  'The company the signed-in user is a member of; raises 42501 when there is none or when company_email names another company.';

alter table public.company_members enable row level security;

create policy "Members can read their company's members"
  on public.company_members for select to authenticated
  using (company_id = (select private.current_company_id()));

revoke all on table public.company_members from anon, authenticated;
grant select on table public.company_members to authenticated;
grant all on table public.company_members to service_role;
