-- =============================================================================
-- The company inbox at scale (#21 speed: "a company with 100,000 feedback:
-- list page with any sort and filter p95 ≤ 50 ms").
--
-- get_company_inbox read every feedback on the company's domains, joined the
-- triage and the last message of each, then sorted: 167 ms for "most votes"
-- on 100,000 rows. Now one row per (company, feedback on its verified
-- domains) in private.company_inbox carries what the list sorts and filters
-- by (date, votes, the AI's and the team's priority, assignee, unanswered,
-- category, status, host), kept by triggers, with one index per sort; a page
-- walks an index and reads ~20 rows.
--
-- Decisions:
-- - Private table (RLS on, no policy, no grants): only get_company_inbox
--   (SECURITY DEFINER, the caller's company from membership) reads it.
-- - Rows follow the data: feedback insert/update (host, votes, priority,
--   category, status), triage (assignee, team priority), messages
--   (unanswered) and verified domains (a company's rows are rebuilt when its
--   verified domains change).
-- - Priority on a plan with a view allowance: the team's rank, else the
--   AI's only for feedback opened this period (as before); the unopened rest
--   rank as "unknown". The index gives the rows whose rank does not depend on
--   views; the few opened this period (bounded by the allowance) are merged.
-- - Each query is built for the filters that are set (EXECUTE … USING, so a
--   plan per call with the real values): an index per sort, the assignee
--   index for a member or "me", the partial index for unanswered.
-- - The total stays exact: summed from private.company_inbox_counts (cells
--   per host, assignee, unanswered, category, status, kept by statement
--   triggers); with a date or a search, counted over the matching rows.
-- =============================================================================

create table private.company_inbox (
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  website_host text not null,
  created_at timestamptz not null,
  votes integer not null default 0,
  category text,
  status text,
  -- private.priority_rank of the AI's priority and of the team's (null: none set).
  ai_rank smallint not null default 3,
  team_rank smallint,
  assignee_id uuid,
  unanswered boolean not null default true,
  -- Unlimited plans see the AI's priority everywhere; limited plans only
  -- what the team set (the opened ones are merged at query time).
  rank_all smallint generated always as (coalesce(team_rank, ai_rank)) stored,
  rank_known smallint generated always as (coalesce(team_rank, 3)) stored,
  primary key (company_id, feedback_id)
);
comment on table private.company_inbox is
  'One row per company and feedback on its verified domains: what get_company_inbox sorts and filters by, kept by triggers (#21 speed). Read only by get_company_inbox.';

create index company_inbox_newest_idx
  on private.company_inbox (company_id, created_at desc, feedback_id desc);
create index company_inbox_votes_idx
  on private.company_inbox (company_id, votes desc, created_at desc, feedback_id desc);
create index company_inbox_rank_all_idx
  on private.company_inbox (company_id, rank_all, created_at desc, feedback_id desc);
create index company_inbox_rank_known_idx
  on private.company_inbox (company_id, rank_known, created_at desc, feedback_id desc);
create index company_inbox_assignee_idx
  on private.company_inbox (company_id, assignee_id, created_at desc, feedback_id desc)
  where assignee_id is not null;
create index company_inbox_unanswered_idx
  on private.company_inbox (company_id, created_at desc, feedback_id desc)
  where unanswered;
create index company_inbox_feedback_idx on private.company_inbox (feedback_id);

alter table private.company_inbox enable row level security;
revoke all on table private.company_inbox from public, anon, authenticated;
grant all on table private.company_inbox to service_role;

-- The totals: per company, the rows of each combination of the filters that
-- are not dates or search (host, assignee, unanswered, category, status),
-- kept set-wise by statement triggers; a total sums a few dozen cells
-- instead of counting 100,000 index entries (125 ms). With a date or a
-- search the total is counted over the matching rows.
create table private.company_inbox_counts (
  -- A cell's key has a nullable part (no assignee): the unique constraint
  -- below is the key, this the primary key every table has.
  id bigint generated always as identity primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  website_host text not null,
  assignee_id uuid,
  unanswered boolean not null,
  category text not null default '',
  status text not null default '',
  n bigint not null default 0,
  constraint company_inbox_counts_cell unique nulls not distinct
    (company_id, website_host, assignee_id, unanswered, category, status)
);
comment on table private.company_inbox_counts is
  'Rows of private.company_inbox per company and (host, assignee, unanswered, category, status): the totals of get_company_inbox without date or search filters.';

alter table private.company_inbox_counts enable row level security;
revoke all on table private.company_inbox_counts from public, anon, authenticated;
grant all on table private.company_inbox_counts to service_role;

create function private.inbox_counted_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select r.company_id, r.website_host, r.assignee_id, r.unanswered,
         coalesce(r.category, ''), coalesce(r.status, ''), count(*)
    from new_rows r
   group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

create function private.inbox_counted_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select r.company_id, r.website_host, r.assignee_id, r.unanswered,
         coalesce(r.category, ''), coalesce(r.status, ''), -count(*)
    from old_rows r
   group by 1, 2, 3, 4, 5, 6
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

-- Only the cells that changed: a vote or a date moves nothing. Cells are
-- locked in one order (order by), so two changes cannot deadlock on them.
create function private.inbox_counted_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.company_inbox_counts as c
    (company_id, website_host, assignee_id, unanswered, category, status, n)
  select x.company_id, x.website_host, x.assignee_id, x.unanswered, x.category, x.status, sum(x.n)
    from (select r.company_id, r.website_host, r.assignee_id, r.unanswered,
                 coalesce(r.category, '') as category, coalesce(r.status, '') as status, 1 as n
            from new_rows r
          union all
          select r.company_id, r.website_host, r.assignee_id, r.unanswered,
                 coalesce(r.category, ''), coalesce(r.status, ''), -1
            from old_rows r) x
   group by 1, 2, 3, 4, 5, 6
  having sum(x.n) <> 0
   order by 1, 2, 3, 4, 5, 6
  on conflict (company_id, website_host, assignee_id, unanswered, category, status)
  do update set n = c.n + excluded.n;
  return null;
end
$$;

create trigger company_inbox_counted_insert
  after insert on private.company_inbox
  referencing new table as new_rows
  for each statement execute function private.inbox_counted_insert();
create trigger company_inbox_counted_update
  after update on private.company_inbox
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.inbox_counted_update();
create trigger company_inbox_counted_delete
  after delete on private.company_inbox
  referencing old table as old_rows
  for each statement execute function private.inbox_counted_delete();

-- The total of get_company_inbox's filters that are cells.
create function private.company_inbox_total(
  p_company_id uuid,
  p_domain text,
  p_category text,
  p_status text,
  p_none boolean,
  p_assignee uuid,
  p_unanswered boolean
)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(c.n), 0)::bigint
    from private.company_inbox_counts c
   where c.company_id = p_company_id
     and (p_domain is null or private.host_matches_domains(c.website_host, array[p_domain]))
     and (p_category is null or c.category = p_category)
     and (p_status is null or c.status = p_status)
     and (not p_none or c.assignee_id is null)
     and (p_assignee is null or c.assignee_id = p_assignee)
     and (not p_unanswered or c.unanswered)
$$;
comment on function private.company_inbox_total(uuid, text, text, text, boolean, uuid, boolean) is
  'How many inbox rows of a company match the filters that are cells of private.company_inbox_counts.';

-- The rows of one company, from the feedback on its verified domains (a
-- range scan of feedback_host_created_idx per root domain, as
-- company_feedback_rows), the triage and the threads.
create function private.company_inbox_source(p_company_id uuid)
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
           null::smallint, null::smallint
      from unnest(v_roots) as d(dom)
      join public.feedback f
        on reverse(f.website_host) ~>=~ reverse(d.dom)
       and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
       and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
      left join public.feedback_triage t on t.company_id = p_company_id and t.feedback_id = f.id;
end
$$;

-- Rebuilds a company's rows (its verified domains changed; the bulk seed).
create function private.rebuild_company_inbox(p_company_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from private.company_inbox where company_id = p_company_id;
  insert into private.company_inbox (company_id, feedback_id, website_host, created_at, votes, category,
    status, ai_rank, team_rank, assignee_id, unanswered)
  select s.company_id, s.feedback_id, s.website_host, s.created_at, s.votes,
         s.category, s.status, s.ai_rank, s.team_rank, s.assignee_id, s.unanswered
    from private.company_inbox_source(p_company_id) s
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function private.rebuild_company_inbox(uuid) is
  'Recomputes private.company_inbox for one company from its verified domains; returns the rows.';

-- Feedback: a new one enters the inbox of every company that verified its
-- domain; changes of what the list sorts or filters by follow.
create function private.feedback_inbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.website_host is not distinct from old.website_host then
    update private.company_inbox i
       set votes = new.total_votes, category = new.category, status = new.status,
           created_at = new.created_at, ai_rank = private.priority_rank(new.priority)
     where i.feedback_id = new.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from private.company_inbox where feedback_id = new.id;
  end if;
  if new.website_host is not null then
    insert into private.company_inbox (company_id, feedback_id, website_host, created_at, votes, category,
      status, ai_rank, team_rank, assignee_id, unanswered)
    select c.company_id, new.id, new.website_host, new.created_at, new.total_votes, new.category, new.status,
           private.priority_rank(new.priority),
           case when t.priority is not null then private.priority_rank(t.priority) end,
           t.assignee_id,
           coalesce((select m.from_author from public.feedback_messages m
                      where m.feedback_id = new.id and m.company_id = c.company_id
                      order by m.created_at desc, m.id desc limit 1), true)
      from (select distinct cd.company_id from public.company_domains cd
             where cd.verified_at is not null and cd.domain = any(private.host_suffixes(new.website_host))) c
      left join public.feedback_triage t on t.company_id = c.company_id and t.feedback_id = new.id
    on conflict do nothing;
  end if;
  return null;
end
$$;
create trigger feedback_company_inbox_insert
  after insert on public.feedback
  for each row when (new.website_host is not null)
  execute function private.feedback_inbox();
create trigger feedback_company_inbox_update
  after update of website_host, total_votes, priority, category, status, created_at on public.feedback
  for each row when (new.website_host is distinct from old.website_host
                     or new.total_votes is distinct from old.total_votes
                     or new.priority is distinct from old.priority
                     or new.category is distinct from old.category
                     or new.status is distinct from old.status
                     or new.created_at is distinct from old.created_at)
  execute function private.feedback_inbox();

-- Triage: assignee and team priority.
create function private.triage_inbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    update private.company_inbox i set assignee_id = null, team_rank = null
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id;
  else
    update private.company_inbox i
       set assignee_id = new.assignee_id,
           team_rank = case when new.priority is not null then private.priority_rank(new.priority) end
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id
       and (i.assignee_id is distinct from new.assignee_id
            or i.team_rank is distinct from
               (case when new.priority is not null then private.priority_rank(new.priority) end));
  end if;
  return null;
end
$$;
create trigger feedback_triage_inbox
  after insert or update or delete on public.feedback_triage
  for each row execute function private.triage_inbox();

-- Threads: unanswered while the author spoke last (or the team never wrote).
create function private.message_inbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update private.company_inbox i set unanswered = new.from_author
     where i.company_id = new.company_id and i.feedback_id = new.feedback_id
       and i.unanswered is distinct from new.from_author;
  else
    update private.company_inbox i
       set unanswered = private.company_unanswered(old.company_id, old.feedback_id)
     where i.company_id = old.company_id and i.feedback_id = old.feedback_id;
  end if;
  return null;
end
$$;
create trigger feedback_messages_inbox
  after insert or delete on public.feedback_messages
  for each row execute function private.message_inbox();

-- Verified domains: the company's rows are rebuilt.
create function private.domain_inbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.rebuild_company_inbox(old.company_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.company_id <> old.company_id) then
    perform private.rebuild_company_inbox(new.company_id);
  end if;
  return null;
end
$$;
create trigger company_domains_inbox_insert
  after insert on public.company_domains
  for each row when (new.verified_at is not null)
  execute function private.domain_inbox();
create trigger company_domains_inbox_update
  after update of company_id, domain, verified_at on public.company_domains
  for each row when (new.company_id is distinct from old.company_id
                     or new.domain is distinct from old.domain
                     or (new.verified_at is null) <> (old.verified_at is null))
  execute function private.domain_inbox();
create trigger company_domains_inbox_delete
  after delete on public.company_domains
  for each row when (old.verified_at is not null)
  execute function private.domain_inbox();

-- What is already there.
select private.rebuild_company_inbox(c.id) from public.companies c;

-- One query per call for the filters that are set (see Decisions).
create or replace function public.get_company_inbox(
  p_page integer default 1,
  p_page_size integer default 20,
  p_search text default null,
  p_domain text default null,
  p_category text default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_sort text default 'newest',
  p_assignee text default null,
  p_unanswered boolean default false
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  website_url text,
  website_host text,
  created_at timestamptz,
  updated_at timestamptz,
  has_screenshot boolean,
  has_audio boolean,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  tags text[],
  viewed boolean,
  my_vote text,
  is_own boolean,
  domain_verified boolean,
  total_count bigint,
  assignee_id uuid,
  team_priority text,
  unanswered boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
  v_plan text;
  v_start timestamptz;
  v_locked boolean;
  v_sort text := coalesce(p_sort, 'newest');
  v_assignee uuid;
  v_domain text;
  v_offset bigint;
  v_where text := 'i.company_id = $1';
  v_order text;
  v_keys text;
  v_total bigint;
  v_ids uuid[];
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
begin
  perform private.check_page(p_page, p_page_size);
  v_offset := (p_page::bigint - 1) * p_page_size;
  if char_length(coalesce(p_search, '')) > 200 then
    raise exception 'Searches are at most 200 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(coalesce(p_domain, '')) > 253 then
    raise exception 'Choose one of your company''s domains.'
      using errcode = 'invalid_parameter_value',
            detail = format('"%s…" is not one of your domains.', left(p_domain, 100));
  end if;
  if nullif(btrim(coalesce(p_domain, '')), '') is not null then
    v_domain := private.normalize_domain(p_domain);
    if v_domain is null or not private.host_matches_domains(v_domain, private.verified_domains(v_company.id)) then
      raise exception 'Choose one of your company''s domains.'
        using errcode = 'invalid_parameter_value',
              detail = format('"%s" is not one of your domains.', left(p_domain, 100));
    end if;
  end if;
  if p_category is not null and p_category not in ('bug', 'feature', 'improvement', 'other') then
    raise exception 'Unknown feedback category "%".', left(p_category, 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: bug, feature, improvement, other.';
  end if;
  if p_status is not null and p_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(p_status, 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: pending, read, in_progress, completed, rejected.';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The start date must be before the end date.' using errcode = 'invalid_parameter_value';
  end if;
  if v_sort not in ('newest', 'votes', 'priority') then
    raise exception 'Unknown sort "%".', left(p_sort, 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: newest, votes, priority.';
  end if;
  if p_assignee is not null and p_assignee not in ('me', 'none') then
    if p_assignee !~ '^[0-9a-fA-F-]{36}$' then
      raise exception 'Unknown assignee filter.' using errcode = 'invalid_parameter_value',
        hint = 'Use me, none or a member''s id.';
    end if;
    v_assignee := p_assignee::uuid;
  elsif p_assignee = 'me' then
    v_assignee := v_uid;
  end if;
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = v_company.id;
  if p_category is not null or p_status is not null or p_from is not null or p_to is not null then
    if coalesce(v_plan, 'free') = 'free' then
      raise exception 'Upgrade to premium to use advanced filters'
        using errcode = 'insufficient_privilege',
              hint = 'The free plan filters by search and domain only.';
    end if;
  end if;
  if v_pattern is not null then
    perform private.check_rate_limit('company_feedback_search', 120, 600, interval '1 minute',
      'Too many searches. Please wait a minute.');
  end if;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  v_locked := private.view_limit(coalesce(v_plan, 'free')) is not null;

  -- $1 company, $2 domain, $3 category, $4 status, $5 from, $6 to,
  -- $7 assignee, $8 pattern, $9 locked, $10 period start, $11 limit, $12 offset.
  if v_domain is not null then
    v_where := v_where || ' and private.host_matches_domains(i.website_host, array[$2])';
  end if;
  if p_category is not null then v_where := v_where || ' and i.category = $3'; end if;
  if p_status is not null then v_where := v_where || ' and i.status = $4'; end if;
  if p_from is not null then v_where := v_where || ' and i.created_at >= $5'; end if;
  if p_to is not null then v_where := v_where || ' and i.created_at < $6'; end if;
  if p_assignee = 'none' then
    v_where := v_where || ' and i.assignee_id is null';
  elsif p_assignee is not null then
    v_where := v_where || ' and i.assignee_id = $7';
  end if;
  if coalesce(p_unanswered, false) then v_where := v_where || ' and i.unanswered'; end if;
  -- The search matches only what the list shows (title; the excerpt where
  -- the description is shown), as get_company_feedback.
  if v_pattern is not null then
    v_where := v_where || $w$ and exists (
      select 1 from public.feedback s
       where s.id = i.feedback_id
         and (private.mask_contact(s.title) ilike $8
              or ((not $9 or exists (
                     select 1 from public.company_feedback_views v
                      where v.company_id = $1 and v.feedback_id = s.id and v.viewed_at >= $10))
                  and private.company_list_excerpt(private.mask_contact(s.description)) ilike $8)))$w$;
  end if;

  if p_from is null and p_to is null and v_pattern is null then
    v_total := private.company_inbox_total(v_company.id, v_domain, p_category, p_status,
      coalesce(p_assignee = 'none', false), v_assignee, coalesce(p_unanswered, false));
  else
    execute 'select count(*) from private.company_inbox i where ' || v_where
      into v_total
      using v_company.id, v_domain, p_category, p_status, p_from, p_to, v_assignee, v_pattern, v_locked, v_start;
  end if;

  -- Nothing matches (the counts say so): no index walk looking for it.
  if v_total = 0 or v_offset >= v_total then
    return;
  end if;
  if v_sort = 'priority' and v_locked then
    -- Ranks that need no view from the index; the AI's rank of those opened
    -- this period (few: the allowance bounds them) merged in.
    v_keys := format($q$
      select k.feedback_id from (
        (select i.feedback_id, i.rank_known as rank, i.created_at from private.company_inbox i
          where %1$s
            and not (i.team_rank is null and i.ai_rank < 3 and exists (
                  select 1 from public.company_feedback_views v
                   where v.company_id = $1 and v.feedback_id = i.feedback_id and v.viewed_at >= $10))
          order by i.rank_known, i.created_at desc, i.feedback_id desc
          limit $11 + $12)
        union all
        (select i.feedback_id, i.ai_rank, i.created_at from private.company_inbox i
          where %1$s
            and i.team_rank is null and i.ai_rank < 3
            and i.feedback_id in (select v.feedback_id from public.company_feedback_views v
                                   where v.company_id = $1 and v.viewed_at >= $10))
      ) k
      order by k.rank, k.created_at desc, k.feedback_id desc
      limit $11 offset $12$q$, v_where);
  else
    v_order := case v_sort
      when 'votes' then 'i.votes desc, i.created_at desc, i.feedback_id desc'
      when 'priority' then 'i.rank_all, i.created_at desc, i.feedback_id desc'
      else 'i.created_at desc, i.feedback_id desc' end;
    v_keys := format('select i.feedback_id from private.company_inbox i where %s order by %s limit $11 offset $12',
                     v_where, v_order);
  end if;
  execute 'select coalesce(array_agg(k.feedback_id), ''{}'') from (' || v_keys || ') k'
    into v_ids
    using v_company.id, v_domain, p_category, p_status, p_from, p_to, v_assignee, v_pattern, v_locked, v_start,
          p_page_size, v_offset;

  return query
    with page as (
      select f.*, o.n,
             exists (select 1 from public.company_feedback_views v
                      where v.company_id = v_company.id and v.feedback_id = f.id
                        and v.viewed_at >= v_start) as seen
        from unnest(v_ids) with ordinality as o(fid, n)
        join public.feedback f on f.id = o.fid
    )
    select pg.id, private.mask_contact(pg.title),
           case when pg.seen or not v_locked
                then private.company_list_excerpt(private.mask_contact(pg.description)) end,
           pg.category, pg.status,
           substring(pg.website_url from '^[^?#]*'), pg.website_host, pg.created_at, pg.updated_at,
           pg.screenshot_url is not null, pg.audio_url is not null,
           coalesce(pr.verified_linkedin, false), coalesce(st.reputation, 0), pg.quality_score,
           pg.upvotes, pg.downvotes, pg.total_votes, pg.view_count,
           case when pg.seen or not v_locked then pg.priority end,
           case when pg.seen or not v_locked then pg.sentiment end,
           case when pg.seen or not v_locked then pg.tags end,
           pg.seen,
           vt.vote_type, pg.user_id = v_uid,
           true,
           v_total,
           i.assignee_id,
           tr.priority,
           i.unanswered
      from page pg
      join private.company_inbox i on i.company_id = v_company.id and i.feedback_id = pg.id
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
      left join public.feedback_triage tr on tr.company_id = v_company.id and tr.feedback_id = pg.id
     order by pg.n;
end
$$;
comment on function public.get_company_inbox(integer, integer, text, text, text, text, timestamptz, timestamptz, text, text, boolean) is
  'The caller''s company list (as get_company_feedback) sorted by newest, votes or priority (team''s, else the AI''s where shown), filtered by assignee (me, none, a member id) and unanswered; each row with its assignee, team priority and whether the author waits for the team. Reads private.company_inbox (one index per sort).';

revoke all on function private.inbox_counted_insert(), private.inbox_counted_update(),
  private.inbox_counted_delete(),
  private.company_inbox_total(uuid, text, text, text, boolean, uuid, boolean)
  from public, anon, authenticated;
revoke all on function private.company_inbox_source(uuid), private.rebuild_company_inbox(uuid),
  private.feedback_inbox(), private.triage_inbox(), private.message_inbox(), private.domain_inbox()
  from public, anon, authenticated;
