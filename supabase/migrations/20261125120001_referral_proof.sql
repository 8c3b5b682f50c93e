-- =============================================================================
-- Referral XP only for real invitees (security review M6 and L1;
-- DECISIONS.md "E-mail proof").
--
-- Before: process_referral_signup paid 30 XP to both sides at once, with no
-- cap per inviter, so throw-away accounts farmed XP (8 accounts, 240 XP), a
-- loop A→B→C→A paid every edge, and an old account could claim a code any
-- time. Now:
--
-- * A referral stays pending until the invitee has a confirmed e-mail address
--   AND a first real feedback: one that passed the insert checks (not
--   empty), was analysed by the AI step and is not spam, and is not
--   self-dealing. Both sides' 30 XP are paid only then, by whichever comes
--   last: the invitee processing the code, the AI step finishing their
--   feedback, or the e-mail being confirmed.
-- * Caps per inviter: 5 completed referrals per UTC day (a sixth waits, still
--   pending, until a later day: it is retried on the invitee's next analysed
--   feedback and whenever the inviter opens their referral list) and 20 in
--   total (600 XP: referrals alone reach level 4, never level 5 or the
--   Legend badge; further referrals are recorded as invalid, for both sides).
--   Every completed referral is a paid one, so the list's '+30 XP' stays true.
-- * A referral that would close a loop of any length (the invitee invited,
--   directly or through others, the inviter) is invalid; so is a self-
--   referral, as before.
-- * A code may be claimed only by a new account: within 24 hours of sign-up
--   and before its first feedback. A code recorded at sign-up (metadata) is
--   not a late claim and is processed whenever its conditions are met.
-- =============================================================================

-- Whether inviting p_invitee would close a loop: walks up from the inviter
-- through the referrals that count (pending or completed; each account has
-- at most one) and looks for the invitee.
create or replace function private.referral_closes_loop(p_inviter uuid, p_invitee uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with recursive chain (user_id, depth) as (
    select p_inviter, 0
    union
    select r.inviter_id, c.depth + 1
      from chain c
      join public.referrals r
        on r.invitee_id = c.user_id and r.status in ('pending', 'completed')
     where c.depth < 1000
  )
  select p_inviter = p_invitee or exists (select 1 from chain c where c.user_id = p_invitee)
$$;
comment on function private.referral_closes_loop(uuid, uuid) is
  'True when the invitee is the inviter or, through pending or completed referrals, one of the inviter''s inviters (a loop of any length).';

-- The invitee's proof of being a real person: a confirmed e-mail address and
-- a first real feedback.
create or replace function private.referral_invitee_qualifies(p_invitee uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
           select 1 from auth.users u
            where u.id = p_invitee and u.email_confirmed_at is not null)
     and exists (
           select 1 from public.feedback f
            where f.user_id = p_invitee
              and f.ai_processed_at is not null
              and not f.is_spam
              and not f.self_dealing)
$$;
comment on function private.referral_invitee_qualifies(uuid) is
  'True when the invitee confirmed their e-mail and has a feedback that the AI step analysed, is not spam and is not about their own company.';

-- Completes a pending referral when its invitee qualifies and its inviter is
-- under the caps; true when this call paid the 30 XP to both sides.
create or replace function private.complete_referral(p_referral_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inviter uuid;
  v_referral public.referrals;
  v_today integer;
  v_total integer;
begin
  select r.inviter_id into v_inviter from public.referrals r
   where r.id = p_referral_id and r.status = 'pending';
  if v_inviter is null then
    return false;
  end if;
  -- One inviter's referrals complete one at a time, so the caps hold when
  -- several invitees qualify at once. The inviter lock comes before any row
  -- lock of theirs (see retry_inviter_referrals).
  perform pg_advisory_xact_lock(hashtext('referral-inviter'), hashtext(v_inviter::text));
  select * into v_referral from public.referrals r where r.id = p_referral_id for update;
  if not found or v_referral.status <> 'pending' or v_referral.inviter_id <> v_inviter then
    return false;
  end if;
  if not private.referral_invitee_qualifies(v_referral.invitee_id) then
    return false;
  end if;

  select count(*) filter (
           where r.completed_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')),
         count(*)
    into v_today, v_total
    from public.referrals r
   where r.inviter_id = v_inviter and r.status = 'completed';
  if v_total >= 20
     or private.referral_closes_loop(v_inviter, v_referral.invitee_id) then
    update public.referrals r set status = 'invalid' where r.id = p_referral_id;
    return false;
  end if;
  if v_today >= 5 then
    return false;
  end if;

  update public.referrals r set status = 'completed', completed_at = now() where r.id = p_referral_id;
  perform private.award_points(v_referral.invitee_id, 'referral_bonus', 30, null, p_referral_id);
  perform private.award_points(v_inviter, 'referral_completed', 30, null, p_referral_id);
  return true;
end
$$;
comment on function private.complete_referral(uuid) is
  'Completes a pending referral (30 XP each side) once the invitee confirmed their e-mail and sent a first real feedback, within 5 per UTC day and 20 in total per inviter; past 20, or when it closes a loop, it becomes invalid. True when this call paid.';

-- The inviter's referrals that waited for the daily cap.
create or replace function private.retry_inviter_referrals(p_inviter uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  for v_id in
    select r.id from public.referrals r
     where r.inviter_id = p_inviter and r.status = 'pending'
     order by r.created_at
  loop
    perform private.complete_referral(v_id);
  end loop;
end
$$;
comment on function private.retry_inviter_referrals(uuid) is
  'Completes the inviter''s pending referrals whose invitees qualify, oldest first, until the daily cap stops them.';

create or replace function public.process_referral_signup(
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
  v_signed_up timestamptz;
  v_paid boolean := false;
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

  -- A new claim (not the code recorded at sign-up) only from a new account.
  if v_existing.inviter_id is distinct from v_inviter then
    select u.created_at into v_signed_up from auth.users u where u.id = v_uid;
    if v_signed_up < now() - interval '24 hours'
       or exists (select 1 from public.feedback f where f.user_id = v_uid) then
      raise exception 'Referral codes can only be used within 24 hours of signing up, before your first feedback.'
        using errcode = 'invalid_parameter_value';
    end if;
  end if;

  -- The inviter lock before the row lock of the upsert, in the order
  -- complete_referral and retry_inviter_referrals take them.
  perform pg_advisory_xact_lock(hashtext('referral-inviter'), hashtext(v_inviter::text));
  v_status := case
    when private.referral_closes_loop(v_inviter, v_uid) then 'invalid'
    when (select count(*) from public.referrals r
           where r.inviter_id = v_inviter and r.status = 'completed') >= 20 then 'invalid'
    else 'pending'
  end;

  insert into public.referrals as r (inviter_id, invitee_id, referral_code, status, completed_at)
  values (v_inviter, v_uid, v_code, v_status, null)
  on conflict (invitee_id) do update
    set inviter_id = excluded.inviter_id,
        referral_code = excluded.referral_code,
        status = excluded.status,
        completed_at = null
    where r.status = 'pending'
  returning * into v_referral;

  if v_referral.status = 'pending' then
    v_paid := private.complete_referral(v_referral.id);
    select * into v_referral from public.referrals r where r.id = v_referral.id;
  end if;
  return query select v_referral.id, v_referral.status, case when v_paid then 30 else 0 end;
end
$$;
comment on function public.process_referral_signup(uuid, text) is
  'Records the caller''s referral once: pending until they confirm their e-mail and send a first real feedback (then 30 XP each side, within the inviter''s caps of 5 a day and 20 in total); self-referral, loops and full inviters are invalid; codes are claimed within 24 hours of sign-up and before the first feedback. Calling again returns the stored outcome with 0 points. p_invitee_id, if given, must be the caller.';

-- Opening the referral list also pays referrals that waited for the daily cap.
create or replace function public.get_my_referrals()
returns table (
  id uuid,
  inviter_id uuid,
  invitee_id uuid,
  status text,
  created_at timestamptz,
  completed_at timestamptz,
  invitee_profile jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is not null then
    perform private.retry_inviter_referrals(v_uid);
  end if;
  return query
    select r.id, r.inviter_id, r.invitee_id, r.status, r.created_at, r.completed_at,
           jsonb_build_object('nickname', p.nickname, 'email', p.email)
      from public.referrals r
      join public.profiles p on p.id = r.invitee_id
     where r.inviter_id = v_uid
     order by r.created_at desc;
end
$$;
comment on function public.get_my_referrals() is
  'The caller''s referrals, newest first, with the invitee''s nickname and e-mail (the spec''s invitee_profile); first completes any that waited for the daily cap. Invitees'' other profile fields stay private.';

-- The two moments an invitee may start to qualify.
create or replace function private.feedback_completes_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.complete_referral(r.id)
     from public.referrals r
    where r.invitee_id = new.user_id and r.status = 'pending';
  return null;
end
$$;
comment on function private.feedback_completes_referral() is
  'After a feedback is analysed as real (not spam, not self-dealing): completes its author''s pending referral if everything else is met.';

create or replace function private.email_confirmation_completes_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.complete_referral(r.id)
     from public.referrals r
    where r.invitee_id = new.id and r.status = 'pending';
  return null;
end
$$;
comment on function private.email_confirmation_completes_referral() is
  'After an auth user confirms their e-mail: completes their pending referral if everything else is met.';

drop trigger if exists feedback_analysed_completes_referral on public.feedback;
create trigger feedback_analysed_completes_referral
  after update of ai_processed_at, is_spam on public.feedback
  for each row
  when (new.ai_processed_at is not null and not new.is_spam and not new.self_dealing
        and (old.ai_processed_at is null or old.is_spam))
  execute function private.feedback_completes_referral();

-- Imports may arrive already analysed.
drop trigger if exists feedback_imported_completes_referral on public.feedback;
create trigger feedback_imported_completes_referral
  after insert on public.feedback
  for each row
  when (new.ai_processed_at is not null and not new.is_spam and not new.self_dealing)
  execute function private.feedback_completes_referral();

drop trigger if exists on_auth_user_email_confirmed_completes_referral on auth.users;
create trigger on_auth_user_email_confirmed_completes_referral
  after update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.email_confirmation_completes_referral();
