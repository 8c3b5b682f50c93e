-- =============================================================================
-- Limits and security helpers: rate limits per account and per address, the
-- client address, the password and MFA hooks, bounds on expensive calls
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE private.password_failures (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.password_failures IS 'Failed password sign-ins per account, for the hosted per-account limit (kept 15 minutes).';

ALTER TABLE private.password_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.password_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.password_failures
    ADD CONSTRAINT password_failures_pkey PRIMARY KEY (id);

CREATE INDEX password_failures_user_idx ON private.password_failures USING btree (user_id, failed_at);

ALTER TABLE private.password_failures ENABLE ROW LEVEL SECURITY;

CREATE TABLE private.mfa_failures (
    id bigint NOT NULL,
    factor_id uuid NOT NULL,
    user_id uuid NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE private.mfa_failures IS 'Wrong second-factor codes per factor and account, for the MFA Verification Attempt hook (kept 15 minutes).';

ALTER TABLE private.mfa_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.mfa_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.mfa_failures
    ADD CONSTRAINT mfa_failures_pkey PRIMARY KEY (id);

CREATE INDEX mfa_failures_factor_idx ON private.mfa_failures USING btree (factor_id, failed_at);

CREATE INDEX mfa_failures_user_idx ON private.mfa_failures USING btree (user_id, failed_at);

ALTER TABLE private.mfa_failures ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY private.password_failures
    ADD CONSTRAINT password_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.mfa_failures
    ADD CONSTRAINT mfa_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- ---------- functions ------------------------------------------------------

CREATE FUNCTION private.feedback_rate_limit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.feedback_rate_limit() IS 'Before a client''s feedback insert: at most 30 per account in any 10 minutes and 120 per address per 10-minute window; HTTP 429 with Retry-After past either.';

-- Second-factor codes cannot be guessed from many addresses: hosted GoTrue
-- limits verification per address only, while its MFA Verification Attempt
-- hook (supabase/config.toml) sees every attempt with the factor and the
-- account. 5 wrong codes per factor and 10 per account in 15 minutes, then
-- every attempt is rejected (GoTrue then signs the account out everywhere)
-- until the window has passed; a right code clears the factor's count.
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

CREATE FUNCTION private.hook_password_verification_attempt(event jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_user uuid := (event ->> 'user_id')::uuid;
  v_window constant interval := interval '15 minutes';
  v_max constant int := 10;
  v_failures int;
  v_oldest timestamptz;
  v_minutes int;
begin
  delete from private.password_failures where failed_at <= now() - v_window;
  select count(*), min(failed_at) into v_failures, v_oldest
    from private.password_failures where user_id = v_user;
  if v_failures >= v_max then
    v_minutes := greatest(1, ceil(extract(epoch from (v_oldest + v_window - now())) / 60));
    return jsonb_build_object('error', jsonb_build_object(
      'http_code', 429,
      'message', format('Too many attempts. Please try again in %s minute%s.',
        v_minutes, case when v_minutes = 1 then '' else 's' end)));
  end if;
  if coalesce((event ->> 'valid')::boolean, false) then
    return jsonb_build_object('decision', 'continue');
  end if;
  insert into private.password_failures (user_id) values (v_user);
  return jsonb_build_object('decision', 'continue');
end
$$;

COMMENT ON FUNCTION private.hook_password_verification_attempt(event jsonb) IS 'Hosted GoTrue''s Password Verification Attempt hook: 10 failed passwords per account per 15 minutes.';

CREATE FUNCTION private.refuse_anonymous_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_owner uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
begin
  if exists (select 1 from auth.users u where u.id = v_owner and u.is_anonymous) then
    raise exception 'Sign up with an e-mail address to do this.'
      using errcode = 'insufficient_privilege',
            hint = 'Anonymous users are visitors until they add an e-mail address.';
  end if;
  return new;
end
$$;

COMMENT ON FUNCTION private.refuse_anonymous_owner() IS 'Before insert: refuses a row owned (column named by the trigger argument) by an anonymous auth user (issue #25).';

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Anonymous users cannot upload" ON storage.objects AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (((( SELECT auth.jwt() AS jwt) ->> 'is_anonymous'::text) IS DISTINCT FROM 'true'::text));

-- ---------- grants ---------------------------------------------------------

-- GoTrue calls the hooks as supabase_auth_admin, which needs the schema and
-- EXECUTE on each hook.
GRANT USAGE ON SCHEMA private TO supabase_auth_admin;

REVOKE ALL ON FUNCTION private.feedback_rate_limit() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.hook_mfa_verification_attempt(event jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION private.hook_mfa_verification_attempt(event jsonb) TO supabase_auth_admin;

REVOKE ALL ON FUNCTION private.hook_password_verification_attempt(event jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.hook_password_verification_attempt(event jsonb) TO supabase_auth_admin;

REVOKE ALL ON FUNCTION private.refuse_anonymous_owner() FROM PUBLIC;
