-- =============================================================================
-- The company's inbox (#21 Triage): the list of get_company_feedback, plus
-- sort (newest, most votes, priority), filters by assignee (me, nobody, a
-- member) and "unanswered", and each row's assignee, team priority and
-- whether it waits for the team.
--
-- Decisions:
-- - Sort and triage filters work on every plan (they order and filter the
--   company's own data); category, status and dates stay paid, as before.
-- - Priority is the team's, else the AI's, and the AI's only where the list
--   shows it (feedback opened this period, or an unlimited plan): ordering
--   must not reveal what the view allowance hides. Unknown sorts last.
-- - "Unanswered": the team has not written to the author yet, or the
--   author's message is the thread's last.
-- - get_company_feedback stays as it is for existing clients.
-- =============================================================================

create function private.priority_rank(p_priority text)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_priority when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end
$$;

-- True when the company still owes the author an answer on this feedback.
create function private.company_unanswered(p_company_id uuid, p_feedback_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.from_author from public.feedback_messages m
                    where m.feedback_id = p_feedback_id and m.company_id = p_company_id
                    order by m.created_at desc, m.id desc limit 1), true)
$$;

create function public.get_company_inbox(
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
  v_domains text[];
  v_domain text;
  v_plan text;
  v_start timestamptz;
  v_locked boolean;
  v_assignee uuid;
  v_roots text[];
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
begin
  v_company.domains := private.verified_domains(v_company.id);
  v_domains := v_company.domains;
  perform private.check_page(p_page, p_page_size);
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
    if v_domain is null or not private.host_matches_domains(v_domain, v_company.domains) then
      raise exception 'Choose one of your company''s domains.'
        using errcode = 'invalid_parameter_value',
              detail = format('"%s" is not one of your domains.', left(p_domain, 100));
    end if;
    v_domains := array[v_domain];
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
  if coalesce(p_sort, 'newest') not in ('newest', 'votes', 'priority') then
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
  v_roots := array(select d from unnest(v_domains) as d
                    where not exists (select 1 from unnest(v_domains) as e where d like '%.' || e));
  -- Newest first without triage filters is get_company_feedback's list
  -- (its index-only scan), with the page's triage beside it.
  if coalesce(p_sort, 'newest') = 'newest' and p_assignee is null and not coalesce(p_unanswered, false) then
    return query
      select r.*, tr.assignee_id, tr.priority, private.company_unanswered(v_company.id, r.id)
        from private.company_feedback_rows(v_company, v_domains, p_search, p_category, p_status,
               p_from, p_to, p_page_size, (p_page::bigint - 1) * p_page_size) r
        left join public.feedback_triage tr on tr.company_id = v_company.id and tr.feedback_id = r.id
       order by r.created_at desc, r.id desc;
    return;
  end if;
  return query
    with keys as (
      select f.id, count(*) over () as total,
             f.created_at as created, f.total_votes as votes,
             case when p_sort = 'priority' then private.priority_rank(coalesce(t.priority,
               case when not v_locked or exists (
                      select 1 from public.company_feedback_views v
                       where v.company_id = v_company.id and v.feedback_id = f.id and v.viewed_at >= v_start)
                    then (select s.priority from public.feedback s where s.id = f.id) end)) end as rank
        from unnest(v_roots) as d(dom)
        join public.feedback f
          on reverse(f.website_host) ~>=~ reverse(d.dom)
         and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
         and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
        left join public.feedback_triage t on t.company_id = v_company.id and t.feedback_id = f.id
       where (v_pattern is null or exists (
               select 1 from public.feedback s
                where s.id = f.id
                  and (private.mask_contact(s.title) ilike v_pattern
                       or ((not v_locked or exists (
                              select 1 from public.company_feedback_views v
                               where v.company_id = v_company.id and v.feedback_id = s.id
                                 and v.viewed_at >= v_start))
                           and private.company_list_excerpt(private.mask_contact(s.description)) ilike v_pattern))))
         and (p_category is null or f.category = p_category)
         and (p_status is null or f.status = p_status)
         and (p_from is null or f.created_at >= p_from)
         and (p_to is null or f.created_at < p_to)
         and (p_assignee is null
              or (p_assignee = 'none' and t.assignee_id is null)
              or (v_assignee is not null and t.assignee_id = v_assignee))
         and (not coalesce(p_unanswered, false) or private.company_unanswered(v_company.id, f.id))
       order by
         case when p_sort = 'votes' then f.total_votes end desc nulls last,
         case when p_sort = 'priority' then 1 end, rank,
         f.created_at desc, f.id desc
       limit p_page_size offset (p_page::bigint - 1) * p_page_size
    ), page as (
      select f.*, k.total, k.votes, k.rank, k.created,
             exists (select 1 from public.company_feedback_views v
                      where v.company_id = v_company.id and v.feedback_id = f.id
                        and v.viewed_at >= v_start) as seen
        from keys k join public.feedback f on f.id = k.id
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
           pg.total,
           tr.assignee_id,
           tr.priority,
           private.company_unanswered(v_company.id, pg.id)
      from page pg
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
      left join public.feedback_triage tr on tr.company_id = v_company.id and tr.feedback_id = pg.id
     order by
       case when p_sort = 'votes' then pg.votes end desc nulls last,
       case when p_sort = 'priority' then 1 end, pg.rank,
       pg.created desc, pg.id desc;
end
$$;
comment on function public.get_company_inbox(integer, integer, text, text, text, text, timestamptz, timestamptz, text, text, boolean) is
  'The caller''s company list (as get_company_feedback) sorted by newest, votes or priority (team''s, else the AI''s where shown), filtered by assignee (me, none, a member id) and unanswered; each row with its assignee, team priority and whether the author waits for the team.';

revoke all on function private.priority_rank(text), private.company_unanswered(uuid, uuid)
  from public, anon, authenticated;
revoke all on function public.get_company_inbox(integer, integer, text, text, text, text, timestamptz, timestamptz, text, text, boolean)
  from public, anon;
grant execute on function public.get_company_inbox(integer, integer, text, text, text, text, timestamptz, timestamptz, text, text, boolean)
  to authenticated;

