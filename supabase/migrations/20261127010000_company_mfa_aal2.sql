-- =============================================================================
-- Issue #25: company MFA, enforced by the database. Once a company member has a
-- verified TOTP factor, a session that has not passed it (JWT `aal` is not
-- 'aal2') is no member of any company: every company policy and server
-- function goes through current_company_id / current_company_role /
-- current_company_admin_id / require_company, which now all ask
-- private.session_meets_mfa(). This is the pattern Supabase documents for
-- enforcing MFA with RLS; auth.mfa_factors is GoTrue's table (hosted Supabase
-- and the embedded backend have the same columns).
-- =============================================================================

create function private.session_meets_mfa()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
         where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;
comment on function private.session_meets_mfa() is
  'True when the caller''s session is aal2 or the caller has no verified MFA factor (an aal1 session of an MFA user is no company member).';
revoke all on function private.session_meets_mfa() from public, anon, authenticated;

create or replace function private.current_company_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.company_id from public.company_members m
   where m.user_id = auth.uid() and private.session_meets_mfa()
$$;
comment on function private.current_company_id() is
  'Id of the company the signed-in user is a member of (any role), or null; null for an aal1 session of a user with a verified MFA factor.';

create or replace function private.current_company_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.company_members m
   where m.user_id = auth.uid() and private.session_meets_mfa()
$$;
comment on function private.current_company_role() is
  'The signed-in user''s role in their company (owner, admin, member), or null; null for an aal1 session of a user with a verified MFA factor.';

create or replace function private.current_company_admin_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.company_id from public.company_members m
   where m.user_id = auth.uid() and m.role in ('owner', 'admin')
     and private.session_meets_mfa()
$$;
comment on function private.current_company_admin_id() is
  'Id of the signed-in user''s company when they are its owner or an admin, else null (settings, domains, webhooks, members); null for an aal1 session of a user with a verified MFA factor.';

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
  if not private.session_meets_mfa() then
    raise exception 'Enter the code from your authenticator app to continue.'
      using errcode = 'insufficient_privilege',
            detail = 'Two-factor authentication is on for this account: the session must be aal2.';
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
  v_company.domains := private.verified_domains(v_company.id);
  return v_company;
end
$$;
comment on function private.require_company(text) is
  'The company the signed-in user is a member of, with domains narrowed to its verified ones; raises 42501 when there is none, when company_email names another company, or when the user has a verified MFA factor and the session is not aal2.';
