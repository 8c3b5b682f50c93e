-- =============================================================================
-- Topics (#22), part 1: kept counts, the term postings that find candidates
-- for a new feedback, and the proposals ("these 11 look like the same
-- request").
--
-- Decisions:
-- - Kept counts on feedback_topics (confirmed items only): feedback_count,
--   contributor_count (distinct authors), votes (sum of total_votes),
--   suggested_count, last_added_at. A statement trigger on the items
--   recomputes the topics a statement touched (a topic holds at most 1,000
--   feedback, so a recount is small); a vote moves votes by its delta. The
--   list sorts by contributors or votes through an index per sort.
-- - Trend = confirmed feedback reported in the last 7 days minus the 7 days
--   before, counted at query time from feedback_topic_items.reported_at (the
--   feedback's created_at) through (company_id, reported_at): only the last
--   14 days are read.
-- - Candidates: private.feedback_topic_terms, one row per (company, content
--   term of shared/domain/similarity.ts contentTerms, feedback), written by
--   the AI job. A new feedback's candidates are the feedback sharing the most
--   of its terms among the newest 200 postings of each term: bounded reads
--   whatever the company's size; the job reranks the top 50 with
--   feedbackSimilarity.
-- - Proposals: private.topic_proposals + private.topic_proposal_members, one
--   proposal per feedback and company, built incrementally by the AI job
--   (shared/domain/topics.ts placeFeedback): a new feedback similar to
--   members of an open proposal joins the best one, else similar unassigned
--   feedback form a new one. A member confirms (create_topic: members leave
--   the proposal) or dismisses it. Private tables: only the RPCs read them.
-- =============================================================================

alter table public.feedback_topics
  add column feedback_count integer not null default 0,
  add column contributor_count integer not null default 0,
  add column votes integer not null default 0,
  add column suggested_count integer not null default 0,
  add column last_added_at timestamptz;

create index feedback_topics_contributors_idx
  on public.feedback_topics (company_id, contributor_count desc, votes desc, id);
create index feedback_topics_votes_idx
  on public.feedback_topics (company_id, votes desc, contributor_count desc, id);

-- When the feedback was reported (its created_at): the trend counts these.
alter table public.feedback_topic_items
  add column reported_at timestamptz not null default now();
create index feedback_topic_items_reported_idx
  on public.feedback_topic_items (company_id, reported_at desc, topic_id) where state = 'confirmed';

-- Recounts the given topics from their items.
create function private.refresh_topic_counts(p_topic_ids uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  update public.feedback_topics t
     set feedback_count = s.n,
         contributor_count = s.contributors,
         votes = s.votes,
         suggested_count = s.suggested,
         last_added_at = s.last_added
    from (select x.id,
                 count(*) filter (where i.state = 'confirmed')::integer as n,
                 count(distinct f.user_id) filter (where i.state = 'confirmed')::integer as contributors,
                 coalesce(sum(f.total_votes) filter (where i.state = 'confirmed'), 0)::integer as votes,
                 count(*) filter (where i.state = 'suggested')::integer as suggested,
                 max(i.added_at) filter (where i.state = 'confirmed') as last_added
            from unnest(p_topic_ids) as x(id)
            left join public.feedback_topic_items i on i.topic_id = x.id
            left join public.feedback f on f.id = i.feedback_id
           group by x.id) s
   where t.id = s.id
$$;

create function private.topic_items_counted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct r.topic_id) into v_ids from new_rows r;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct r.topic_id) into v_ids from old_rows r;
  else
    select array_agg(distinct x.topic_id) into v_ids
      from (select topic_id from new_rows union select topic_id from old_rows) x;
  end if;
  if v_ids is not null then
    perform private.refresh_topic_counts(v_ids);
  end if;
  return null;
end
$$;
create trigger feedback_topic_items_counted_insert
  after insert on public.feedback_topic_items
  referencing new table as new_rows
  for each statement execute function private.topic_items_counted();
create trigger feedback_topic_items_counted_update
  after update on public.feedback_topic_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.topic_items_counted();
create trigger feedback_topic_items_counted_delete
  after delete on public.feedback_topic_items
  referencing old table as old_rows
  for each statement execute function private.topic_items_counted();

-- A vote moves the rolled-up votes of the topics the feedback is confirmed in.
create function private.feedback_topic_votes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.feedback_topics t
     set votes = t.votes + (new.total_votes - old.total_votes)
   where t.id in (select i.topic_id from public.feedback_topic_items i
                   where i.feedback_id = new.id and i.state = 'confirmed');
  return null;
end
$$;
create trigger feedback_topic_votes
  after update of total_votes on public.feedback
  for each row when (new.total_votes is distinct from old.total_votes)
  execute function private.feedback_topic_votes();

-- Inverted index of content terms per company (candidate retrieval).
create table private.feedback_topic_terms (
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  term text not null,
  created_at timestamptz not null,
  primary key (company_id, feedback_id, term)
);
comment on table private.feedback_topic_terms is
  'Content terms (contentTerms of shared/domain/similarity.ts) of each feedback on a company''s verified domains, written by the AI job: finds topic candidates for a new feedback (#22).';
-- feedback_id included: the newest postings of a term are an index-only scan.
create index feedback_topic_terms_term_idx
  on private.feedback_topic_terms (company_id, term, created_at desc) include (feedback_id);
create index feedback_topic_terms_feedback_idx on private.feedback_topic_terms (feedback_id);
alter table private.feedback_topic_terms enable row level security;
revoke all on table private.feedback_topic_terms from public, anon, authenticated;
grant all on table private.feedback_topic_terms to service_role;

create table private.topic_proposals (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  dismissed_at timestamptz,
  dismissed_by uuid references auth.users (id) on delete set null
);
comment on table private.topic_proposals is
  'Groups of similar feedback not yet in a topic, proposed by the AI job for a member to confirm or dismiss (#22).';
create index topic_proposals_company_idx on private.topic_proposals (company_id, updated_at desc)
  where dismissed_at is null;
create index topic_proposals_dismissed_by_idx on private.topic_proposals (dismissed_by)
  where dismissed_by is not null;

create table private.topic_proposal_members (
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  proposal_id uuid not null references private.topic_proposals (id) on delete cascade,
  score real,
  added_at timestamptz not null default now(),
  primary key (company_id, feedback_id)
);
comment on table private.topic_proposal_members is
  'Which proposal a feedback is in (at most one per company).';
create index topic_proposal_members_proposal_idx on private.topic_proposal_members (proposal_id);
create index topic_proposal_members_feedback_idx on private.topic_proposal_members (feedback_id);

alter table private.topic_proposals enable row level security;
alter table private.topic_proposal_members enable row level security;
revoke all on table private.topic_proposals, private.topic_proposal_members from public, anon, authenticated;
grant all on table private.topic_proposals, private.topic_proposal_members to service_role;

revoke all on function private.refresh_topic_counts(uuid[]), private.topic_items_counted(),
  private.feedback_topic_votes() from public, anon, authenticated;
