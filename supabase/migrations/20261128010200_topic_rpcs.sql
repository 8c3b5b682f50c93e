-- =============================================================================
-- Topics (#22), part 3: what members do with topics, and what authors see.
--
-- Every RPC is SECURITY DEFINER, takes the caller's company from membership
-- (private.require_company) and only accepts feedback that is on the
-- company's verified domains (a row of private.company_inbox): a company
-- cannot group feedback of a domain it has not verified. Sizes are bounded:
-- 500 feedback per call, 1,000 per topic, 50 topics per page.
--
-- - set_topic_status moves every confirmed feedback of the topic through
--   update_feedback_status, so each author gets the notification and XP of a
--   single change; private.can_transition is respected: a pending feedback
--   is first marked read (as opening it would), one that cannot make the move
--   is skipped.
-- - Lists show titles (masked) and counts, never more text than the inbox
--   list; opening a feedback still goes through the view allowance.
-- - Authors get only a count of others in the topic (get_my_topic_counts).
-- =============================================================================

-- The topic, when it is the caller's company's.
create function private.require_topic(p_topic_id uuid)
returns public.feedback_topics
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_topic public.feedback_topics;
begin
  select * into v_topic from public.feedback_topics t where t.id = p_topic_id and t.company_id = v_company_id;
  if not found then
    raise exception 'This topic is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  return v_topic;
end
$$;

-- Refuses feedback that is not on the company's verified domains, and bounds the size.
create function private.require_topic_feedback(p_company_id uuid, p_feedback_ids uuid[])
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := array(select distinct x from unnest(coalesce(p_feedback_ids, '{}')) as x where x is not null);
begin
  if cardinality(v_ids) = 0 then
    raise exception 'Choose at least one feedback.' using errcode = 'invalid_parameter_value';
  end if;
  if cardinality(v_ids) > 500 then
    raise exception 'Choose at most 500 feedback at once.' using errcode = 'invalid_parameter_value';
  end if;
  if exists (select 1 from unnest(v_ids) as x
              where not exists (select 1 from private.company_inbox i
                                 where i.company_id = p_company_id and i.feedback_id = x)) then
    raise exception 'Some of this feedback is not on your company''s verified domains.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_ids;
end
$$;

create function private.topic_title(p_title text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_title is null or char_length(btrim(p_title)) not between 1 and 120 then
    raise exception 'A topic title has 1 to 120 characters.' using errcode = 'invalid_parameter_value';
  end if;
  return btrim(p_title);
end
$$;

-- Puts feedback into a topic as confirmed: suggested items elsewhere move,
-- confirmed items of another topic are refused (split them out first).
create function private.put_in_topic(p_topic public.feedback_topics, p_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if exists (select 1 from public.feedback_topic_items i
              where i.company_id = p_topic.company_id and i.feedback_id = any(p_ids)
                and i.state = 'confirmed' and i.topic_id <> p_topic.id) then
    raise exception 'Some of this feedback is already in another topic: split it out first.'
      using errcode = 'invalid_parameter_value';
  end if;
  if (select count(*) from public.feedback_topic_items i
       where i.topic_id = p_topic.id and not (i.feedback_id = any(p_ids))) + cardinality(p_ids) > 1000 then
    raise exception 'A topic holds at most 1000 feedback.' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.feedback_topic_items as i (company_id, feedback_id, topic_id, state, added_by, reported_at)
  select p_topic.company_id, f.id, p_topic.id, 'confirmed', auth.uid(), f.created_at
    from public.feedback f where f.id = any(p_ids)
  on conflict (company_id, feedback_id) do update
    set topic_id = excluded.topic_id, state = 'confirmed', added_by = excluded.added_by, added_at = now();
  get diagnostics v_count = row_count;
  delete from private.topic_proposal_members m
   where m.company_id = p_topic.company_id and m.feedback_id = any(p_ids);
  update public.feedback_topics t set updated_at = now() where t.id = p_topic.id;
  return v_count;
end
$$;

create function public.create_topic(p_title text, p_feedback_ids uuid[])
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_ids uuid[] := private.require_topic_feedback(v_company_id, p_feedback_ids);
  v_topic public.feedback_topics;
begin
  insert into public.feedback_topics (company_id, title, created_by)
  values (v_company_id, private.topic_title(p_title), auth.uid())
  returning * into v_topic;
  perform private.put_in_topic(v_topic, v_ids);
  return v_topic.id;
end
$$;
comment on function public.create_topic(text, uuid[]) is
  'A member groups up to 500 feedback of the company''s verified domains into a new topic (confirming a proposal); returns its id.';

create function public.add_topic_items(p_topic_id uuid, p_feedback_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
begin
  return private.put_in_topic(v_topic, private.require_topic_feedback(v_topic.company_id, p_feedback_ids));
end
$$;
comment on function public.add_topic_items(uuid, uuid[]) is
  'Adds feedback to (or confirms suggested feedback of) one of the company''s topics; returns how many.';

create function public.remove_topic_items(p_topic_id uuid, p_feedback_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_ids uuid[] := private.require_topic_feedback(v_topic.company_id, p_feedback_ids);
  v_count integer;
begin
  delete from public.feedback_topic_items i where i.topic_id = v_topic.id and i.feedback_id = any(v_ids);
  get diagnostics v_count = row_count;
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_count;
end
$$;
comment on function public.remove_topic_items(uuid, uuid[]) is
  'Takes feedback out of a topic (rejects a suggestion, or splits it out into no topic); returns how many.';

create function public.split_topic(p_topic_id uuid, p_feedback_ids uuid[], p_new_title text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_ids uuid[] := private.require_topic_feedback(v_topic.company_id, p_feedback_ids);
  v_new public.feedback_topics;
begin
  if exists (select 1 from unnest(v_ids) as x
              where not exists (select 1 from public.feedback_topic_items i
                                 where i.topic_id = v_topic.id and i.feedback_id = x)) then
    raise exception 'Only feedback of this topic can be split out of it.' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.feedback_topics (company_id, title, created_by, status)
  values (v_topic.company_id, private.topic_title(p_new_title), auth.uid(), v_topic.status)
  returning * into v_new;
  update public.feedback_topic_items i set topic_id = v_new.id, state = 'confirmed', added_by = auth.uid()
   where i.topic_id = v_topic.id and i.feedback_id = any(v_ids);
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_new.id;
end
$$;
comment on function public.split_topic(uuid, uuid[], text) is
  'Moves feedback of a topic into a new topic (same status) with the given title; returns its id. remove_topic_items splits into no topic.';

create function public.merge_topics(p_topic_id uuid, p_other_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_other public.feedback_topics := private.require_topic(p_other_id);
  v_count integer;
begin
  if v_topic.id = v_other.id then
    raise exception 'Choose another topic to merge.' using errcode = 'invalid_parameter_value';
  end if;
  if (select count(*) from public.feedback_topic_items i where i.topic_id in (v_topic.id, v_other.id)) > 1000 then
    raise exception 'A topic holds at most 1000 feedback.' using errcode = 'invalid_parameter_value';
  end if;
  update public.feedback_topic_items i set topic_id = v_topic.id where i.topic_id = v_other.id;
  get diagnostics v_count = row_count;
  delete from public.feedback_topics t where t.id = v_other.id;
  update public.feedback_topics t set updated_at = now() where t.id = v_topic.id;
  return v_count;
end
$$;
comment on function public.merge_topics(uuid, uuid) is
  'Moves every feedback of the other topic into the first (which keeps its title and status) and deletes the other; returns how many moved.';

create function public.rename_topic(p_topic_id uuid, p_title text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_title text := private.topic_title(p_title);
begin
  update public.feedback_topics t set title = v_title, updated_at = now() where t.id = v_topic.id;
  return v_title;
end
$$;

create function public.set_topic_status(p_topic_id uuid, p_status text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
  v_row record;
  v_changed integer := 0;
begin
  if p_status is null or p_status not in ('read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown topic status "%".', left(coalesce(p_status, 'null'), 40)
      using errcode = 'invalid_parameter_value', hint = 'Use one of: read, in_progress, completed, rejected.';
  end if;
  if v_topic.status <> 'pending' and v_topic.status <> p_status
     and not private.can_transition(v_topic.status, p_status) then
    raise exception 'A topic cannot move from % to %.', v_topic.status, p_status
      using errcode = 'invalid_parameter_value', hint = 'pending → read → in_progress, completed or rejected.';
  end if;
  for v_row in
    select f.id, f.status from public.feedback_topic_items i join public.feedback f on f.id = i.feedback_id
      -- Only feedback still on the company's verified domains (a domain may have been removed).
      join private.company_inbox ci on ci.company_id = v_topic.company_id and ci.feedback_id = i.feedback_id
     where i.topic_id = v_topic.id and i.state = 'confirmed'
     order by f.created_at
  loop
    if v_row.status = p_status then
      continue;
    end if;
    if v_row.status = 'pending' and p_status <> 'read' then
      perform public.update_feedback_status(v_row.id, 'read');
      v_row.status := 'read';
    end if;
    if private.can_transition(v_row.status, p_status) then
      perform public.update_feedback_status(v_row.id, p_status);
      v_changed := v_changed + 1;
    end if;
  end loop;
  update public.feedback_topics t
     set status = p_status, status_changed_at = now(), updated_at = now(),
         completed_at = case when p_status = 'completed' then now() else t.completed_at end
   where t.id = v_topic.id;
  return v_changed;
end
$$;
comment on function public.set_topic_status(uuid, text) is
  'Sets a topic''s status and moves each confirmed feedback in it through update_feedback_status (notification and XP per author, as a single change); returns how many feedback moved.';

create function public.get_company_topics(p_sort text default 'contributors', p_page integer default 1,
  p_page_size integer default 20)
returns table (
  id uuid,
  title text,
  status text,
  feedback_count integer,
  contributor_count integer,
  votes integer,
  suggested_count integer,
  trend integer,
  last_added_at timestamptz,
  updated_at timestamptz,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
  v_size integer := least(greatest(coalesce(p_page_size, 20), 1), 50);
  v_offset integer := (greatest(coalesce(p_page, 1), 1) - 1) * least(greatest(coalesce(p_page_size, 20), 1), 50);
  v_total bigint;
begin
  if coalesce(p_sort, 'contributors') not in ('contributors', 'votes', 'trend') then
    raise exception 'Sort topics by contributors, votes or trend.' using errcode = 'invalid_parameter_value';
  end if;
  if v_offset > 10000 then
    raise exception 'Page too far.' using errcode = 'invalid_parameter_value';
  end if;
  select count(*) into v_total from public.feedback_topics t where t.company_id = v_company_id;
  if coalesce(p_sort, 'contributors') = 'trend' then
    return query
      with recent as (
        select i.topic_id,
               (count(*) filter (where i.reported_at >= now() - interval '7 days')
                - count(*) filter (where i.reported_at < now() - interval '7 days'))::integer as trend
          from public.feedback_topic_items i
         where i.company_id = v_company_id and i.state = 'confirmed'
           and i.reported_at >= now() - interval '14 days'
         group by i.topic_id
      )
      select t.id, t.title, t.status, t.feedback_count, t.contributor_count, t.votes, t.suggested_count,
             coalesce(r.trend, 0), t.last_added_at, t.updated_at, v_total
        from public.feedback_topics t
        left join recent r on r.topic_id = t.id
       where t.company_id = v_company_id
       order by coalesce(r.trend, 0) desc, t.contributor_count desc, t.id
       limit v_size offset v_offset;
    return;
  end if;
  return query
    with page as (
      select t.* from public.feedback_topics t
       where t.company_id = v_company_id
       order by case when p_sort = 'votes' then t.votes else t.contributor_count end desc,
                case when p_sort = 'votes' then t.contributor_count else t.votes end desc, t.id
       limit v_size offset v_offset
    )
    select p.id, p.title, p.status, p.feedback_count, p.contributor_count, p.votes, p.suggested_count,
           (select (count(*) filter (where i.reported_at >= now() - interval '7 days')
                    - count(*) filter (where i.reported_at < now() - interval '7 days'))::integer
              from public.feedback_topic_items i
             where i.topic_id = p.id and i.state = 'confirmed' and i.reported_at >= now() - interval '14 days'),
           p.last_added_at, p.updated_at, v_total
      from page p
     order by case when p_sort = 'votes' then p.votes else p.contributor_count end desc,
              case when p_sort = 'votes' then p.contributor_count else p.votes end desc, p.id;
end
$$;
comment on function public.get_company_topics(text, integer, integer) is
  'The caller''s company topics with kept counts (feedback, distinct contributors, votes, suggested) and trend (reported in the last 7 days minus the 7 before), sorted by contributors, votes or trend; at most 50 per page.';

create function public.get_topic(p_topic_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics := private.require_topic(p_topic_id);
begin
  return jsonb_build_object(
    'id', v_topic.id, 'title', v_topic.title, 'status', v_topic.status,
    'feedback_count', v_topic.feedback_count, 'contributor_count', v_topic.contributor_count,
    'votes', v_topic.votes, 'suggested_count', v_topic.suggested_count,
    'created_at', v_topic.created_at, 'completed_at', v_topic.completed_at,
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
               'feedback_id', f.id, 'title', private.mask_contact(f.title), 'status', f.status,
               'total_votes', f.total_votes, 'created_at', f.created_at, 'website_host', f.website_host,
               'state', i.state, 'score', i.score)
             order by i.state desc, f.created_at desc)
        from public.feedback_topic_items i join public.feedback f on f.id = i.feedback_id
        -- Never feedback of a domain the company no longer has verified.
        join private.company_inbox ci on ci.company_id = v_topic.company_id and ci.feedback_id = i.feedback_id
       where i.topic_id = v_topic.id), '[]'));
end
$$;
comment on function public.get_topic(uuid) is
  'One topic of the caller''s company with its feedback (title masked, status, votes, state), confirmed first; no more text than the inbox list.';

create function public.get_topic_proposals(p_limit integer default 20)
returns table (
  id uuid,
  title text,
  feedback_ids uuid[],
  feedback_count integer,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  return query
    select p.id,
           (select private.mask_contact(f.title) from private.topic_proposal_members m
              join public.feedback f on f.id = m.feedback_id
             where m.proposal_id = p.id order by f.created_at, f.id limit 1),
           array(select m.feedback_id from private.topic_proposal_members m
                   where m.proposal_id = p.id order by m.added_at, m.feedback_id limit 500),
           (select count(*)::integer from private.topic_proposal_members m where m.proposal_id = p.id),
           p.updated_at
      from private.topic_proposals p
     where p.company_id = v_company_id and p.dismissed_at is null
       and (select count(*) from private.topic_proposal_members m where m.proposal_id = p.id) >= 2
     order by 4 desc, p.updated_at desc
     limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;
comment on function public.get_topic_proposals(integer) is
  'Open proposals of the caller''s company: groups of at least two similar feedback in no topic, with a proposed title (the earliest one''s), their ids and count.';

create function public.dismiss_topic_proposal(p_proposal_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := (private.require_company(null)).id;
begin
  update private.topic_proposals p set dismissed_at = now(), dismissed_by = auth.uid()
   where p.id = p_proposal_id and p.company_id = v_company_id and p.dismissed_at is null;
  if not found then
    raise exception 'This proposal is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
end
$$;
comment on function public.dismiss_topic_proposal(uuid) is
  'A member dismisses a proposal: it is no longer listed and its feedback is not proposed again with it.';

create function public.get_feedback_topic(p_feedback_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid := private.require_triage(p_feedback_id);
begin
  return (select jsonb_build_object('topic_id', t.id, 'title', t.title, 'state', i.state)
            from public.feedback_topic_items i join public.feedback_topics t on t.id = i.topic_id
           where i.company_id = v_company_id and i.feedback_id = p_feedback_id);
end
$$;
comment on function public.get_feedback_topic(uuid) is
  'The topic a feedback of the caller''s company is in (id, title, suggested or confirmed), or null.';

-- The author's side: how many others reported the same thing (never who).
create function public.get_my_topic_counts(p_feedback_ids uuid[])
returns table (feedback_id uuid, others integer)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id,
         max(greatest(t.contributor_count
                      - case when exists (select 1 from public.feedback_topic_items j
                                            join public.feedback g on g.id = j.feedback_id
                                           where j.topic_id = t.id and j.state = 'confirmed'
                                             and g.user_id = f.user_id) then 1 else 0 end, 0))::integer
    from public.feedback f
    join public.feedback_topic_items i on i.feedback_id = f.id
    join public.feedback_topics t on t.id = i.topic_id
   where f.id = any((p_feedback_ids)[1:200])
     and f.user_id = auth.uid()
   group by f.id
$$;
comment on function public.get_my_topic_counts(uuid[]) is
  'For the caller''s own feedback (at most 200) in a company topic: how many other contributors the topic has (a count, never who).';

revoke all on function private.require_topic(uuid), private.require_topic_feedback(uuid, uuid[]),
  private.topic_title(text), private.put_in_topic(public.feedback_topics, uuid[])
  from public, anon, authenticated;
revoke all on function public.create_topic(text, uuid[]), public.add_topic_items(uuid, uuid[]),
  public.remove_topic_items(uuid, uuid[]), public.split_topic(uuid, uuid[], text),
  public.merge_topics(uuid, uuid), public.rename_topic(uuid, text), public.set_topic_status(uuid, text),
  public.get_company_topics(text, integer, integer), public.get_topic(uuid),
  public.get_topic_proposals(integer), public.dismiss_topic_proposal(uuid),
  public.get_feedback_topic(uuid), public.get_my_topic_counts(uuid[])
  from public, anon;
grant execute on function public.create_topic(text, uuid[]), public.add_topic_items(uuid, uuid[]),
  public.remove_topic_items(uuid, uuid[]), public.split_topic(uuid, uuid[], text),
  public.merge_topics(uuid, uuid), public.rename_topic(uuid, text), public.set_topic_status(uuid, text),
  public.get_company_topics(text, integer, integer), public.get_topic(uuid),
  public.get_topic_proposals(integer), public.dismiss_topic_proposal(uuid),
  public.get_feedback_topic(uuid), public.get_my_topic_counts(uuid[])
  to authenticated;
