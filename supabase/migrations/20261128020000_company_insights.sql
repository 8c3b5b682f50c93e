-- =============================================================================
-- Insights (#22): feedback per week by category and sentiment, time from
-- creation to completed, share answered, top and rising topics — for the
-- caller's company, over its verified domains, in one RPC.
--
-- Speed (#22: p95 ≤ 100 ms on 100,000 feedback): nothing scans the feedback.
-- - private.company_inbox (one row per company and feedback on its verified
--   domains, kept by triggers, #21) gains what the insights need: the AI's
--   sentiment, whether the company wrote in the thread (replied) and when the
--   feedback was completed.
-- - private.company_insight_weeks keeps, per company, week (ISO, Monday,
--   UTC), category, sentiment and answered, how many rows: statement
--   triggers on company_inbox, as company_inbox_counts. 52 weeks are at most
--   52 × 5 × 4 × 2 cells.
-- - The time to complete is a percentile over the completed rows of the
--   period, read through a partial index on (company_id, completed_at).
--
-- Decisions:
-- - "Completed at" is feedback.status_changed_at while the status is
--   'completed': the feedback's own BEFORE UPDATE trigger sets it on every
--   status change, whoever made it (a member, a topic's status, a script),
--   so while the status is completed it is the moment it became completed.
--   feedback_activity's 'status' rows are written only by the triage RPCs
--   (one per company), so they miss changes made elsewhere. Feedback
--   completed without a recorded moment (status_changed_at null, only old
--   data) are left out of the timing rather than guessed.
-- - "Answered": the company wrote in the feedback's thread (a message with
--   from_author = false) or took a decision the author sees (status
--   in_progress, completed or rejected). 'read' alone is not an answer.
-- - Every plan sees its insights: they are counts over the company's own
--   feedback and never show a single feedback's hidden fields (the AI's
--   sentiment of an unopened feedback stays hidden in the list on limited
--   plans; a weekly count of sentiments does not say whose).
-- - Topics: only confirmed items whose feedback is on the company's verified
--   domains (joined to company_inbox). Top: most such feedback arrived in the
--   period, then most distinct authors (a number, never who). Rising: more
--   confirmed in the last 7 days than in the 7 days before.
-- =============================================================================

alter table private.company_inbox
  add column sentiment text,
  add column replied boolean not null default false,
  add column completed_at timestamptz;

-- Redefined from 20261127040000_company_inbox_rows.sql: the row type has the
-- three new columns (filled by company_inbox_fill before insert).
create or replace function private.company_inbox_source(p_company_id uuid)
returns setof private.company_inbox
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_domains text[] := private.verified_domains(p_company_id);
  -- A domain under another listed domain adds nothing (no duplicates).
  v_roots text[] := array(select d from unnest(v_domains) as d
                           where not exists (select 1 from unnest(v_domains) as e where d like '%.' || e));
begin
  return query
    select p_company_id, f.id, f.website_host, f.created_at, f.total_votes, f.category, f.status,
           private.priority_rank(f.priority)::smallint,
           case when t.priority is not null then private.priority_rank(t.priority)::smallint end,
           t.assignee_id,
           coalesce((select m.from_author from public.feedback_messages m
                      where m.feedback_id = f.id and m.company_id = p_company_id
                      order by m.created_at desc, m.id desc limit 1), true),
           null::smallint, null::smallint,
           f.sentiment,
           exists (select 1 from public.feedback_messages m
                    where m.feedback_id = f.id and m.company_id = p_company_id and not m.from_author),
           case when f.status = 'completed' then f.status_changed_at end
      from unnest(v_roots) as d(dom)
      join public.feedback f
        on reverse(f.website_host) ~>=~ reverse(d.dom)
       and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
       and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
      left join public.feedback_triage t on t.company_id = p_company_id and t.feedback_id = f.id;
end
$$;

update private.company_inbox i
   set sentiment = f.sentiment,
       completed_at = case when f.status = 'completed' then f.status_changed_at end
  from public.feedback f
 where f.id = i.feedback_id;
update private.company_inbox i
   set replied = true
 where exists (select 1 from public.feedback_messages m
                where m.feedback_id = i.feedback_id and m.company_id = i.company_id and not m.from_author);

-- Rising topics read the confirmed items added in the last 14 days.
create index feedback_topic_items_confirmed_added_idx
  on public.feedback_topic_items (company_id, added_at) where state = 'confirmed';
create index company_inbox_completed_idx
  on private.company_inbox (company_id, completed_at) include (created_at)
  where completed_at is not null;

-- Every way a row enters (a new feedback, a changed host, a rebuild after a
-- domain was verified) gets the three from the feedback and its thread.
create function private.company_inbox_fill()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select f.sentiment, case when f.status = 'completed' then f.status_changed_at end
    into new.sentiment, new.completed_at
    from public.feedback f where f.id = new.feedback_id;
  new.replied := exists (select 1 from public.feedback_messages m
                          where m.feedback_id = new.feedback_id and m.company_id = new.company_id
                            and not m.from_author);
  return new;
end
$$;
create trigger company_inbox_fill
  before insert on private.company_inbox
  for each row execute function private.company_inbox_fill();

-- The AI's sentiment arrives after the insert; a status change moves the
-- completed moment (feedback_inbox already copies the status).
create function private.feedback_insights()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_completed timestamptz := case when new.status = 'completed' then new.status_changed_at end;
begin
  update private.company_inbox i
     set sentiment = new.sentiment, completed_at = v_completed
   where i.feedback_id = new.id
     and (i.sentiment, i.completed_at) is distinct from (new.sentiment, v_completed);
  return null;
end
$$;
create trigger feedback_insights_update
  after update of sentiment, status, status_changed_at on public.feedback
  for each row when (new.sentiment is distinct from old.sentiment
                     or new.status is distinct from old.status
                     or new.status_changed_at is distinct from old.status_changed_at)
  execute function private.feedback_insights();

-- A company message answers the feedback for that company.
create function private.message_insights()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update private.company_inbox i set replied = true
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id and not i.replied;
  else
    update private.company_inbox i
       set replied = exists (select 1 from public.feedback_messages m
                              where m.feedback_id = old.feedback_id and m.company_id = old.company_id
                                and not m.from_author)
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id and i.replied;
  end if;
  return null;
end
$$;
create trigger feedback_messages_insights_insert
  after insert on public.feedback_messages
  for each row when (not new.from_author) execute function private.message_insights();
create trigger feedback_messages_insights_delete
  after delete on public.feedback_messages
  for each row when (not old.from_author) execute function private.message_insights();

-- The week a moment falls in: its Monday, in UTC.
create function private.insight_week(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$ select date_trunc('week', p_at at time zone 'UTC')::date $$;

create function private.insight_answered(p_replied boolean, p_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select coalesce(p_replied, false) or coalesce(p_status in ('in_progress', 'completed', 'rejected'), false) $$;
comment on function private.insight_answered(boolean, text) is
  'Insights (#22): a feedback is answered when its company wrote in the thread or moved it to in_progress, completed or rejected.';

create table private.company_insight_weeks (
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  week date not null,
  category text not null default '',
  sentiment text not null default '',
  answered boolean not null,
  n bigint not null default 0,
  constraint company_insight_weeks_cell unique (company_id, week, category, sentiment, answered)
);
comment on table private.company_insight_weeks is
  'Rows of private.company_inbox per company, week (Monday, UTC), category, sentiment and answered: what get_company_insights charts (#22), kept by statement triggers.';
alter table private.company_insight_weeks enable row level security;
revoke all on table private.company_insight_weeks from public, anon, authenticated;
grant all on table private.company_insight_weeks to service_role;


create function private.insight_counted_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
         coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), count(*)
    from new_rows r
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

create function private.insight_counted_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
         coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), -count(*)
    from old_rows r
   group by 1, 2, 3, 4, 5
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

-- A vote or an assignee moves no cell: the sums cancel out and nothing is written.
create function private.insight_counted_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_insight_weeks as c (company_id, week, category, sentiment, answered, n)
  select x.company_id, x.week, x.category, x.sentiment, x.answered, sum(x.n)
    from (select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date as week,
                 coalesce(r.category, '') as category, coalesce(r.sentiment, '') as sentiment,
                 (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)) as answered, 1 as n
            from new_rows r
          union all
          select r.company_id, date_trunc('week', r.created_at at time zone 'UTC')::date, coalesce(r.category, ''),
                 coalesce(r.sentiment, ''), (r.replied or coalesce(r.status in ('in_progress', 'completed', 'rejected'), false)), -1
            from old_rows r) x
   group by 1, 2, 3, 4, 5
  having sum(x.n) <> 0
   order by 1, 2, 3, 4, 5
  on conflict (company_id, week, category, sentiment, answered) do update set n = c.n + excluded.n;
  return null;
end
$$;

create trigger company_inbox_insight_insert
  after insert on private.company_inbox
  referencing new table as new_rows
  for each statement execute function private.insight_counted_insert();
create trigger company_inbox_insight_update
  after update on private.company_inbox
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.insight_counted_update();
create trigger company_inbox_insight_delete
  after delete on private.company_inbox
  referencing old table as old_rows
  for each statement execute function private.insight_counted_delete();

insert into private.company_insight_weeks (company_id, week, category, sentiment, answered, n)
select i.company_id, private.insight_week(i.created_at), coalesce(i.category, ''), coalesce(i.sentiment, ''),
       private.insight_answered(i.replied, i.status), count(*)
  from private.company_inbox i
 group by 1, 2, 3, 4, 5;

-- The insights of the caller's company over the last p_weeks weeks (the
-- current one included). One JSON object; see docs/insights.md for its shape.
create function public.get_company_insights(p_weeks integer default 12)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_now timestamptz := now();
  v_first date;
  v_from timestamptz;
  v_weeks jsonb;
  v_totals record;
  v_completion jsonb;
  v_completion_weeks jsonb;
  v_top jsonb;
  v_rising jsonb;
begin
  if p_weeks is null or p_weeks < 1 or p_weeks > 52 then
    raise exception 'Choose between 1 and 52 weeks.' using errcode = 'invalid_parameter_value',
      detail = format('%s weeks were asked for.', coalesce(p_weeks::text, 'No number of'));
  end if;
  v_first := private.insight_week(v_now) - 7 * (p_weeks - 1);
  v_from := v_first::timestamp at time zone 'UTC';

  select coalesce(jsonb_agg(jsonb_build_object(
           'week', w.week,
           'total', coalesce(s.total, 0),
           'answered', coalesce(s.answered, 0),
           'bug', coalesce(s.bug, 0), 'feature', coalesce(s.feature, 0),
           'improvement', coalesce(s.improvement, 0), 'other', coalesce(s.other, 0),
           'uncategorised', coalesce(s.uncategorised, 0),
           'positive', coalesce(s.positive, 0), 'neutral', coalesce(s.neutral, 0),
           'negative', coalesce(s.negative, 0), 'unknown', coalesce(s.unknown, 0)
         ) order by w.week), '[]'::jsonb)
    into v_weeks
    from (select (v_first + 7 * g)::date as week from generate_series(0, p_weeks - 1) g) w
    left join (
      select c.week,
             sum(c.n) as total,
             sum(c.n) filter (where c.answered) as answered,
             sum(c.n) filter (where c.category = 'bug') as bug,
             sum(c.n) filter (where c.category = 'feature') as feature,
             sum(c.n) filter (where c.category = 'improvement') as improvement,
             sum(c.n) filter (where c.category = 'other') as other,
             sum(c.n) filter (where c.category not in ('bug', 'feature', 'improvement', 'other')) as uncategorised,
             sum(c.n) filter (where c.sentiment = 'positive') as positive,
             sum(c.n) filter (where c.sentiment = 'neutral') as neutral,
             sum(c.n) filter (where c.sentiment = 'negative') as negative,
             sum(c.n) filter (where c.sentiment not in ('positive', 'neutral', 'negative')) as unknown
        from private.company_insight_weeks c
       where c.company_id = v_company.id and c.week >= v_first
       group by c.week
    ) s on s.week = w.week;

  select coalesce(sum(c.n), 0)::bigint as total,
         coalesce(sum(c.n) filter (where c.answered), 0)::bigint as answered
    into v_totals
    from private.company_insight_weeks c
   where c.company_id = v_company.id and c.week >= v_first;

  -- Completed in the period (whenever they arrived), hours from arrival:
  -- the period and each week in one pass over the partial index (grouping
  -- sets). The week is written out: a function with SET search_path is not
  -- inlined, and calling it per row cost 200 ms on 14,000 rows.
  with c as (
    select case when grouping(x.week) = 0 then x.week end as week, count(*) as completed,
           round((percentile_cont(0.5) within group (order by x.h))::numeric, 1) as median_hours,
           round((percentile_cont(0.75) within group (order by x.h))::numeric, 1) as p75_hours,
           grouping(x.week) = 1 as whole
      from (select date_trunc('week', i.completed_at at time zone 'UTC')::date as week,
                   extract(epoch from (i.completed_at - i.created_at)) / 3600.0 as h
              from private.company_inbox i
             where i.company_id = v_company.id and i.completed_at is not null
               and i.completed_at >= v_from) x
     group by grouping sets ((x.week), ())
  )
  select coalesce((select jsonb_build_object('completed', c.completed, 'median_hours', c.median_hours,
                                              'p75_hours', c.p75_hours) from c where c.whole),
                  jsonb_build_object('completed', 0, 'median_hours', null, 'p75_hours', null)),
         (select coalesce(jsonb_agg(jsonb_build_object(
                   'week', w.week, 'completed', coalesce(c.completed, 0),
                   'median_hours', c.median_hours, 'p75_hours', c.p75_hours) order by w.week), '[]'::jsonb)
            from (select (v_first + 7 * g)::date as week from generate_series(0, p_weeks - 1) g) w
            left join c on c.week = w.week and not c.whole)
    into v_completion, v_completion_weeks;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', t.id, 'title', t.title, 'status', t.status,
           'feedback', x.feedback, 'contributors', x.contributors)
           order by x.feedback desc, x.contributors desc, t.title, t.id), '[]'::jsonb)
    into v_top
    from (
      -- The 20 largest in the period from the items' own date (reported_at
      -- is the feedback's created_at) and the inbox rows of the same period
      -- (verified domains), then contributors for those only: reading every
      -- item's feedback for its author took 110 ms on 50,000 items.
      with top as (
        select it.topic_id, count(*) as feedback
          from public.feedback_topic_items it
          join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
         where it.company_id = v_company.id and it.state = 'confirmed'
           and it.reported_at >= v_from and i.created_at >= v_from
         group by it.topic_id
         order by count(*) desc, it.topic_id
         limit 20)
      select top.topic_id, top.feedback,
             (select count(distinct f.user_id)
                from public.feedback_topic_items it
                join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
                join public.feedback f on f.id = it.feedback_id
               where it.topic_id = top.topic_id and it.state = 'confirmed'
                 and it.reported_at >= v_from) as contributors
        from top
       order by top.feedback desc, contributors desc
       limit 5) x
    join public.feedback_topics t on t.id = x.topic_id;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', t.id, 'title', t.title, 'status', t.status,
           'recent', x.recent, 'previous', x.previous)
           order by x.recent - x.previous desc, x.recent desc, t.title, t.id), '[]'::jsonb)
    into v_rising
    from (select it.topic_id,
                 count(*) filter (where it.added_at >= v_now - interval '7 days') as recent,
                 count(*) filter (where it.added_at < v_now - interval '7 days') as previous
            from public.feedback_topic_items it
            join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
           where it.company_id = v_company.id and it.state = 'confirmed'
             and it.added_at >= v_now - interval '14 days' and it.added_at <= v_now
           group by it.topic_id
          having count(*) filter (where it.added_at >= v_now - interval '7 days')
               > count(*) filter (where it.added_at < v_now - interval '7 days')
           order by count(*) filter (where it.added_at >= v_now - interval '7 days')
                  - count(*) filter (where it.added_at < v_now - interval '7 days') desc
           limit 5) x
    join public.feedback_topics t on t.id = x.topic_id;

  return jsonb_build_object(
    'weeks', p_weeks,
    'from', v_first,
    'generated_at', v_now,
    'total', v_totals.total,
    'answered', v_totals.answered,
    'per_week', v_weeks,
    'completion', v_completion,
    'completion_per_week', v_completion_weeks,
    'top_topics', v_top,
    'rising_topics', v_rising);
end
$$;
comment on function public.get_company_insights(integer) is
  'Insights of the caller''s company (#22) over the last p_weeks (1..52) weeks: feedback per week by category and sentiment, answered share, median and p75 hours to completed, top and rising topics. Counts only feedback on its verified domains.';

revoke all on function public.get_company_insights(integer) from public, anon;
grant execute on function public.get_company_insights(integer) to authenticated;
revoke all on function private.company_inbox_fill(), private.feedback_insights(), private.message_insights(),
  private.insight_counted_insert(), private.insight_counted_update(), private.insight_counted_delete(),
  private.insight_week(timestamptz), private.insight_answered(boolean, text)
  from public, anon, authenticated;
