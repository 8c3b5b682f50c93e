-- #40 item 21: second-factor codes can no longer be guessed from many
-- addresses. Hosted GoTrue limits verification per address only; its
-- MFA Verification Attempt hook (supabase/config.toml) sees every attempt
-- with the factor and the account, so the limit per factor and per account
-- lives here: 5 wrong codes per factor and 10 per account in 15 minutes,
-- after which every attempt is rejected (GoTrue then signs the account out
-- everywhere) until the window has passed. A right code clears the factor's
-- count.
-- Also: GoTrue calls hooks as supabase_auth_admin, which needs the schema
-- and EXECUTE on each hook (the password hook lacked them).

CREATE TABLE private.mfa_failures (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    factor_id uuid NOT NULL,
    user_id uuid NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mfa_failures_pkey PRIMARY KEY (id),
    CONSTRAINT mfa_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

COMMENT ON TABLE private.mfa_failures IS 'Wrong second-factor codes per factor and account, for the MFA Verification Attempt hook (kept 15 minutes).';

CREATE INDEX mfa_failures_factor_idx ON private.mfa_failures USING btree (factor_id, failed_at);
CREATE INDEX mfa_failures_user_idx ON private.mfa_failures USING btree (user_id, failed_at);

ALTER TABLE private.mfa_failures ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION private.hook_mfa_verification_attempt(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_user uuid := (event ->> 'user_id')::uuid;
  v_factor uuid := (event ->> 'factor_id')::uuid;
  v_window constant interval := interval '15 minutes';
  v_per_factor constant int := 5;
  v_per_account constant int := 10;
  v_factor_failures int;
  v_account_failures int;
  v_oldest timestamptz;
  v_minutes int;
begin
  -- One attempt at a time per account: parallel guesses are counted.
  perform pg_advisory_xact_lock(hashtext('mfa-verify:' || v_user::text));
  delete from private.mfa_failures where failed_at <= now() - v_window;
  select count(*) filter (where factor_id = v_factor), count(*),
         min(failed_at) filter (where factor_id = v_factor)
    into v_factor_failures, v_account_failures, v_oldest
    from private.mfa_failures where user_id = v_user;
  if v_factor_failures >= v_per_factor or v_account_failures >= v_per_account then
    if v_factor_failures < v_per_factor then
      select min(failed_at) into v_oldest from private.mfa_failures where user_id = v_user;
    end if;
    v_minutes := greatest(1, ceil(extract(epoch from (v_oldest + v_window - now())) / 60));
    return jsonb_build_object('decision', 'reject', 'message',
      format('Too many wrong codes. Please try again in %s minute%s.',
        v_minutes, case when v_minutes = 1 then '' else 's' end));
  end if;
  if coalesce((event ->> 'valid')::boolean, false) then
    delete from private.mfa_failures where factor_id = v_factor;
    return jsonb_build_object('decision', 'continue');
  end if;
  insert into private.mfa_failures (factor_id, user_id) values (v_factor, v_user);
  return jsonb_build_object('decision', 'continue');
end
$$;

COMMENT ON FUNCTION private.hook_mfa_verification_attempt(event jsonb) IS 'Hosted GoTrue''s MFA Verification Attempt hook: 5 wrong codes per factor and 10 per account in 15 minutes, then every attempt is rejected until the window passes (#40 item 21).';

REVOKE ALL ON FUNCTION private.hook_mfa_verification_attempt(event jsonb) FROM PUBLIC, anon, authenticated, service_role;

GRANT USAGE ON SCHEMA private TO supabase_auth_admin;
GRANT EXECUTE ON FUNCTION private.hook_mfa_verification_attempt(event jsonb) TO supabase_auth_admin;
GRANT EXECUTE ON FUNCTION private.hook_password_verification_attempt(event jsonb) TO supabase_auth_admin;
