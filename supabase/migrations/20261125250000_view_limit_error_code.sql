-- =============================================================================
-- The view allowance's refusal gets its own error code (issue #20). The web
-- app recognised it by its message, 'Daily limit reached', so rewording the
-- text would silently turn the upgrade prompt into a generic error. It is
-- now raised with SQLSTATE PT402: PostgREST passes it through as the error's
-- `code` and answers 402 Payment Required (a plan's allowance is used up;
-- upgrading lifts it). Redefined from 20261125105900_mask_contact_details.sql;
-- only the errcode changes.
-- =============================================================================

create or replace function public.get_company_feedback_detail(feedback_uuid uuid)
returns table (
  id uuid,
  title text,
  description text,
  category text,
  status text,
  website_url text,
  website_host text,
  company_name text,
  created_at timestamptz,
  updated_at timestamptz,
  screenshot_url text,
  audio_url text,
  verified_linkedin boolean,
  user_reputation numeric,
  quality_score smallint,
  quality_source text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  view_count integer,
  priority text,
  sentiment text,
  actionable boolean,
  tags text[],
  suggested_response text,
  suggested_fix text,
  my_vote text,
  is_own boolean
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_uid uuid := auth.uid();
begin
  if not private.record_view(v_company, feedback_uuid) then
    raise exception 'Daily limit reached'
      using errcode = 'PT402',
            detail = 'The view allowance of your plan is used up for this period.',
            hint = 'Upgrade to view more.';
  end if;
  return query
    select f.id, private.mask_contact(f.title), private.mask_contact(f.description), f.category, f.status,
           substring(f.website_url from '^[^?#]*'), f.website_host, private.mask_contact(f.company_name), f.created_at,
           f.updated_at, f.screenshot_url, f.audio_url, coalesce(p.verified_linkedin, false),
           coalesce(s.reputation, 0), f.quality_score, f.quality_source, f.upvotes, f.downvotes,
           f.total_votes, f.view_count, f.priority, f.sentiment, f.actionable, f.tags,
           private.mask_contact(f.suggested_response), private.mask_contact(f.suggested_fix),
           v.vote_type, f.user_id = v_uid
      from public.feedback f
      left join public.profiles p on p.id = f.user_id
      left join public.user_stats s on s.user_id = f.user_id
      left join public.feedback_votes v on v.feedback_id = f.id and v.user_id = v_uid
     where f.id = feedback_uuid;
end
$$;
comment on function public.get_company_feedback_detail(uuid) is
  'Opens one matching feedback for the caller''s company through the view allowance (recording the view, pending → read) and returns it in full, without author identity and with e-mail addresses and phone numbers masked; raises ''Daily limit reached'' with SQLSTATE PT402 (HTTP 402) when the allowance is used up.';
