-- The caller's address for per-address limits (#40): hosted Supabase sits
-- behind Cloudflare, which sets CF-Connecting-IP itself (replacing any value
-- the client sent) and appends the peer it saw to the client's own
-- X-Forwarded-For, so that header's leftmost entry is whatever the client
-- typed. Read CF-Connecting-IP, else the rightmost X-Forwarded-For entry; the
-- embedded gateway sets both to the address it decided. The edge functions
-- read the same way (shared/domain/request-address.ts).
CREATE OR REPLACE FUNCTION private.request_address() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select nullif(regexp_replace(lower(btrim(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           (regexp_split_to_array(h ->> 'x-forwarded-for', ','))[
             cardinality(regexp_split_to_array(h ->> 'x-forwarded-for', ','))]))),
           '^::ffff:(\d+\.\d+\.\d+\.\d+)$', '\1'), '')
    from (select nullif(current_setting('request.headers', true), '')::jsonb as h) r
$_$;

COMMENT ON FUNCTION private.request_address() IS 'The caller''s address as the gateway decided it: request.headers cf-connecting-ip, else the rightmost x-forwarded-for entry (never the client''s own leftmost one); null outside a request.';
