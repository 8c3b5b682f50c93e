-- =============================================================================
-- Rewards catalogue and claims.
--
-- A reward is locked below its access_level (spec §4 "Reward"). DECISIONS.md
-- "Rewards Claim": claiming creates a claim with a unique reward code, checked
-- against the level by the server and listed for the user. Only an operator
-- (service role) edits the catalogue.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table public.rewards (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null,
  category text not null,
  type text not null,
  access_level smallint not null default 0,
  image_url text,
  popularity_score integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint rewards_access_level_range check (access_level between 0 and 5),
  constraint rewards_title_length check (char_length(title) between 1 and 200),
  constraint rewards_category_length check (char_length(category) between 1 and 50),
  constraint rewards_type_length check (char_length(type) between 1 and 50)
);
comment on table public.rewards is
  'The rewards catalogue, readable by signed-in users; locked below access_level. Edited by operators only.';
comment on column public.rewards.access_level is 'Lowest user level (0-5) that unlocks the reward.';
comment on column public.rewards.popularity_score is 'Sort key of the Popular order (higher first).';
comment on column public.rewards.is_active is 'Inactive rewards are hidden and cannot be claimed.';

create table public.reward_claims (
  id uuid primary key default gen_random_uuid(),
  reward_id uuid not null references public.rewards (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  code text not null,
  status text not null default 'issued',
  created_at timestamptz not null default now(),
  redeemed_at timestamptz,
  constraint reward_claims_code_key unique (code),
  constraint reward_claims_once unique (reward_id, user_id),
  constraint reward_claims_status_known check (status in ('issued', 'redeemed', 'cancelled'))
);
comment on table public.reward_claims is
  'A user''s claim of a reward with its unique code (one claim per reward and user), to quote to support.';
comment on column public.reward_claims.code is 'Unique reward code, PEEGA-XXXX-XXXX.';
comment on column public.reward_claims.status is 'issued until support redeems it (operators only).';

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create index rewards_popularity_idx on public.rewards (popularity_score desc) where is_active;
create index rewards_created_at_idx on public.rewards (created_at desc) where is_active;
create index reward_claims_user_id_idx on public.reward_claims (user_id, created_at desc);

-- -----------------------------------------------------------------------------
-- Section: row level security
-- -----------------------------------------------------------------------------

alter table public.rewards enable row level security;
alter table public.reward_claims enable row level security;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Signed-in users can read active rewards"
  on public.rewards for select to authenticated
  using (is_active);

create policy "Users can read their own reward claims"
  on public.reward_claims for select to authenticated
  using (user_id = (select auth.uid()));

-- -----------------------------------------------------------------------------
-- Section: grants
-- -----------------------------------------------------------------------------

revoke all on table public.rewards, public.reward_claims from anon, authenticated;
grant select on table public.rewards, public.reward_claims to authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function private.generate_reward_code()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea;
  v_code text;
begin
  loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := 'PEEGA-';
    for i in 0..7 loop
      v_code := v_code || substr(v_alphabet, get_byte(v_bytes, i) % 32 + 1, 1)
        || case when i = 3 then '-' else '' end;
    end loop;
    exit when not exists (select 1 from public.reward_claims c where c.code = v_code);
  end loop;
  return v_code;
end
$$;
comment on function private.generate_reward_code() is 'A fresh unique reward code PEEGA-XXXX-XXXX.';

create function public.claim_reward(p_reward_id uuid)
returns table (
  id uuid,
  reward_id uuid,
  code text,
  status text,
  created_at timestamptz,
  how_to_claim text
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_reward public.rewards;
  v_level integer;
  v_claim public.reward_claims;
begin
  select * into v_reward from public.rewards r where r.id = p_reward_id and r.is_active;
  if not found then
    raise exception 'This reward is not available.' using errcode = 'invalid_parameter_value';
  end if;
  select s.current_level into v_level from public.user_stats s where s.user_id = v_uid;
  if coalesce(v_level, 0) < v_reward.access_level then
    raise exception 'Available at level %', v_reward.access_level
      using errcode = 'insufficient_privilege',
            detail = format('Your level is %s.', coalesce(v_level, 0));
  end if;
  perform pg_advisory_xact_lock(hashtext('reward_claims'), hashtext(v_uid::text || p_reward_id::text));
  select * into v_claim from public.reward_claims c where c.reward_id = p_reward_id and c.user_id = v_uid;
  if not found then
    insert into public.reward_claims (reward_id, user_id, code)
    values (p_reward_id, v_uid, private.generate_reward_code())
    returning * into v_claim;
  end if;
  return query select v_claim.id, v_claim.reward_id, v_claim.code, v_claim.status, v_claim.created_at,
    'How to claim: Contact our support team with your reward code to claim this reward.'::text;
end
$$;
comment on function public.claim_reward(uuid) is
  'Claims an unlocked reward for the caller (level checked by the server) and returns its unique code; claiming again returns the same claim.';

grant execute on function public.claim_reward(uuid) to authenticated;
