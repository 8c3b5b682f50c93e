-- Issue #25: anonymous sign-ins (GoTrue's is_anonymous users, off by default
-- and turned on with GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED). An anonymous
-- session has the `authenticated` role, but Peega's consumer and company
-- powers need a real account (DECISIONS.md: sign-up with a proven e-mail,
-- points and referral XP for real feedback, companies by their domains). So
-- an anonymous user is a visitor until it adds an address:
--   * no profile (so no points, stats, badges or referral code) and no
--     company from sign-up metadata are created for it;
--   * it cannot write a profile, feedback, a vote, a company or a company
--     membership, whoever's function inserts the row (a trigger, not a policy,
--     so definer RPCs are covered too), nor upload feedback media;
--   * when it becomes permanent (GoTrue clears is_anonymous once the new
--     address is confirmed) its profile is created as at sign-up.
-- tests/permissions/anonymous-users.test.ts shows what such a session can do.

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created
  after insert on auth.users
  for each row when (not new.is_anonymous)
  execute function private.handle_new_user();

drop trigger if exists on_auth_user_created_company on auth.users;
create trigger on_auth_user_created_company
  after insert on auth.users
  for each row when (not new.is_anonymous)
  execute function private.company_from_signup();

create trigger on_auth_user_made_permanent
  after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function private.handle_new_user();

create function private.refuse_anonymous_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
begin
  if exists (select 1 from auth.users u where u.id = v_owner and u.is_anonymous) then
    raise exception 'Sign up with an e-mail address to do this.'
      using errcode = 'insufficient_privilege',
            hint = 'Anonymous users are visitors until they add an e-mail address.';
  end if;
  return new;
end
$$;
comment on function private.refuse_anonymous_owner() is
  'Before insert: refuses a row owned (column named by the trigger argument) by an anonymous auth user (issue #25).';
revoke all on function private.refuse_anonymous_owner() from public, anon, authenticated;

-- Named to sort first: same-event triggers fire in name order, so the
-- refusal comes before any other check of the row.

create trigger anonymous_owner_refused
  before insert on public.profiles
  for each row execute function private.refuse_anonymous_owner('id');
create trigger anonymous_owner_refused
  before insert on public.feedback
  for each row execute function private.refuse_anonymous_owner('user_id');
create trigger anonymous_owner_refused
  before insert on public.feedback_votes
  for each row execute function private.refuse_anonymous_owner('user_id');
create trigger anonymous_owner_refused
  before insert on public.companies
  for each row execute function private.refuse_anonymous_owner('user_id');
create trigger anonymous_owner_refused
  before insert on public.company_members
  for each row execute function private.refuse_anonymous_owner('user_id');

create policy "Anonymous users cannot upload"
  on storage.objects as restrictive for insert to authenticated
  with check (((select auth.jwt()) ->> 'is_anonymous') is distinct from 'true');
