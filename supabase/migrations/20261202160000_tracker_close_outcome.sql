-- #40 item 1: a tracker's "issue closed" completes only what is still open
-- (rejected feedback stays rejected); the topic now shows what the close
-- changed. The counts are kept on the issue's link.

ALTER TABLE public.issue_links ADD COLUMN closed_completed integer;
ALTER TABLE public.issue_links ADD COLUMN closed_kept_rejected integer;

COMMENT ON COLUMN public.issue_links.closed_completed IS 'Feedback the tracker''s close completed (null: not closed, or closing completes nothing).';
COMMENT ON COLUMN public.issue_links.closed_kept_rejected IS 'Feedback the close left rejected, as the company decided.';

CREATE OR REPLACE FUNCTION public.close_tracker_issue(p_integration_id uuid, p_external_id text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_integration private.company_integrations;
  v_link public.issue_links;
  v_moved integer := 0;
  v_kept integer := 0;
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
      -- What the close left as it was: the company's rejections stand.
      select count(*) into v_kept
        from public.feedback_topic_items i
        join public.feedback f on f.id = i.feedback_id
       where i.topic_id = v_link.topic_id and i.state = 'confirmed' and f.status = 'rejected';
    elsif private.complete_company_feedback(v_link.company_id, v_link.feedback_id) then
      v_moved := 1;
    elsif (select f.status from public.feedback f where f.id = v_link.feedback_id) = 'rejected' then
      v_kept := 1;
    end if;
  end if;
  -- What the close changed, for the topic (or feedback) screen to say.
  update public.issue_links l
     set closed_completed = v_moved, closed_kept_rejected = v_kept
   where l.id = v_link.id and v_integration.complete_on_close;
  return jsonb_build_object('matched', true, 'changed', true, 'completed', v_moved, 'kept_rejected', v_kept);
end
$$;
