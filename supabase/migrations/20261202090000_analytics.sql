-- =============================================================================
-- Analytics: the first-party events of the spec
--
-- Part of the schema baseline (issue #39): each function, trigger, policy and
-- grant of this area is defined here once, in its final form. Changes after
-- the baseline are new migrations; supabase/schema.sql shows the whole schema.
-- =============================================================================

-- ---------- tables ---------------------------------------------------------

CREATE TABLE public.analytics_events (
    id bigint NOT NULL,
    user_id uuid,
    event_name text NOT NULL,
    properties jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT analytics_events_name_format CHECK ((event_name ~ '^[a-z][a-z0-9_]{0,63}$'::text)),
    CONSTRAINT analytics_events_properties_object CHECK ((jsonb_typeof(properties) = 'object'::text)),
    CONSTRAINT analytics_events_properties_size CHECK ((octet_length((properties)::text) <= 4096))
);

COMMENT ON TABLE public.analytics_events IS 'Product events (snake_case names, properties up to 4 KB). Clients may only insert; the user is taken from the session.';

COMMENT ON COLUMN public.analytics_events.user_id IS 'The signed-in user, set by a trigger; null for visitors.';

ALTER TABLE public.analytics_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.analytics_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.analytics_events
    ADD CONSTRAINT analytics_events_pkey PRIMARY KEY (id);

CREATE INDEX analytics_events_name_created_at_idx ON public.analytics_events USING btree (event_name, created_at DESC);

CREATE INDEX analytics_events_user_id_idx ON public.analytics_events USING btree (user_id) WHERE (user_id IS NOT NULL);

ALTER TABLE public.analytics_events ENABLE ROW LEVEL SECURITY;

-- ---------- foreign keys ---------------------------------------------------

ALTER TABLE ONLY public.analytics_events
    ADD CONSTRAINT analytics_events_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

-- ---------- functions ------------------------------------------------------

CREATE FUNCTION private.analytics_event_before_insert() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_message constant text := 'Too many events. Please try again later.';
begin
  if auth.uid() is not null or auth.role() in ('anon', 'authenticated') then
    new.user_id := auth.uid();
  end if;
  new.event_name := lower(btrim(coalesce(new.event_name, '')));
  new.properties := coalesce(new.properties, '{}');
  new.created_at := now();
  -- Clients (any JWT role but the service's) are limited per address and,
  -- signed in, per account (DECISIONS.md "Client address").
  if auth.role() in ('anon', 'authenticated') then
    perform private.check_rate_limit('analytics', 150, 300, interval '1 hour', v_message);
  end if;
  return new;
end
$$;

COMMENT ON FUNCTION private.analytics_event_before_insert() IS 'Before an event is recorded: the user comes from the session, the name is normalised; clients are limited to 300 events per address and 150 per account per hour (HTTP 429).';

-- ---------- triggers -------------------------------------------------------

CREATE TRIGGER analytics_events_before_insert BEFORE INSERT ON public.analytics_events FOR EACH ROW EXECUTE FUNCTION private.analytics_event_before_insert();

-- ---------- policies -------------------------------------------------------

CREATE POLICY "Signed-in users can record their own events" ON public.analytics_events FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Visitors can record anonymous events" ON public.analytics_events FOR INSERT TO anon WITH CHECK ((user_id IS NULL));

-- ---------- grants ---------------------------------------------------------

REVOKE ALL ON FUNCTION private.analytics_event_before_insert() FROM PUBLIC;

REVOKE ALL ON TABLE public.analytics_events FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.analytics_events TO service_role;

GRANT INSERT(user_id) ON TABLE public.analytics_events TO anon, authenticated;

GRANT INSERT(event_name) ON TABLE public.analytics_events TO anon, authenticated;

GRANT INSERT(properties) ON TABLE public.analytics_events TO anon, authenticated;

REVOKE ALL ON SEQUENCE public.analytics_events_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.analytics_events_id_seq TO anon, authenticated, service_role;
