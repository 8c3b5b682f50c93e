-- =============================================================================
-- Company feedback list at scale (issue #12). With 1 M feedback a company's
-- page read every matching row from the table to count and sort them (the
-- rows of one site are spread over the whole table): ~40 ms for 1,200 rows.
-- A covering index on (reversed host, date, id) with the columns the filters
-- need lets get_company_feedback count and page from the index alone and read
-- only the 20 rows it returns (~5 ms). It replaces feedback_host_reversed_idx
-- (same leading column), so a submit still maintains one host index.
-- Behaviour is unchanged: same rows, same order, same total.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: indexes
-- -----------------------------------------------------------------------------

create index feedback_host_created_idx
  on public.feedback (reverse(website_host) text_pattern_ops, created_at desc, id desc)
  include (website_host, category, status)
  where website_host is not null;
drop index public.feedback_host_reversed_idx;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create or replace function private.company_feedback_rows(
  p_company public.companies,
  p_domains text[],
  p_search text,
  p_category text,
  p_status text,
  p_from timestamptz,
  p_to timestamptz,
  p_limit integer,
  p_offset bigint
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
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_pattern text := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  v_plan text;
  v_start timestamptz;
  -- A domain under another listed domain adds nothing; without them every
  -- host matches at most one root, so the range scans never overlap.
  v_roots text[] := array(
    select d from unnest(p_domains) as d
     where not exists (select 1 from unnest(p_domains) as e where d like '%.' || e));
begin
  select private.resolve_plan(s.subscription_type) into v_plan
    from public.company_subscriptions s where s.company_id = p_company.id;
  v_start := coalesce(private.view_period_start(v_plan, now()), private.view_period_start('free', now()));
  return query
    -- The page's keys and the total come from feedback_host_created_idx alone
    -- (an index-only scan: host, date, id, category, status); only the rows
    -- of the page are read from the table. The search needs the texts, so it
    -- looks them up per candidate.
    with keys as (
      select f.id, count(*) over () as total
        from unnest(v_roots) as d(dom)
        join public.feedback f
          on reverse(f.website_host) ~>=~ reverse(d.dom)
         and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
         and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
       where (v_pattern is null or exists (
               select 1 from public.feedback s
                where s.id = f.id and (s.title ilike v_pattern or s.description ilike v_pattern)))
         and (p_category is null or f.category = p_category)
         and (p_status is null or f.status = p_status)
         and (p_from is null or f.created_at >= p_from)
         and (p_to is null or f.created_at < p_to)
       order by f.created_at desc, f.id desc
       limit p_limit offset p_offset
    ), page as (
      select f.*, k.total from keys k join public.feedback f on f.id = k.id
    )
    select pg.id, pg.title, left(pg.description, 160), pg.category, pg.status,
           substring(pg.website_url from '^[^?#]*'), pg.website_host, pg.created_at, pg.updated_at,
           pg.screenshot_url is not null, pg.audio_url is not null,
           coalesce(pr.verified_linkedin, false), coalesce(st.reputation, 0), pg.quality_score,
           pg.upvotes, pg.downvotes, pg.total_votes, pg.view_count, pg.priority, pg.sentiment, pg.tags,
           exists (select 1 from public.company_feedback_views v
                    where v.company_id = p_company.id and v.feedback_id = pg.id and v.viewed_at >= v_start),
           vt.vote_type, pg.user_id = v_uid,
           exists (select 1 from public.company_domains cd
                    where cd.company_id = p_company.id and cd.verified_at is not null
                      and private.host_matches_domains(pg.website_host, array[cd.domain])),
           pg.total
      from page pg
      left join public.profiles pr on pr.id = pg.user_id
      left join public.user_stats st on st.user_id = pg.user_id
      left join public.feedback_votes vt on vt.feedback_id = pg.id and vt.user_id = v_uid
     order by pg.created_at desc, pg.id desc;
end
$$;
comment on function private.company_feedback_rows(public.companies, text[], text, text, text, timestamptz, timestamptz, integer, bigint) is
  'Summaries of the feedback matching the given company domains (exact or subdomain), filtered and paged; no author identity.';
