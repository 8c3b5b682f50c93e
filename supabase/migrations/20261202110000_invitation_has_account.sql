-- #40 item 5: an invitation to an address that already has a Peega account
-- opens on "Sign in and join", not on the sign-up form. Only the holder of
-- the invitation's token learns it, and only for the invited address.

DROP FUNCTION public.get_company_invitation(p_token text);

CREATE FUNCTION public.get_company_invitation(p_token text) RETURNS TABLE(company_name text, email text, role text, expires_at timestamp with time zone, state text, has_account boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.company_name, i.email, i.role, i.expires_at,
         case when i.accepted_at is not null then 'accepted'
              when i.revoked_at is not null then 'revoked'
              when i.expires_at <= now() then 'expired'
              else 'pending' end,
         exists (select 1 from auth.users u where lower(u.email) = i.email and u.deleted_at is null)
    from public.company_invitations i
    join public.companies c on c.id = i.company_id
   where i.token_hash = private.invitation_token_hash(p_token)
$$;

COMMENT ON FUNCTION public.get_company_invitation(p_token text) IS 'The company, address, role, expiry and state (pending, accepted, revoked, expired) of the invitation with this token, and whether its address already has an account; no row for an unknown token.';

REVOKE ALL ON FUNCTION public.get_company_invitation(p_token text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_invitation(p_token text) TO service_role, anon, authenticated;
