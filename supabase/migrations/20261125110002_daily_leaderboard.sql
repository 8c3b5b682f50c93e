-- =============================================================================
-- The leaderboard moves once a day (outside review M2; DECISIONS.md
-- "Leaderboard"). A company could diff get_leaderboard before and after a
-- feedback arrived on its site and see which nickname gained its 5-7 XP and
-- one feedback: the author. Now the board ranks and shows XP, feedback count
-- and level as of the start of the current UTC day, so nothing earned today
-- shows on it before tomorrow, when a whole day's activity moves together.
--
-- The day's board is a snapshot built by the first call of the day (no
-- background job, so hosted Supabase needs no cron for it): each user's
-- totals minus what their ledger and day counter hold for today, ranked
-- once; a page is then a range of precomputed ranks. The caller's own row is
-- live for themselves (their XP of today included, placed among the others'
-- start-of-day totals), which tells them nothing about anyone else.
-- get_my_leaderboard_rank gives that same place. Nicknames are read live: a
-- rename is not tied to any feedback.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: tables
-- -----------------------------------------------------------------------------

create table private.leaderboard_days (
  day date primary key,
  ranked bigint not null,
  built_at timestamptz not null default now()
);
comment on table private.leaderboard_days is
  'UTC days whose leaderboard snapshot is built, with the number of ranked users.';

create table private.leaderboard_snapshot (
  day date not null references private.leaderboard_days (day) on delete cascade,
  rank bigint not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  xp integer not null,
  feedback_count integer not null,
  level smallint not null,
  primary key (day, rank)
);
comment on table private.leaderboard_snapshot is
  'The public leaderboard of a UTC day: every user with XP at the start of that day, ranked by XP then id, with their XP, feedback count and level at that moment.';

-- The caller's own row, and the foreign key.
create index leaderboard_snapshot_user_idx on private.leaderboard_snapshot (user_id, day);
-- Where the caller's live total falls among the day's rows.
create index leaderboard_snapshot_xp_idx on private.leaderboard_snapshot (day, xp, user_id);

alter table private.leaderboard_days enable row level security;
alter table private.leaderboard_snapshot enable row level security;
revoke all on table private.leaderboard_days, private.leaderboard_snapshot
  from public, anon, authenticated;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

-- Today's board, built once: concurrent first callers wait on one lock and
-- the later ones find it built.
create function private.ensure_leaderboard_snapshot()
returns date
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'UTC')::date;
  v_start timestamptz := v_day::timestamp at time zone 'UTC';
  v_ranked bigint;
begin
  if exists (select 1 from private.leaderboard_days d where d.day = v_day) then
    return v_day;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.leaderboard_snapshot'));
  if exists (select 1 from private.leaderboard_days d where d.day = v_day) then
    return v_day;
  end if;
  insert into private.leaderboard_days (day, ranked) values (v_day, 0);
  -- Totals at the start of the day: stats written today (updated_at) give
  -- back today's ledger rows and today's feedback count; the others are
  -- unchanged since before today.
  insert into private.leaderboard_snapshot (day, rank, user_id, xp, feedback_count, level)
  select v_day, row_number() over (order by b.xp desc, b.user_id), b.user_id, b.xp,
         greatest(b.feedback_count, 0), private.level_for_points(b.xp)
    from (
      select s.user_id,
             s.total_points - case when s.updated_at >= v_start then coalesce((
               select sum(up.points) from public.user_points up
                where up.user_id = s.user_id and up.created_at >= v_start), 0)::integer
             else 0 end as xp,
             s.feedback_count - case when s.day_feedback_date >= v_day
               then s.day_feedback_count else 0 end as feedback_count
        from public.user_stats s
       where s.total_points > 0 or s.updated_at >= v_start
    ) b
   where b.xp > 0;
  get diagnostics v_ranked = row_count;
  update private.leaderboard_days d set ranked = v_ranked where d.day = v_day;
  -- Yesterday's stays for requests that started before midnight.
  delete from private.leaderboard_days d where d.day < v_day - 1;
  return v_day;
end
$$;
comment on function private.ensure_leaderboard_snapshot() is
  'The current UTC day, after building its leaderboard snapshot if this is the first call of the day (totals as of 00:00 UTC).';

-- The caller's place on the day's board with their live total: one more than
-- the other users ranked before it (three index probes, whatever the size).
create function private.leaderboard_live_position(p_day date, p_user_id uuid, p_points integer)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_own bigint;
  v_xp integer;
  v_rank bigint;
begin
  if p_user_id is null or coalesce(p_points, 0) <= 0 then
    return null;
  end if;
  select s.rank into v_own from private.leaderboard_snapshot s
   where s.day = p_day and s.user_id = p_user_id;
  -- The last row ranked before the live total: the same XP and a smaller id,
  -- else the last of the smallest XP above it.
  select s.rank into v_rank from private.leaderboard_snapshot s
   where s.day = p_day and s.xp = p_points and s.user_id < p_user_id
   order by s.user_id desc limit 1;
  if v_rank is null then
    select s.xp into v_xp from private.leaderboard_snapshot s
     where s.day = p_day and s.xp > p_points
     order by s.xp limit 1;
    if v_xp is not null then
      select s.rank into v_rank from private.leaderboard_snapshot s
       where s.day = p_day and s.xp = v_xp
       order by s.user_id desc limit 1;
    end if;
  end if;
  v_rank := coalesce(v_rank, 0);
  -- The caller's own start-of-day row is not counted as someone else.
  if v_own is not null and v_own <= v_rank then
    v_rank := v_rank - 1;
  end if;
  return v_rank + 1;
end
$$;
comment on function private.leaderboard_live_position(date, uuid, integer) is
  'Rank of a user''s live total among the other users'' rows of the day''s leaderboard; null without XP.';

create or replace function public.get_leaderboard(page_num integer default 1, page_size integer default 10)
returns table (
  rank bigint,
  nickname text,
  feedback_count integer,
  level integer,
  xp integer,
  total_count bigint,
  is_current_user boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_day date;
  v_total bigint;
  v_offset bigint;
  v_own bigint;
  v_live public.user_stats;
  v_pos bigint;
begin
  perform private.check_page(page_num, page_size);
  v_day := private.ensure_leaderboard_snapshot();
  select d.ranked into v_total from private.leaderboard_days d where d.day = v_day;
  v_offset := (page_num::bigint - 1) * page_size;
  if v_uid is not null then
    select s.rank into v_own from private.leaderboard_snapshot s
     where s.day = v_day and s.user_id = v_uid;
    select * into v_live from public.user_stats s where s.user_id = v_uid;
    v_pos := private.leaderboard_live_position(v_day, v_uid, v_live.total_points);
    v_total := v_total - (v_own is not null)::integer + (v_pos is not null)::integer;
  end if;
  return query
    -- Others keep their start-of-day order; the caller's live row is placed
    -- at v_pos, shifting the others after it by one.
    with others as (
      select s.rank - (v_own is not null and v_own < s.rank)::integer as q,
             s.user_id as uid, s.xp as pts, s.feedback_count as fc, s.level::integer as lvl
        from private.leaderboard_snapshot s
       where s.day = v_day
         and s.rank between v_offset and v_offset + page_size + 1
         and s.user_id is distinct from v_uid
    ), board as (
      select o.q + (v_pos is not null and o.q >= v_pos)::integer as r, o.uid, o.pts, o.fc, o.lvl
        from others o
      union all
      select v_pos, v_uid, v_live.total_points, v_live.feedback_count, v_live.current_level::integer
       where v_pos is not null
    )
    select b.r, p.nickname, b.fc, b.lvl, b.pts, v_total, b.uid = v_uid
      from board b
      join public.profiles p on p.id = b.uid
     where b.r > v_offset and b.r <= v_offset + page_size
     order by b.r;
end
$$;
comment on function public.get_leaderboard(integer, integer) is
  'One page (1-based, size 1-100) of today''s leaderboard: other users ranked by XP as of 00:00 UTC (nothing they earn today shows before tomorrow) and the caller''s own live row among them, with nickname, feedback count, level, XP, the total row count and a flag on the caller''s row. No ids or e-mails.';

create or replace function public.get_my_leaderboard_rank()
returns table (
  rank bigint,
  nickname text,
  feedback_count integer,
  level integer,
  xp integer,
  total_count bigint
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_day date := private.ensure_leaderboard_snapshot();
  v_stats public.user_stats;
  v_own boolean;
  v_pos bigint;
begin
  select * into v_stats from public.user_stats s where s.user_id = v_uid;
  v_own := exists (select 1 from private.leaderboard_snapshot s where s.day = v_day and s.user_id = v_uid);
  -- The same place as on get_leaderboard (a rank among live totals would
  -- move when someone else passes the caller: the same diff, one user at a time).
  v_pos := private.leaderboard_live_position(v_day, v_uid, v_stats.total_points);
  return query
    select v_pos, p.nickname, coalesce(v_stats.feedback_count, 0),
           coalesce(v_stats.current_level, 0)::integer, coalesce(v_stats.total_points, 0),
           (select d.ranked from private.leaderboard_days d where d.day = v_day)
             - v_own::integer + (v_pos is not null)::integer
      from public.profiles p where p.id = v_uid;
end
$$;
comment on function public.get_my_leaderboard_rank() is
  'The caller''s place on today''s leaderboard with their live XP among the others'' totals as of 00:00 UTC (null without XP), their nickname, feedback count, level and XP, and the number of users on the board.';

revoke all on function private.ensure_leaderboard_snapshot(), private.leaderboard_live_position(date, uuid, integer)
  from public, anon, authenticated;
