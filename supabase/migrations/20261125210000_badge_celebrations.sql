-- =============================================================================
-- Badges are celebrated once, wherever they were earned (issue #19 item 11).
--
-- A badge earned in the extension or while no dashboard was open never
-- reached the realtime dialog. user_badges.celebrated_at records that the
-- owner saw the 'Congratulations!' dialog; the dashboard celebrates every
-- badge without it on the next visit. Kept server-side, per user, so a badge
-- is celebrated once across devices and browsers.
--
-- Only the owner sets it, only from null to now(), through one narrow RPC:
-- the table keeps no UPDATE grant.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: columns
-- -----------------------------------------------------------------------------

alter table public.user_badges add column celebrated_at timestamptz;
comment on column public.user_badges.celebrated_at is
  'When the owner saw this badge''s celebration dialog; null until then (set by mark_badges_celebrated).';

-- Badges earned before this change are not news.
update public.user_badges set celebrated_at = earned_at where celebrated_at is null;

-- -----------------------------------------------------------------------------
-- Section: functions
-- -----------------------------------------------------------------------------

create function public.mark_badges_celebrated(p_badge_keys text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '28000';
  end if;
  -- There are ten badges; a longer list is not a real call.
  if p_badge_keys is null or cardinality(p_badge_keys) > 50 then
    raise exception 'Between 0 and 50 badge keys' using errcode = '22023';
  end if;
  update public.user_badges
     set celebrated_at = now()
   where user_id = auth.uid()
     and badge_key = any (p_badge_keys)
     and celebrated_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_badges_celebrated(text[]) is
  'Marks the caller''s own badges (by key) as celebrated; answers how many changed. Others'' badges are never touched.';

revoke all on function public.mark_badges_celebrated(text[]) from public, anon;
grant execute on function public.mark_badges_celebrated(text[]) to authenticated;
