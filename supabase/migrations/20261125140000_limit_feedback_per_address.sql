-- =============================================================================
-- Feedback submission is limited per account AND per address (DECISIONS.md
-- "Rate limits", "Client address"), and a limited client is told when to
-- retry: HTTP 429 with Retry-After, through PostgREST's own
-- `raise sqlstate 'PGRST'`.
--
-- * Per account: 30 in any 10 minutes, as before (the check in
--   private.feedback_before_insert stays as a backstop), now with the exact
--   seconds until the oldest of those 30 leaves the window.
-- * Per address: 120 in a fixed 10-minute window, so a few people behind one
--   office address are not blocked by each other, but rotating accounts
--   from one machine is (private.hit_rate_limit).
-- This trigger's name sorts before feedback_before_insert, so it runs first.
-- =============================================================================

create or replace function private.feedback_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_message constant text := 'You are sending feedback too fast. Please wait a few minutes.';
  v_oldest timestamptz;
  v_retry integer;
begin
  -- Trusted server code (no client role) is not limited.
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  if v_uid is not null then
    -- The same lock feedback_before_insert takes, in the same order:
    -- parallel submissions of one account are counted one after another.
    perform 1 from public.user_stats s where s.user_id = v_uid for update;
    select f.created_at into v_oldest
      from public.feedback f
     where f.user_id = v_uid and f.created_at > now() - interval '10 minutes'
     order by f.created_at desc
     offset 29 limit 1;
    if v_oldest is not null then
      v_retry := greatest(1, ceil(extract(epoch from (v_oldest + interval '10 minutes' - now())))::integer);
      raise sqlstate 'PGRST' using
        message = json_build_object('code', 'PT429', 'message', v_message, 'details', null,
          'hint', 'Please wait a few minutes and try again.')::text,
        detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', v_retry::text))::text;
    end if;
  end if;
  perform private.hit_rate_limit(
    'feedback:address:' || md5('feedback:' || coalesce(private.request_address(), 'unknown')),
    interval '10 minutes', 120, v_message);
  return new;
end
$$;
comment on function private.feedback_rate_limit() is
  'Before a client''s feedback insert: at most 30 per account in any 10 minutes and 120 per address per 10-minute window; HTTP 429 with Retry-After past either.';

revoke all on function private.feedback_rate_limit() from public, anon, authenticated;

drop trigger if exists feedback_a_rate_limit on public.feedback;
create trigger feedback_a_rate_limit
  before insert on public.feedback
  for each row execute function private.feedback_rate_limit();
