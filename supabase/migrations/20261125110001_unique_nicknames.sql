-- =============================================================================
-- Nicknames are unique, case-insensitively (outside review L3; DECISIONS.md
-- "Nicknames"): two leaderboard rows must never read as the same person.
--
-- Existing case-duplicates keep the oldest account's nickname; each later one
-- becomes its first 23 characters, a hyphen and 6 hex characters derived from
-- the user id (deterministic, at most 30 characters, checked free). Then a
-- unique index on lower(nickname) holds the rule, and a trigger refuses a
-- taken nickname with the form's message (23505, HTTP 409). A default
-- nickname PeegerNNNNNN that is already taken at sign-up is replaced by the
-- next free one, so sign-up never fails on it.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: data (existing case-duplicates)
-- -----------------------------------------------------------------------------

-- The rename must not run the profile write rules (they would also restamp
-- updated_at and re-check every questionnaire answer of old rows).
alter table public.profiles disable trigger profiles_before_write;

do $$
declare
  r record;
  v_candidate text;
  n integer;
begin
  for r in
    select d.id, d.nickname
      from (select p.id, p.nickname,
                   row_number() over (partition by lower(p.nickname) order by p.created_at, p.id) as rn
              from public.profiles p) d
     where d.rn > 1
     order by lower(d.nickname), d.rn
  loop
    n := 0;
    loop
      v_candidate := left(r.nickname, 23) || '-'
        || substr(md5(r.id::text || case when n = 0 then '' else n::text end), 1, 6);
      exit when not exists (select 1 from public.profiles q where lower(q.nickname) = lower(v_candidate));
      n := n + 1;
    end loop;
    update public.profiles p set nickname = v_candidate where p.id = r.id;
  end loop;
end
$$;

alter table public.profiles enable trigger profiles_before_write;

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create unique index profiles_nickname_lower_key on public.profiles (lower(nickname));

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Runs after profiles_before_write (triggers fire in name order), so it sees
-- the trimmed nickname.
create function private.profile_check_nickname()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_candidate text;
  n integer := 0;
begin
  if tg_op = 'UPDATE' and new.nickname = old.nickname then
    return new;
  end if;
  if not exists (select 1 from public.profiles p
                  where lower(p.nickname) = lower(new.nickname) and p.id <> new.id) then
    return new;
  end if;
  -- The default given at sign-up (~1 in a million apart): take the next free one.
  if tg_op = 'INSERT' and new.nickname = private.default_nickname(new.id) then
    loop
      n := n + 1;
      v_candidate := 'Peeger' || case
        when n <= 20 then lpad(((('x' || substr(md5(new.id::text || n::text), 1, 8))::bit(32)::bigint)
                                 % 1000000)::text, 6, '0')
        else upper(substr(md5(new.id::text || n::text), 1, 10)) end;
      exit when not exists (select 1 from public.profiles p where lower(p.nickname) = lower(v_candidate));
    end loop;
    new.nickname := v_candidate;
    return new;
  end if;
  raise exception 'This nickname is already taken.'
    using errcode = 'unique_violation', detail = 'nickname',
          hint = 'Nicknames are unique regardless of upper or lower case.';
end
$$;
comment on function private.profile_check_nickname() is
  'Before a profile write: refuses a nickname another profile uses (case-insensitively) with ''This nickname is already taken.'' (23505); a colliding default PeegerNNNNNN at sign-up becomes the next free one.';

revoke all on function private.profile_check_nickname() from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: triggers
-- -----------------------------------------------------------------------------

create trigger profiles_check_nickname
  before insert or update of nickname on public.profiles
  for each row execute function private.profile_check_nickname();
