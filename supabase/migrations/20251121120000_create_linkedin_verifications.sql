-- =============================================================================
-- LinkedIn verification records (DECISIONS.md "LinkedIn", "LinkedIn XP").
--
-- The linkedin-oauth function exchanges the OpenID Connect code server-side
-- and then calls record_linkedin_verification with the service-role key. The
-- database refuses a state nonce it has seen before (a replayed callback) and
-- a LinkedIn member already bound to another Peega account (one LinkedIn
-- account cannot earn the +30 XP for many accounts). Nothing here is
-- readable or callable by clients.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table private.linkedin_verifications (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  subject text not null,
  verified_at timestamptz not null default now(),
  constraint linkedin_verifications_subject_key unique (subject),
  constraint linkedin_verifications_subject_length check (char_length(subject) between 1 and 255)
);
comment on table private.linkedin_verifications is
  'The LinkedIn member (OpenID Connect sub) that verified each profile; a member verifies one Peega account only.';
comment on column private.linkedin_verifications.subject is 'The id token''s and userinfo''s sub claim.';

create table private.linkedin_nonces (
  nonce text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  used_at timestamptz not null default now(),
  constraint linkedin_nonces_nonce_length check (char_length(nonce) between 16 and 128)
);
comment on table private.linkedin_nonces is
  'Nonces of LinkedIn states already exchanged: a state (and the code sent with it) is accepted once.';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

-- Covers the foreign key (deleting a profile).
create index linkedin_nonces_user_id_idx on private.linkedin_nonces (user_id);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table private.linkedin_verifications enable row level security;
alter table private.linkedin_nonces enable row level security;

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table private.linkedin_verifications, private.linkedin_nonces
  from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Server-only: called by the linkedin-oauth function after a successful exchange.
create function public.record_linkedin_verification(
  p_user_id uuid,
  p_subject text,
  p_nonce text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
begin
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'Unknown user.' using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(btrim(p_subject), '') = '' or char_length(p_subject) > 255 then
    raise exception 'The LinkedIn account has no identifier.' using errcode = 'invalid_parameter_value';
  end if;
  if coalesce(char_length(p_nonce), 0) not between 16 and 128 then
    raise exception 'The verification request has no valid nonce.' using errcode = 'invalid_parameter_value';
  end if;
  insert into private.linkedin_nonces (nonce, user_id) values (p_nonce, p_user_id)
  on conflict (nonce) do nothing;
  if not found then
    raise exception 'This verification link was already used.'
      using errcode = 'unique_violation', detail = 'nonce';
  end if;
  perform pg_advisory_xact_lock(hashtext('linkedin'), hashtext(p_subject));
  select v.user_id into v_owner from private.linkedin_verifications v where v.subject = p_subject;
  if v_owner is not null and v_owner <> p_user_id then
    raise exception 'This LinkedIn account already verified another account.'
      using errcode = 'unique_violation', detail = 'subject';
  end if;
  insert into private.linkedin_verifications (user_id, subject) values (p_user_id, p_subject)
  on conflict (user_id) do nothing;
  return public.mark_linkedin_verified(p_user_id);
end
$$;
comment on function public.record_linkedin_verification(uuid, text, text) is
  'Server-only (service role): records a LinkedIn verification once per state nonce and member, marks the profile verified and awards +30 XP once; true when this call awarded the XP.';

revoke execute on function public.record_linkedin_verification(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_linkedin_verification(uuid, text, text) to service_role;
