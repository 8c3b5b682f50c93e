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
-- once; a page is then a range of precomputed ranks. get_my_leaderboard_rank
-- gives the caller their place on the same board, with their own live totals.
-- Nicknames are read live: a rename is not tied to any feedback.
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
  v_day date;
  v_total bigint;
  v_offset bigint;
  v_uid uuid := auth.uid();
begin
  perform private.check_page(page_num, page_size);
  v_day := private.ensure_leaderboard_snapshot();
  select d.ranked into v_total from private.leaderboard_days d where d.day = v_day;
  v_offset := (page_num::bigint - 1) * page_size;
  return query
    select s.rank, p.nickname, s.feedback_count, s.level::integer, s.xp, v_total, s.user_id = v_uid
      from private.leaderboard_snapshot s
      join public.profiles p on p.id = s.user_id
     where s.day = v_day and s.rank > v_offset and s.rank <= v_offset + page_size
     order by s.rank;
end
$$;
comment on function public.get_leaderboard(integer, integer) is
  'One page (1-based, size 1-100) of today''s leaderboard: users ranked by XP as of 00:00 UTC (nothing earned today shows before tomorrow), with nickname, feedback count, level, XP, the total row count and a flag on the caller''s row. No ids or e-mails.';

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
begin
  select * into v_stats from public.user_stats s where s.user_id = v_uid;
  -- The place on today's board (a live rank would move when someone else
  -- passes the caller: the same diff, one user at a time).
  return query
    select (select s.rank from private.leaderboard_snapshot s
             where s.day = v_day and s.user_id = v_uid),
           p.nickname, coalesce(v_stats.feedback_count, 0),
           coalesce(v_stats.current_level, 0)::integer, coalesce(v_stats.total_points, 0),
           (select d.ranked from private.leaderboard_days d where d.day = v_day)
      from public.profiles p where p.id = v_uid;
end
$$;
comment on function public.get_my_leaderboard_rank() is
  'The caller''s rank on today''s leaderboard (as of 00:00 UTC; null when not on it), their own live nickname, feedback count, level and XP, and the number of ranked users.';

revoke all on function private.ensure_leaderboard_snapshot() from public, anon, authenticated;
