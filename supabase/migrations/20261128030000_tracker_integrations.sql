-- =============================================================================
-- Hand-off to issue trackers (#22, company workspace part 2): GitHub, GitLab,
-- Linear and Jira.
--
-- Decisions (docs/integrations.md):
-- - A company connects each tracker once (private.company_integrations). The
--   access token and the webhook secret are encrypted by the `integrations`
--   edge function (AES-GCM, key PEEGA_INTEGRATIONS_KEY) before they reach the
--   database: Postgres only ever holds ciphertext, and no client role has any
--   privilege on the table. Members see provider, settings and the last four
--   characters of the token through get_company_integrations().
-- - The edge function checks the caller through the database with the
--   caller's own JWT (authorize_integration_admin, prepare_tracker_issue) and
--   touches secrets and links only through service-role RPCs.
-- - public.issue_links keeps each created issue (feedback or topic), read by
--   the company's members through RLS and written only by those RPCs.
-- - A tracker's "closed" webhook (tracker-webhook, verified by signature)
--   marks the link closed and, when the company left complete_on_close on,
--   completes the feedback or the topic with every confirmed feedback in it.
--   The status change itself is the one update_feedback_status makes
--   (private.set_company_feedback_status, factored out of it here), so the
--   author's notification and +10 XP come from the same trigger, once.
-- =============================================================================

create table private.company_integrations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  provider text not null,
  -- github: owner, repo; gitlab: base_url, project; linear: team_id;
  -- jira: site_url, email, project_key. Validated by the edge function.
  config jsonb not null default '{}'::jsonb,
  -- 'v1:' || base64(12-byte IV || AES-GCM ciphertext and tag).
  token_ciphertext text not null,
  token_hint text not null,
  webhook_secret_ciphertext text not null,
  complete_on_close boolean not null default true,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint company_integrations_provider_known
    check (provider in ('github', 'gitlab', 'linear', 'jira')),
  constraint company_integrations_one_per_provider unique (company_id, provider),
  constraint company_integrations_config_object check (jsonb_typeof(config) = 'object'),
  constraint company_integrations_token_encrypted check (token_ciphertext like 'v1:%'),
  constraint company_integrations_secret_encrypted check (webhook_secret_ciphertext like 'v1:%'),
  constraint company_integrations_hint_short check (char_length(token_hint) <= 4)
);
comment on table private.company_integrations is
  'A company''s connection to an issue tracker (#22): settings, the encrypted token and webhook secret (ciphertext only). No client role has any privilege.';
create index company_integrations_created_by_idx
  on private.company_integrations (created_by) where created_by is not null;
alter table private.company_integrations enable row level security;
revoke all on table private.company_integrations from public, anon, authenticated;

create table public.issue_links (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  provider text not null,
  feedback_id uuid references public.feedback (id) on delete cascade,
  topic_id uuid references public.feedback_topics (id) on delete cascade,
  -- What the tracker's webhook names the issue by (GitHub and GitLab: the
  -- number in the repository/project; Linear: issue id; Jira: issue id).
  external_id text not null,
  -- What people call it: '#12', 'ENG-12', 'PROJ-12'.
  external_key text not null,
  url text not null,
  state text not null default 'open',
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint issue_links_provider_known check (provider in ('github', 'gitlab', 'linear', 'jira')),
  constraint issue_links_state_known check (state in ('open', 'closed')),
  constraint issue_links_one_target check (num_nonnulls(feedback_id, topic_id) = 1),
  constraint issue_links_url_web check (url ~ '^https?://'),
  constraint issue_links_external_unique unique (company_id, provider, external_id)
);
comment on table public.issue_links is
  'Issues created in a company''s tracker from a feedback or a topic (#22); read by members, written by the integrations functions.';
create unique index issue_links_feedback_idx
  on public.issue_links (company_id, provider, feedback_id) where feedback_id is not null;
create unique index issue_links_topic_idx
  on public.issue_links (company_id, provider, topic_id) where topic_id is not null;
create index issue_links_feedback_fk_idx on public.issue_links (feedback_id) where feedback_id is not null;
create index issue_links_topic_fk_idx on public.issue_links (topic_id) where topic_id is not null;
create index issue_links_created_by_idx on public.issue_links (created_by) where created_by is not null;

alter table public.issue_links enable row level security;
create policy "Members read their company's issue links"
  on public.issue_links for select to authenticated
  using (company_id = (select private.current_company_id()));
revoke all on table public.issue_links from anon, authenticated;
grant select on table public.issue_links to authenticated;
grant all on table public.issue_links to service_role;

-- ------------------------------------------------------- status changes
-- The body of update_feedback_status for a known company, so the webhook
-- path (no signed-in user) makes the same checked move.
create function private.set_company_feedback_status(
  p_company public.companies,
  p_feedback_id uuid,
  p_status text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_feedback public.feedback;
begin
  if p_status is null or p_status not in ('pending', 'read', 'in_progress', 'completed', 'rejected') then
    raise exception 'Unknown feedback status "%".', left(coalesce(p_status, 'null'), 40)
      using errcode = 'invalid_parameter_value',
            hint = 'Use one of: read, in_progress, completed, rejected.';
  end if;
  select * into v_feedback from public.feedback f where f.id = p_feedback_id for update;
  if not found or not private.host_matches_domains(v_feedback.website_host, p_company.domains) then
    raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
  end if;
  if v_feedback.status = p_status then
    return p_status;
  end if;
  if not private.can_transition(v_feedback.status, p_status) then
    raise exception 'A feedback cannot move from % to %.', v_feedback.status, p_status
      using errcode = 'invalid_parameter_value',
            hint = 'pending → read → in_progress, completed or rejected.';
  end if;
  update public.feedback f set status = p_status where f.id = p_feedback_id;
  return p_status;
end
$$;
comment on function private.set_company_feedback_status(public.companies, uuid, text) is
  'Moves a feedback on the company''s (verified) domains along the workflow; the feedback triggers notify the author and award +10 XP once on completed.';

create or replace function public.update_feedback_status(feedback_uuid uuid, new_status text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.set_company_feedback_status(private.require_company(null), feedback_uuid, new_status);
end
$$;
comment on function public.update_feedback_status(uuid, text) is
  'The caller''s company moves a matching feedback along the workflow (pending → read → in_progress/completed/rejected); the author is notified and gets +10 XP once on completed.';

-- A company completes a feedback without a signed-in member (a tracker closed
-- its issue): pending goes through read, as opening it would. False when it
-- was already completed or is no longer on the company's verified domains.
create function private.complete_company_feedback(p_company_id uuid, p_feedback_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies;
  v_feedback public.feedback;
begin
  select * into v_company from public.companies c where c.id = p_company_id;
  if not found then
    return false;
  end if;
  v_company.domains := private.verified_domains(p_company_id);
  select * into v_feedback from public.feedback f where f.id = p_feedback_id;
  if not found or v_feedback.status = 'completed'
     or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
    return false;
  end if;
  if v_feedback.status = 'pending' then
    perform private.set_company_feedback_status(v_company, p_feedback_id, 'read');
  end if;
  perform private.set_company_feedback_status(v_company, p_feedback_id, 'completed');
  return true;
end
$$;
comment on function private.complete_company_feedback(uuid, uuid) is
  'Completes one feedback for a company (no signed-in user: a tracker webhook); true when it moved. Notification and XP come from the feedback triggers.';

-- A topic is completed with every confirmed feedback in it.
create function private.complete_topic(p_topic_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_topic public.feedback_topics;
  v_feedback_id uuid;
  v_moved integer := 0;
begin
  select * into v_topic from public.feedback_topics t where t.id = p_topic_id for update;
  if not found then
    return 0;
  end if;
  if v_topic.status <> 'completed' then
    update public.feedback_topics t
       set status = 'completed', status_changed_at = now(), completed_at = now(), updated_at = now()
     where t.id = p_topic_id;
  end if;
  for v_feedback_id in
    select i.feedback_id from public.feedback_topic_items i
     where i.topic_id = p_topic_id and i.state = 'confirmed'
     order by i.added_at
  loop
    if private.complete_company_feedback(v_topic.company_id, v_feedback_id) then
      v_moved := v_moved + 1;
    end if;
  end loop;
  return v_moved;
end
$$;
comment on function private.complete_topic(uuid) is
  'Completes a topic (status, completed_at) and each of its confirmed feedback; returns how many feedback moved.';

-- ------------------------------------------------------- member RPCs
create function public.get_company_integrations()
returns table (
  id uuid,
  provider text,
  config jsonb,
  token_hint text,
  complete_on_close boolean,
  connected_at timestamptz
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
    select i.id, i.provider, i.config, i.token_hint, i.complete_on_close, i.updated_at
      from private.company_integrations i
     where i.company_id = v_company_id
     order by i.provider;
end
$$;
comment on function public.get_company_integrations() is
  'The caller''s company''s connected trackers: provider, settings, the token''s last four characters; never the token or the webhook secret.';

-- Who is changing the company's integrations: the edge function asks with
-- the caller's JWT before it encrypts and stores anything.
create function public.authorize_integration_admin()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company_admin();
begin
  return jsonb_build_object('company_id', v_company.id, 'actor_id', auth.uid());
end
$$;
comment on function public.authorize_integration_admin() is
  'The caller''s company id and user id when they are its owner or an admin (42501 otherwise); the integrations function asks before connecting a tracker.';

create function public.disconnect_company_integration(p_provider text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company_admin();
begin
  delete from private.company_integrations i
   where i.company_id = v_company.id and i.provider = p_provider;
  return found;
end
$$;
comment on function public.disconnect_company_integration(text) is
  'Owner/admin removes a tracker connection (token and secret gone); the issue links stay.';

create function public.set_integration_complete_on_close(p_provider text, p_enabled boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company_admin();
begin
  update private.company_integrations i
     set complete_on_close = coalesce(p_enabled, true), updated_at = now()
   where i.company_id = v_company.id and i.provider = p_provider;
  if not found then
    raise exception 'This tracker is not connected.' using errcode = 'PT404';
  end if;
  return coalesce(p_enabled, true);
end
$$;
comment on function public.set_integration_complete_on_close(text, boolean) is
  'Owner/admin chooses whether closing the tracker''s issue completes the feedback or topic.';

-- What an issue says, checked and counted for the caller (any member): the
-- feedback as the company may see it (masked, through its view allowance,
-- never the author) or the topic's summary; the existing link if there is one.
create function public.prepare_tracker_issue(p_provider text, p_feedback_id uuid, p_topic_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company public.companies := private.require_company(null);
  v_integration_id uuid;
  v_feedback public.feedback;
  v_topic public.feedback_topics;
  v_existing public.issue_links;
  v_issue jsonb;
begin
  if p_feedback_id is not null then
    select * into v_feedback from public.feedback f where f.id = p_feedback_id;
    if not found or not private.host_matches_domains(v_feedback.website_host, v_company.domains) then
      raise exception 'This feedback is not available to your company.' using errcode = 'insufficient_privilege';
    end if;
  end if;
  if num_nonnulls(p_feedback_id, p_topic_id) <> 1 then
    raise exception 'Create an issue for one feedback or one topic.' using errcode = 'invalid_parameter_value';
  end if;
  if p_topic_id is not null then
    select * into v_topic from public.feedback_topics t where t.id = p_topic_id;
    if not found or v_topic.company_id <> v_company.id then
      raise exception 'This topic is not available to your company.' using errcode = 'insufficient_privilege';
    end if;
  end if;
  select i.id into v_integration_id from private.company_integrations i
   where i.company_id = v_company.id and i.provider = p_provider;
  if v_integration_id is null then
    raise exception 'This tracker is not connected.' using errcode = 'PT404',
      hint = 'An owner or admin connects it in Settings → Integrations.';
  end if;
  select * into v_existing from public.issue_links l
   where l.company_id = v_company.id and l.provider = p_provider
     and (l.feedback_id = p_feedback_id or l.topic_id = p_topic_id);
  if found then
    return jsonb_build_object('existing', to_jsonb(v_existing));
  end if;
  perform private.check_rate_limit('create_issue', 30, 60, interval '1 hour',
    'You created many issues in the last hour.');
  perform private.hit_rate_limit('create_issue:company:' || v_company.id::text, interval '1 hour', 60,
    'Your company created many issues in the last hour.');
  if p_feedback_id is not null then
    if not private.record_view(v_company, p_feedback_id) then
      raise exception 'Daily limit reached'
        using errcode = 'PT402',
              detail = 'The view allowance of your plan is used up for this period.',
              hint = 'Upgrade to view more.';
    end if;
    v_issue := jsonb_build_object(
      'kind', 'feedback',
      'id', v_feedback.id,
      'title', private.mask_contact(v_feedback.title),
      'description', private.mask_contact(v_feedback.description),
      'category', v_feedback.category,
      'priority', v_feedback.priority,
      'page', substring(v_feedback.website_url from '^[^?#]*'),
      'created_at', v_feedback.created_at);
  else
    v_issue := jsonb_build_object(
      'kind', 'topic',
      'id', v_topic.id,
      'title', v_topic.title,
      'feedback_count', (select count(*) from public.feedback_topic_items i
                          where i.topic_id = v_topic.id and i.state = 'confirmed'),
      'contributor_count', (select count(distinct f.user_id) from public.feedback_topic_items i
                              join public.feedback f on f.id = i.feedback_id
                             where i.topic_id = v_topic.id and i.state = 'confirmed'),
      'feedback_titles', coalesce((select jsonb_agg(x.title) from (
          select private.mask_contact(f.title) as title from public.feedback_topic_items i
            join public.feedback f on f.id = i.feedback_id
           where i.topic_id = v_topic.id and i.state = 'confirmed'
           order by f.created_at desc limit 10) x), '[]'::jsonb));
  end if;
  return jsonb_build_object(
    'integration_id', v_integration_id,
    'company_id', v_company.id,
    'actor_id', auth.uid(),
    'issue', v_issue);
end
$$;
comment on function public.prepare_tracker_issue(text, uuid, uuid) is
  'For any member: checks the feedback (verified domains, view allowance) or topic (own company) and the connected tracker, counts the call (30/hour per account, 60/hour per address and per company), and returns what the issue says (masked, never the author) or the existing link.';

-- ------------------------------------------------------- service-role RPCs
create function public.save_company_integration(
  p_company_id uuid,
  p_actor_id uuid,
  p_provider text,
  p_config jsonb,
  p_token_ciphertext text,
  p_token_hint text,
  p_secret_ciphertext text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into private.company_integrations as i
    (company_id, provider, config, token_ciphertext, token_hint, webhook_secret_ciphertext, created_by)
  values (p_company_id, p_provider, coalesce(p_config, '{}'::jsonb), p_token_ciphertext, p_token_hint,
          p_secret_ciphertext, p_actor_id)
  on conflict (company_id, provider) do update
    set config = excluded.config, token_ciphertext = excluded.token_ciphertext,
        token_hint = excluded.token_hint, webhook_secret_ciphertext = excluded.webhook_secret_ciphertext,
        created_by = excluded.created_by, updated_at = now()
  returning i.id into v_id;
  return v_id;
end
$$;
comment on function public.save_company_integration(uuid, uuid, text, jsonb, text, text, text) is
  'Service role (integrations function): stores a tracker connection with its encrypted token and webhook secret, replacing the company''s previous one for that tracker.';

-- Linear generates the signing secret of a webhook itself: the admin pastes
-- it after creating the webhook (the other trackers take Peega's).
create function public.save_integration_webhook_secret(
  p_company_id uuid,
  p_provider text,
  p_secret_ciphertext text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.company_integrations i
     set webhook_secret_ciphertext = p_secret_ciphertext, updated_at = now()
   where i.company_id = p_company_id and i.provider = p_provider;
  return found;
end
$$;
comment on function public.save_integration_webhook_secret(uuid, text, text) is
  'Service role (integrations function): replaces a connection''s encrypted webhook secret with the one the tracker generated (Linear).';

create function public.get_integration_credentials(p_integration_id uuid)
returns table (
  id uuid,
  company_id uuid,
  provider text,
  config jsonb,
  token_ciphertext text,
  webhook_secret_ciphertext text,
  complete_on_close boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.company_id, i.provider, i.config, i.token_ciphertext, i.webhook_secret_ciphertext,
         i.complete_on_close
    from private.company_integrations i
   where i.id = p_integration_id
$$;
comment on function public.get_integration_credentials(uuid) is
  'Service role (integrations and tracker-webhook functions): a connection with its ciphertexts, which only the functions can decrypt.';

create function public.record_issue_link(
  p_company_id uuid,
  p_actor_id uuid,
  p_provider text,
  p_feedback_id uuid,
  p_topic_id uuid,
  p_external_id text,
  p_external_key text,
  p_url text
)
returns public.issue_links
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link public.issue_links;
begin
  insert into public.issue_links as l
    (company_id, provider, feedback_id, topic_id, external_id, external_key, url, created_by)
  values (p_company_id, p_provider, p_feedback_id, p_topic_id, p_external_id, p_external_key, p_url, p_actor_id)
  on conflict do nothing
  returning l.* into v_link;
  if v_link.id is null then
    select * into v_link from public.issue_links l
     where l.company_id = p_company_id and l.provider = p_provider
       and (l.external_id = p_external_id or l.feedback_id = p_feedback_id or l.topic_id = p_topic_id)
     limit 1;
  end if;
  return v_link;
end
$$;
comment on function public.record_issue_link(uuid, uuid, text, uuid, uuid, text, text, text) is
  'Service role (integrations function): keeps the created issue''s link; a second call for the same issue returns the first link.';

-- The tracker closed an issue: the link is closed once; with
-- complete_on_close the feedback or topic is completed. Replays change nothing.
create function public.close_tracker_issue(p_integration_id uuid, p_external_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_integration private.company_integrations;
  v_link public.issue_links;
  v_moved integer := 0;
begin
  select * into v_integration from private.company_integrations i where i.id = p_integration_id;
  if not found then
    return jsonb_build_object('matched', false);
  end if;
  select * into v_link from public.issue_links l
   where l.company_id = v_integration.company_id and l.provider = v_integration.provider
     and l.external_id = p_external_id
   for update;
  if not found then
    return jsonb_build_object('matched', false);
  end if;
  if v_link.state = 'closed' then
    return jsonb_build_object('matched', true, 'changed', false);
  end if;
  update public.issue_links l set state = 'closed', closed_at = now() where l.id = v_link.id;
  if v_integration.complete_on_close then
    if v_link.topic_id is not null then
      v_moved := private.complete_topic(v_link.topic_id);
    elsif private.complete_company_feedback(v_link.company_id, v_link.feedback_id) then
      v_moved := 1;
    end if;
  end if;
  return jsonb_build_object('matched', true, 'changed', true, 'completed', v_moved);
end
$$;
comment on function public.close_tracker_issue(uuid, text) is
  'Service role (tracker-webhook): marks the link of a closed tracker issue closed and, with complete_on_close, completes its feedback or topic; idempotent.';

-- ------------------------------------------------------- grants
revoke all on function private.set_company_feedback_status(public.companies, uuid, text),
  private.complete_company_feedback(uuid, uuid),
  private.complete_topic(uuid)
  from public, anon, authenticated;

revoke all on function public.get_company_integrations(),
  public.authorize_integration_admin(),
  public.disconnect_company_integration(text),
  public.set_integration_complete_on_close(text, boolean),
  public.prepare_tracker_issue(text, uuid, uuid),
  public.save_company_integration(uuid, uuid, text, jsonb, text, text, text),
  public.save_integration_webhook_secret(uuid, text, text),
  public.get_integration_credentials(uuid),
  public.record_issue_link(uuid, uuid, text, uuid, uuid, text, text, text),
  public.close_tracker_issue(uuid, text)
  from public, anon, authenticated;

grant execute on function public.get_company_integrations(),
  public.authorize_integration_admin(),
  public.disconnect_company_integration(text),
  public.set_integration_complete_on_close(text, boolean),
  public.prepare_tracker_issue(text, uuid, uuid)
  to authenticated;

grant execute on function public.save_company_integration(uuid, uuid, text, jsonb, text, text, text),
  public.save_integration_webhook_secret(uuid, text, text),
  public.get_integration_credentials(uuid),
  public.record_issue_link(uuid, uuid, text, uuid, uuid, text, text, text),
  public.close_tracker_issue(uuid, text)
  to service_role;
