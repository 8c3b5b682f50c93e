-- #40 item 17: "Open dashboard" in the signed-in extension lands on the web
-- dashboard signed in. The extension asks for a one-time code (this RPC,
-- with its session); the web page hands the code to the session-handover
-- function, which redeems it here with the service role and signs the
-- browser in through GoTrue's own magic-link token (admin generate_link,
-- then verifyOtp with the token hash). A code is random (256 bits), kept
-- only as its hash, bound to the account that asked, valid for one minute
-- and used at most once.

CREATE TABLE private.session_handovers (
    code_hash text NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '00:01:00'::interval) NOT NULL,
    CONSTRAINT session_handovers_pkey PRIMARY KEY (code_hash),
    CONSTRAINT session_handovers_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

COMMENT ON TABLE private.session_handovers IS 'One-time codes that hand the extension''s session to the web app: the hash only, one minute, one use (deleted when redeemed).';

CREATE INDEX session_handovers_user_id_idx ON private.session_handovers USING btree (user_id);

ALTER TABLE private.session_handovers ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION public.create_session_handover() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  v_code text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'You need to be signed in.';
  end if;
  perform private.check_rate_limit('session_handover', 20, 60, interval '10 minutes',
    'Too many dashboard links in a short time. Please wait a little and try again.');
  delete from private.session_handovers where expires_at <= now();
  insert into private.session_handovers (code_hash, user_id)
  values (encode(extensions.digest(v_code, 'sha256'), 'hex'), v_uid);
  return v_code;
end
$$;

COMMENT ON FUNCTION public.create_session_handover() IS 'Signed in: a one-time code (valid one minute) that the session-handover function exchanges for a sign-in of the same account in the web app; 20 per account and 60 per address in 10 minutes.';

-- The function's call: the code's account, once, while it is fresh; null
-- for an unknown, used or expired code. Counted per address so the codes
-- cannot be tried in bulk (they are also too long to guess).
CREATE FUNCTION public.redeem_session_handover(p_code text, p_address text) RETURNS TABLE(user_id uuid, email text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_user uuid;
  v_expires timestamptz;
begin
  perform private.hit_rate_limit(
    'session_handover_redeem:address:' || md5('session_handover_redeem:' || coalesce(nullif(btrim(p_address), ''), 'unknown')),
    interval '10 minutes', 60,
    'Too many sign-in attempts in a short time. Please wait a little and try again.');
  if p_code is null or p_code !~ '^[0-9a-f]{64}$' then
    return;
  end if;
  delete from private.session_handovers h
   where h.code_hash = encode(extensions.digest(p_code, 'sha256'), 'hex')
  returning h.user_id, h.expires_at into v_user, v_expires;
  -- Deleted above whatever its age: an expired code is spent too.
  if v_user is null or v_expires <= now() then
    return;
  end if;
  return query
    select u.id, u.email::text
      from auth.users u
     where u.id = v_user
       and u.email is not null
       and (u.banned_until is null or u.banned_until <= now())
       and u.deleted_at is null;
end
$$;

COMMENT ON FUNCTION public.redeem_session_handover(p_code text, p_address text) IS 'Service role (session-handover): spends a one-time code and answers its account and e-mail when the code was fresh; nothing for an unknown, used or expired code; 60 tries per address in 10 minutes.';

REVOKE ALL ON FUNCTION public.create_session_handover() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.create_session_handover() TO authenticated;
REVOKE ALL ON FUNCTION public.redeem_session_handover(p_code text, p_address text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.redeem_session_handover(p_code text, p_address text) TO service_role;
