-- =============================================================================
-- Webhooks send no more than the list shows (DECISIONS "What a free company
-- sees before a view", issue #19 item 15): on a plan with a view allowance a
-- delivery carries the title, category, status, votes, date and host/path;
-- the description and the AI labels stay behind the view in the dashboard
-- (the keys are there, null). Unlimited plans get the whole feedback, as
-- before. E-mail addresses and phone numbers in the text are masked
-- (private.mask_contact, 20261125105900).
-- =============================================================================

create or replace function public.get_webhook_delivery(p_delivery_id bigint)
returns table (
  url text,
  format text,
  secret text,
  verified boolean,
  payload jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select w.url, w.format, w.secret,
         private.host_matches_domains(f.website_host, private.verified_domains(d.company_id)),
         jsonb_build_object(
           'event', 'feedback.created',
           'delivery_id', d.id,
           'company', c.company_name,
           'feedback', jsonb_build_object(
             'id', f.id, 'title', private.mask_contact(f.title),
             'description', case when l.whole then private.mask_contact(f.description) end,
             'category', f.category, 'status', f.status,
             'website_url', substring(f.website_url from '^[^?#]*'),
             'website_host', f.website_host, 'created_at', f.created_at,
             'upvotes', f.upvotes, 'downvotes', f.downvotes,
             'priority', case when l.whole then f.priority end,
             'sentiment', case when l.whole then f.sentiment end,
             'tags', case when l.whole then f.tags end,
             'quality_score', case when l.whole then f.quality_score end,
             'has_screenshot', f.screenshot_url is not null,
             'has_audio', f.audio_url is not null))
    from public.company_webhook_deliveries d
    join public.company_webhooks w on w.id = d.webhook_id
    join public.companies c on c.id = d.company_id
    join public.feedback f on f.id = d.feedback_id
    left join public.company_subscriptions s on s.company_id = d.company_id
    cross join lateral (
      select private.view_limit(coalesce(private.resolve_plan(s.subscription_type), 'free')) is null as whole
    ) l
   where d.id = p_delivery_id and w.active
$$;
comment on function public.get_webhook_delivery(bigint) is
  'Server-only: endpoint, format, secret and anonymised payload of one delivery (verified false when the domain lost verification); on a plan with a view allowance no description or AI labels, as the list before a view.';
