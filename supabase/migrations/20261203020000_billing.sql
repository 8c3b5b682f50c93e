-- Billing through Stripe (#35, DECISIONS.md "Paid plans"), its database half:
-- the signed webhook (stripe-webhook) is the only writer of a company's paid
-- plan, through apply_stripe_event. Each event counts once (by its id), and
-- one older than the last applied never wins, nor does any event revive a
-- subscription Stripe canceled. A failed payment keeps the plan for a
-- 7-day grace, then the company is on Free (end_billing_grace, run by
-- run-trials' clock). Prices map to plans in the function's configuration,
-- never from a client.

ALTER TABLE public.company_subscriptions
  ADD COLUMN stripe_customer_id text,
  ADD COLUMN stripe_subscription_id text,
  ADD COLUMN billing_status text,
  ADD COLUMN current_period_end timestamp with time zone,
  ADD COLUMN grace_ends_at timestamp with time zone,
  ADD COLUMN billing_event_at timestamp with time zone,
  ADD CONSTRAINT company_subscriptions_billing_known
    CHECK (billing_status IS NULL OR billing_status = ANY (ARRAY['active'::text, 'past_due'::text, 'canceled'::text]));
CREATE UNIQUE INDEX company_subscriptions_stripe_customer ON public.company_subscriptions USING btree (stripe_customer_id)
  WHERE (stripe_customer_id IS NOT NULL);
CREATE INDEX company_subscriptions_grace_due ON public.company_subscriptions USING btree (grace_ends_at)
  WHERE (billing_status = 'past_due'::text);
COMMENT ON COLUMN public.company_subscriptions.billing_status IS 'Stripe''s word on the paid plan: active, past_due (payment failed: the plan holds until grace_ends_at) or canceled; null when never bought. Written by apply_stripe_event only.';
COMMENT ON COLUMN public.company_subscriptions.billing_event_at IS 'When Stripe created the last event applied here: an older event changes nothing.';

CREATE TABLE private.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    outcome text NOT NULL,
    CONSTRAINT stripe_events_pkey PRIMARY KEY (id)
);
ALTER TABLE private.stripe_events ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.stripe_events IS 'Every Stripe event received once (by id), with what it did: applied, linked, stale, unknown or ignored. A replay is a duplicate and changes nothing.';

-- p_event: what stripe-webhook read from a verified event: id, type, created
-- (Unix seconds), customer, subscription, status (Stripe's subscription
-- status), plan (pro / advanced from the configured prices, or null),
-- period_end (Unix seconds) and company_id (the checkout's reference).
CREATE FUNCTION public.apply_stripe_event(p_event jsonb) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id text := nullif(p_event ->> 'id', '');
  v_type text := nullif(p_event ->> 'type', '');
  v_created timestamptz := to_timestamp(nullif(p_event ->> 'created', '')::double precision);
  v_customer text := nullif(p_event ->> 'customer', '');
  v_subscription text := nullif(p_event ->> 'subscription', '');
  v_status text := nullif(p_event ->> 'status', '');
  v_plan text := nullif(p_event ->> 'plan', '');
  v_period_end timestamptz := to_timestamp(nullif(p_event ->> 'period_end', '')::double precision);
  v_company uuid;
  v_sub public.company_subscriptions;
  v_outcome text := 'applied';
begin
  if v_id is null or v_type is null or v_created is null then
    raise exception 'An event needs an id, a type and a creation time.' using errcode = '22023';
  end if;
  if v_plan is not null and v_plan not in ('pro', 'advanced') then
    raise exception 'Unknown plan %.', v_plan using errcode = '22023';
  end if;
  begin
    v_company := nullif(p_event ->> 'company_id', '')::uuid;
  exception when invalid_text_representation then
    v_company := null;
  end;
  insert into private.stripe_events (id, type, created_at, outcome)
  values (v_id, v_type, v_created, 'pending')
  on conflict do nothing;
  if not found then
    return 'duplicate';
  end if;

  select * into v_sub from public.company_subscriptions s
   where (v_customer is not null and s.stripe_customer_id = v_customer)
      or (v_company is not null and s.company_id = v_company)
   order by (s.stripe_customer_id is not distinct from v_customer) desc
   limit 1
   for update;
  if not found then
    v_outcome := 'unknown';
  elsif v_sub.billing_event_at is not null and v_created < v_sub.billing_event_at then
    v_outcome := 'stale';
  elsif v_sub.billing_status = 'canceled' and v_subscription is not null
        and v_subscription = v_sub.stripe_subscription_id then
    -- Stripe never revives a canceled subscription: a late event about it is old news.
    v_outcome := 'stale';
  elsif v_type = 'checkout.session.completed' then
    update public.company_subscriptions s
       set stripe_customer_id = coalesce(v_customer, s.stripe_customer_id),
           stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id)
     where s.company_id = v_sub.company_id;
    v_outcome := 'linked';
  elsif v_type in ('customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted') then
    if v_type = 'customer.subscription.deleted' or v_status in ('canceled', 'incomplete_expired') then
      update public.company_subscriptions s
         set subscription_type = 'free', billing_status = 'canceled', grace_ends_at = null,
             stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id),
             billing_event_at = v_created
       where s.company_id = v_sub.company_id;
    elsif v_status in ('active', 'trialing') and v_plan is not null then
      update public.company_subscriptions s
         set subscription_type = v_plan, billing_status = 'active', grace_ends_at = null,
             stripe_customer_id = coalesce(v_customer, s.stripe_customer_id),
             stripe_subscription_id = coalesce(v_subscription, s.stripe_subscription_id),
             current_period_end = coalesce(v_period_end, s.current_period_end),
             -- A plan bought during the trial ends the trial: run-trials leaves it alone.
             trial_status = case when s.trial_status = 'active' then 'ended' else s.trial_status end,
             billing_event_at = v_created
       where s.company_id = v_sub.company_id;
    elsif v_status in ('past_due', 'unpaid') then
      update public.company_subscriptions s
         set billing_status = 'past_due',
             grace_ends_at = coalesce(s.grace_ends_at, v_created + interval '7 days'),
             billing_event_at = v_created
       where s.company_id = v_sub.company_id and s.billing_status is distinct from 'canceled';
    else
      -- incomplete, paused: nothing to change yet.
      v_outcome := 'ignored';
    end if;
  elsif v_type = 'invoice.payment_failed' then
    update public.company_subscriptions s
       set billing_status = 'past_due',
           grace_ends_at = coalesce(s.grace_ends_at, v_created + interval '7 days'),
           billing_event_at = v_created
     where s.company_id = v_sub.company_id and s.billing_status = 'active';
  elsif v_type = 'invoice.paid' then
    update public.company_subscriptions s
       set billing_status = 'active', grace_ends_at = null, billing_event_at = v_created
     where s.company_id = v_sub.company_id and s.billing_status = 'past_due';
  else
    v_outcome := 'ignored';
  end if;
  update private.stripe_events e set outcome = v_outcome where e.id = v_id;
  return v_outcome;
end
$$;
COMMENT ON FUNCTION public.apply_stripe_event(p_event jsonb) IS 'Service role (stripe-webhook, after the signature check): applies one Stripe event to the company''s plan once; answers applied, linked, duplicate, stale, unknown or ignored.';

-- The end of a failed payment's grace: Free again (the team fits its seats).
CREATE FUNCTION public.end_billing_grace(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with ended as (
    update public.company_subscriptions s
       set subscription_type = 'free', billing_status = 'canceled', grace_ends_at = null
     where s.billing_status = 'past_due' and s.grace_ends_at <= p_now
    returning 1
  )
  select count(*)::integer from ended
$$;
COMMENT ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) IS 'Service role (run-trials'' clock): companies whose payment failed and whose grace ended are on Free.';

REVOKE ALL ON FUNCTION public.apply_stripe_event(p_event jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.apply_stripe_event(p_event jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.end_billing_grace(p_now timestamp with time zone) TO service_role;
REVOKE ALL ON TABLE private.stripe_events FROM PUBLIC, anon, authenticated;

-- ---------- Checkout and the Customer Portal (the billing function) ----------

-- The owner's billing account, for the billing function called with their
-- JWT: members see the plan (get_company_plan), never the billing.
CREATE FUNCTION public.get_billing_account() RETURNS TABLE(company_id uuid, company_name text, email text, stripe_customer_id text, plan text, billing_status text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  if private.current_company_role() is distinct from 'owner' then
    raise exception 'Only the owner of the company manages its plan and billing.'
      using errcode = 'insufficient_privilege';
  end if;
  return query
    select v_company.id, v_company.company_name, v_company.email, s.stripe_customer_id,
           private.resolve_plan(s.subscription_type), s.billing_status
      from public.company_subscriptions s where s.company_id = v_company.id;
end
$$;
COMMENT ON FUNCTION public.get_billing_account() IS 'Owner only (billing function): the company, its e-mail, its Stripe customer, plan and billing status.';

-- The Stripe customer the billing function created for a company; the first
-- one stays (a second checkout reuses it). Answers the one kept.
CREATE FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.company_subscriptions s
     set stripe_customer_id = coalesce(s.stripe_customer_id, p_customer)
   where s.company_id = p_company_id and p_customer ~ '^cus_[A-Za-z0-9_]+$'
  returning s.stripe_customer_id
$$;
COMMENT ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) IS 'Service role (billing function): records the company''s Stripe customer unless it has one; answers the one kept.';

-- The plan card reads the billing state too (a failed payment's banner).
DROP FUNCTION public.get_company_plan();
CREATE FUNCTION public.get_company_plan() RETURNS TABLE(plan text, trial_status text, trial_ends_at timestamp with time zone, trial_refusal text, my_role text, read_only boolean, billing_status text, grace_ends_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select private.resolve_plan(s.subscription_type), s.trial_status, s.trial_ends_at,
           private.trial_refusal(v_company), m.role, m.read_only_since is not null,
           s.billing_status, s.grace_ends_at
      from public.company_subscriptions s
      join public.company_members m on m.company_id = s.company_id and m.user_id = auth.uid()
     where s.company_id = v_company.id;
end
$$;
COMMENT ON FUNCTION public.get_company_plan() IS 'Any member: the plan, the trial (status, end, why it cannot start: used, paid, needs_domain or null), the caller''s role, whether their seat is read-only, and the billing status with a failed payment''s grace end.';
REVOKE ALL ON FUNCTION public.get_company_plan() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_company_plan() TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.get_billing_account() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.get_billing_account() TO service_role, authenticated;
REVOKE ALL ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.set_stripe_customer(p_company_id uuid, p_customer text) TO service_role;
