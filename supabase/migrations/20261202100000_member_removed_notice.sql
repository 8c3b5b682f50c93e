-- #40 item 2: a member removed by the owner or an admin learns it at once,
-- on the screens they have open: the removal leaves them a notification,
-- which Realtime delivers under the table's RLS (only to them), and which
-- their activity list shows afterwards. Leaving on one's own sends none.

ALTER TABLE public.notifications DROP CONSTRAINT notifications_kind_known;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_known
  CHECK ((kind = ANY (ARRAY['feedback_status'::text, 'company_message'::text, 'topic_completed'::text, 'company_removed'::text])));

CREATE OR REPLACE FUNCTION public.remove_company_member(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  v_member public.company_members;
begin
  select * into v_member from public.company_members m
   where m.company_id = v_company.id and m.user_id = p_user_id for update;
  if not found then
    raise exception 'This person is not a member of your company.' using errcode = 'PT404';
  end if;
  if v_member.role = 'owner' then
    raise exception 'The owner cannot be removed from the company.' using errcode = 'insufficient_privilege';
  end if;
  if p_user_id <> auth.uid() and private.current_company_role() not in ('owner', 'admin') then
    raise exception 'Only the company''s owner or an admin can do this.' using errcode = 'insufficient_privilege';
  end if;
  delete from public.company_members m where m.company_id = v_company.id and m.user_id = p_user_id;
  if p_user_id <> auth.uid() then
    insert into public.notifications (user_id, kind, company_name)
    values (p_user_id, 'company_removed', v_company.company_name);
  end if;
end
$$;

COMMENT ON FUNCTION public.remove_company_member(p_user_id uuid) IS 'Owner/admin: removes a member or admin of their company (never the owner), and tells them live (a company_removed notification); any member may remove themselves. Access ends at once.';
