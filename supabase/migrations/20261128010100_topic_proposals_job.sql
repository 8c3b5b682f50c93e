-- =============================================================================
-- Topics (#22), part 2: what the AI job (process-feedback, an edge function,
-- so it works on hosted Supabase too) calls after storing a feedback's
-- analysis. Service role only.
--
-- 1. feedback_topic_input(id): the text the similarity reads (title and the
--    author's words).
-- 2. topic_candidates(id, terms): stores the feedback's content terms for
--    every company whose verified domains it is on, and returns per company
--    up to 50 candidates sharing the most terms (the newest 200 postings per
--    term: bounded reads on a company with 100,000 feedback), each with its
--    text, topic and proposal. Spam gets no terms and no candidates.
-- 3. record_topic_placement(id, company, placement): stores what
--    shared/domain/topics.ts placeFeedback decided, re-checking that the
--    topic, the proposal and every member belong to the company.
-- =============================================================================

create function public.feedback_topic_input(p_feedback_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'text', coalesce(f.title, '') || E'\n' || coalesce(f.raw_description, f.description, ''),
           'is_spam', coalesce(f.is_spam, false))
    from public.feedback f
   where f.id = p_feedback_id
$$;
comment on function public.feedback_topic_input(uuid) is
  'Server-only (service role): the text of a feedback the topic similarity reads, and whether it is spam.';

create function public.topic_candidates(p_feedback_id uuid, p_terms text[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_feedback public.feedback;
  v_terms text[];
  v_company uuid;
  v_out jsonb := '[]'::jsonb;
  v_candidates jsonb;
begin
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  if not found or coalesce(v_feedback.is_spam, false) then
    return v_out;
  end if;
  -- At most 40 distinct, short terms: a bounded number of index range reads.
  v_terms := array(select distinct left(t, 60) from unnest(coalesce(p_terms, '{}')) as t
                    where t is not null and t <> '' limit 40);
  for v_company in
    select i.company_id from private.company_inbox i where i.feedback_id = p_feedback_id
  loop
    insert into private.feedback_topic_terms (company_id, feedback_id, term, created_at)
    select v_company, p_feedback_id, t, v_feedback.created_at from unnest(v_terms) as t
    on conflict do nothing;
    with post as (
      select p.feedback_id
        from unnest(v_terms) as t(term)
        cross join lateral (
          select x.feedback_id from private.feedback_topic_terms x
           where x.company_id = v_company and x.term = t.term and x.feedback_id <> p_feedback_id
           order by x.created_at desc
           limit 200) p
    ), top as (
      select p.feedback_id, count(*) as n from post p
       group by p.feedback_id
       order by count(*) desc, p.feedback_id
       limit 50
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'feedbackId', f.id,
             'text', coalesce(f.title, '') || E'\n' || coalesce(f.raw_description, f.description, ''),
             'topicId', i.topic_id,
             'topicState', i.state,
             'proposalId', case when pr.dismissed_at is null then pm.proposal_id end,
             'clustered', pm.proposal_id is not null) order by top.n desc), '[]')
      into v_candidates
      from top
      join public.feedback f on f.id = top.feedback_id and not coalesce(f.is_spam, false)
      left join public.feedback_topic_items i on i.company_id = v_company and i.feedback_id = f.id
      left join private.topic_proposal_members pm on pm.company_id = v_company and pm.feedback_id = f.id
      left join private.topic_proposals pr on pr.id = pm.proposal_id;
    v_out := v_out || jsonb_build_array(jsonb_build_object('companyId', v_company, 'candidates', v_candidates));
  end loop;
  return v_out;
end
$$;
comment on function public.topic_candidates(uuid, text[]) is
  'Server-only (service role, the AI job): stores a feedback''s content terms for each company whose verified domains it is on and returns, per company, up to 50 candidates sharing the most terms with their text, topic and open proposal (#22).';

create function public.record_topic_placement(p_feedback_id uuid, p_company_id uuid, p_placement jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := p_placement ->> 'kind';
  v_topic uuid;
  v_proposal uuid;
  v_members uuid[];
  v_created timestamptz;
begin
  if not exists (select 1 from private.company_inbox i
                  where i.company_id = p_company_id and i.feedback_id = p_feedback_id) then
    raise exception 'This feedback is not on the company''s verified domains.' using errcode = 'insufficient_privilege';
  end if;
  -- Already placed (a member was faster, or the job ran twice): nothing to do.
  if exists (select 1 from public.feedback_topic_items i
              where i.company_id = p_company_id and i.feedback_id = p_feedback_id) then
    return 'placed';
  end if;
  select f.created_at into v_created from public.feedback f where f.id = p_feedback_id;
  if v_kind = 'topic' then
    v_topic := (p_placement ->> 'topicId')::uuid;
    if not exists (select 1 from public.feedback_topics t where t.id = v_topic and t.company_id = p_company_id) then
      raise exception 'No such topic in this company.' using errcode = 'no_data_found';
    end if;
    if (select t.feedback_count + t.suggested_count from public.feedback_topics t where t.id = v_topic) >= 1000 then
      return 'full';
    end if;
    delete from private.topic_proposal_members m where m.company_id = p_company_id and m.feedback_id = p_feedback_id;
    insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state, score, reported_at)
    values (p_company_id, p_feedback_id, v_topic, 'suggested', (p_placement ->> 'score')::real, v_created);
    return 'topic';
  elsif v_kind = 'proposal' then
    if exists (select 1 from private.topic_proposal_members m
                where m.company_id = p_company_id and m.feedback_id = p_feedback_id) then
      return 'placed';
    end if;
    v_proposal := (p_placement ->> 'proposalId')::uuid;
    if v_proposal is not null and not exists (
      select 1 from private.topic_proposals p
       where p.id = v_proposal and p.company_id = p_company_id and p.dismissed_at is null) then
      raise exception 'No such open proposal in this company.' using errcode = 'no_data_found';
    end if;
    -- Members: on the company's domains, in no topic and no proposal yet.
    v_members := array(
      select (m ->> 'feedbackId')::uuid
        from jsonb_array_elements(coalesce(p_placement -> 'members', '[]')) as m
       where exists (select 1 from private.company_inbox i
                      where i.company_id = p_company_id and i.feedback_id = (m ->> 'feedbackId')::uuid)
         and not exists (select 1 from public.feedback_topic_items i
                          where i.company_id = p_company_id and i.feedback_id = (m ->> 'feedbackId')::uuid)
         and not exists (select 1 from private.topic_proposal_members pm
                          where pm.company_id = p_company_id and pm.feedback_id = (m ->> 'feedbackId')::uuid)
       limit 100);
    if v_proposal is null then
      if cardinality(v_members) = 0 then
        return 'none';
      end if;
      insert into private.topic_proposals (company_id) values (p_company_id) returning id into v_proposal;
    else
      update private.topic_proposals p set updated_at = now() where p.id = v_proposal;
    end if;
    insert into private.topic_proposal_members (company_id, feedback_id, proposal_id, score)
    select p_company_id, m, v_proposal, null::real from unnest(v_members) as m
    union all
    select p_company_id, p_feedback_id, v_proposal, null::real
    on conflict do nothing;
    return 'proposal';
  end if;
  return 'none';
end
$$;
comment on function public.record_topic_placement(uuid, uuid, jsonb) is
  'Server-only (service role, the AI job): stores where placeFeedback put a feedback in a company: a suggested item of a confirmed topic, or a proposal (existing or new) with its similar unassigned feedback (#22).';

revoke all on function public.feedback_topic_input(uuid), public.topic_candidates(uuid, text[]),
  public.record_topic_placement(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.feedback_topic_input(uuid), public.topic_candidates(uuid, text[]),
  public.record_topic_placement(uuid, uuid, jsonb) to service_role;
