-- =============================================================================
-- Referral programme: who invited whom, processed once per invitee.
--
-- DECISIONS.md "Referral XP": both sides get 30 XP (invitee referral_bonus,
-- inviter referral_completed) when the referral is processed after sign-up;
-- a code works once per invitee; self-referral is invalid. Also invalid
-- (ours): a mutual referral, where the inviter was referred by the invitee.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.referrals (
  id uuid primary key default gen_random_uuid(),
  inviter_id uuid not null references public.profiles (id) on delete cascade,
  invitee_id uuid not null references public.profiles (id) on delete cascade,
  referral_code text not null,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint referrals_once_per_invitee unique (invitee_id),
  constraint referrals_status_known check (status in ('pending', 'completed', 'invalid'))
);
comment on table public.referrals is
  'One referral per invitee: pending when the sign-up carried a code, completed (30 XP each side) or invalid once processed. Visible to the inviter and the invitee.';
comment on column public.referrals.referral_code is 'The inviter''s code as used.';
comment on column public.referrals.completed_at is 'When the referral was processed as completed.';

alter table public.user_points
  add constraint user_points_referral_id_fkey
  foreign key (referral_id) references public.referrals (id) on delete set null;

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create index referrals_inviter_id_created_at_idx
  on public.referrals (inviter_id, created_at desc);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.referrals enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Inviters and invitees can read their referrals"
  on public.referrals for select to authenticated
  using (inviter_id = (select auth.uid()) or invitee_id = (select auth.uid()));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.referrals from anon, authenticated;
grant select on table public.referrals to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- A sign-up that carried a referral code in its metadata shows as pending
-- to the inviter until the invitee's first signed-in visit processes it.
create function private.record_pending_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_inviter uuid;
begin
  select upper(btrim(u.raw_user_meta_data ->> 'referral_code')) into v_code
    from auth.users u where u.id = new.id;
  if coalesce(v_code, '') = '' then
    return null;
  end if;
  select p.id into v_inviter from public.profiles p where p.referral_code = v_code;
  if v_inviter is not null and v_inviter <> new.id then
    insert into public.referrals (inviter_id, invitee_id, referral_code)
    values (v_inviter, new.id, v_code)
    on conflict do nothing;
  end if;
  return null;
end
$$;
comment on function private.record_pending_referral() is
  'After a profile is created: a pending referral when the sign-up metadata carried a known referral_code.';

create function public.process_referral_signup(
  p_invitee_id uuid default null,
  p_referral_code text default null
)
returns table (referral_id uuid, status text, points_awarded integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(p_invitee_id, 'p_invitee_id');
  v_code text := upper(btrim(coalesce(p_referral_code, '')));
  v_existing public.referrals;
  v_inviter uuid;
  v_status text;
  v_referral public.referrals;
begin
  -- One processing per invitee at a time.
  perform pg_advisory_xact_lock(hashtext('referral'), hashtext(v_uid::text));
  select * into v_existing from public.referrals r where r.invitee_id = v_uid;
  if found and v_existing.status <> 'pending' then
    return query select v_existing.id, v_existing.status, 0;
    return;
  end if;
  if v_code = '' then
    v_code := coalesce(v_existing.referral_code, '');
  end if;
  if v_code = '' then
    raise exception 'Please provide a referral code.'
      using errcode = 'invalid_parameter_value';
  end if;
  if length(v_code) > 32 then
    raise exception 'This referral code does not exist.'
      using errcode = 'invalid_parameter_value';
  end if;
  select p.id into v_inviter from public.profiles p where p.referral_code = v_code;
  if v_inviter is null then
    raise exception 'This referral code does not exist.'
      using errcode = 'invalid_parameter_value',
            detail = format('Code: %s', v_code);
  end if;

  v_status := case
    when v_inviter = v_uid then 'invalid'
    when exists (
      select 1 from public.referrals r
       where r.inviter_id = v_uid and r.invitee_id = v_inviter and r.status = 'completed')
      then 'invalid'
    else 'completed'
  end;

  insert into public.referrals as r (inviter_id, invitee_id, referral_code, status, completed_at)
  values (v_inviter, v_uid, v_code, v_status, case when v_status = 'completed' then now() end)
  on conflict (invitee_id) do update
    set inviter_id = excluded.inviter_id,
        referral_code = excluded.referral_code,
        status = excluded.status,
        completed_at = excluded.completed_at
    where r.status = 'pending'
  returning * into v_referral;

  if v_status = 'completed' then
    perform private.award_points(v_uid, 'referral_bonus', 30, null, v_referral.id);
    perform private.award_points(v_inviter, 'referral_completed', 30, null, v_referral.id);
  end if;
  return query select v_referral.id, v_referral.status,
    case when v_referral.status = 'completed' then 30 else 0 end;
end
$$;
comment on function public.process_referral_signup(uuid, text) is
  'Processes the caller''s referral once: completed gives 30 XP to both sides, self or mutual referral is invalid; calling again returns the stored outcome with 0 points. p_invitee_id, if given, must be the caller.';

create function public.get_my_referrals()
returns table (
  id uuid,
  inviter_id uuid,
  invitee_id uuid,
  status text,
  created_at timestamptz,
  completed_at timestamptz,
  invitee_profile jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.inviter_id, r.invitee_id, r.status, r.created_at, r.completed_at,
         jsonb_build_object('nickname', p.nickname, 'email', p.email)
    from public.referrals r
    join public.profiles p on p.id = r.invitee_id
   where r.inviter_id = auth.uid()
   order by r.created_at desc
$$;
comment on function public.get_my_referrals() is
  'The caller''s referrals, newest first, with the invitee''s nickname and e-mail (the spec''s invitee_profile); invitees'' other profile fields stay private.';

grant execute on function public.process_referral_signup(uuid, text) to authenticated;
grant execute on function public.get_my_referrals() to authenticated;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger profiles_record_pending_referral
  after insert on public.profiles
  for each row execute function private.record_pending_referral();
