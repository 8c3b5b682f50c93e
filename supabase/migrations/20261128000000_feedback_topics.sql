-- =============================================================================
-- Topics (#22): a company groups feedback that describe the same thing.
--
-- This migration holds only the shared shape (tables, keys, read policies);
-- the RPCs that propose, confirm, merge, split and change a topic's status
-- come in the migrations after it.
--
-- Decisions:
-- - A topic belongs to one company; a feedback is in at most one topic of a
--   company (primary key company_id, feedback_id), either 'suggested' (the
--   system proposed it, a member has not confirmed) or 'confirmed'.
-- - Members read their company's topics through RLS on membership; nobody
--   writes the tables directly (RPCs are SECURITY DEFINER and check that the
--   feedback is on the company's verified domains).
-- - What the public may see of a topic is only what the company published:
--   public_title / public_note, shown when published_at is set and the
--   company opted in to its public page. Titles and notes written for the
--   team are never public.
-- =============================================================================

create table public.feedback_topics (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  title text not null,
  status text not null default 'pending',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status_changed_at timestamptz,
  completed_at timestamptz,
  -- What the company chose to publish on its "You said, we did" page.
  public_title text,
  public_note text,
  published_at timestamptz,
  constraint feedback_topics_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint feedback_topics_status_known
    check (status in ('pending', 'read', 'in_progress', 'completed', 'rejected')),
  constraint feedback_topics_public_title_length
    check (public_title is null or char_length(btrim(public_title)) between 1 and 120),
  constraint feedback_topics_public_note_length
    check (public_note is null or char_length(public_note) <= 1000)
);
comment on table public.feedback_topics is
  'A company''s group of feedback describing the same thing (#22), with one status for all of them. Read by members; written by the topic RPCs.';
create index feedback_topics_company_idx on public.feedback_topics (company_id, updated_at desc);
create index feedback_topics_published_idx
  on public.feedback_topics (company_id, completed_at desc) where published_at is not null;
create index feedback_topics_created_by_idx on public.feedback_topics (created_by) where created_by is not null;

create table public.feedback_topic_items (
  company_id uuid not null references public.companies (id) on delete cascade,
  feedback_id uuid not null references public.feedback (id) on delete cascade,
  topic_id uuid not null references public.feedback_topics (id) on delete cascade,
  state text not null default 'suggested',
  -- feedbackSimilarity to the topic when the system proposed it (null: a member added it).
  score real,
  added_at timestamptz not null default now(),
  added_by uuid references auth.users (id) on delete set null,
  primary key (company_id, feedback_id),
  constraint feedback_topic_items_state_known check (state in ('suggested', 'confirmed'))
);
comment on table public.feedback_topic_items is
  'Which topic of a company a feedback is in (at most one per company): suggested by the system or confirmed by a member.';
create index feedback_topic_items_topic_idx on public.feedback_topic_items (topic_id, state);
create index feedback_topic_items_feedback_idx on public.feedback_topic_items (feedback_id);
create index feedback_topic_items_added_by_idx on public.feedback_topic_items (added_by) where added_by is not null;

alter table public.feedback_topics enable row level security;
alter table public.feedback_topic_items enable row level security;

create policy "Members read their company's topics"
  on public.feedback_topics for select to authenticated
  using (company_id = (select private.current_company_id()));
create policy "Members read their company's topic items"
  on public.feedback_topic_items for select to authenticated
  using (company_id = (select private.current_company_id()));

revoke all on table public.feedback_topics, public.feedback_topic_items from anon, authenticated;
grant select on table public.feedback_topics, public.feedback_topic_items to authenticated;
grant all on table public.feedback_topics, public.feedback_topic_items to service_role;
