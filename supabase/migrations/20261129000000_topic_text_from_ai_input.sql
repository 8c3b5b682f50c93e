-- =============================================================================
-- Topic proposals (#22) with one round trip less: the AI job already reads a
-- feedback with feedback_ai_input before analysing it, so that read now also
-- carries the title and the job hands the topic text (title and the author's
-- words, shared/domain/topic-placement.ts topicText) to topic_candidates
-- itself. feedback_topic_input, which read the same row again, goes.
-- Spam is still never grouped: topic_candidates reads is_spam as stored by
-- apply_feedback_analysis just before.
-- =============================================================================

-- Latest definition: 20261126010000_ai_before_delivery.sql; only 'title' is new.
create or replace function public.feedback_ai_input(p_feedback_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'title', f.title,
           'raw_description', f.raw_description,
           'website_url', f.website_url,
           -- The most specific verified domain wins (shop.example.com over example.com).
           'company_name', (
             select c.company_name
               from public.company_domains d
               join public.companies c on c.id = d.company_id
              where d.verified_at is not null
                and f.website_host is not null
                and private.host_matches_domains(f.website_host, array[d.domain])
              order by length(d.domain) desc, d.verified_at
              limit 1))
    from public.feedback f
   where f.id = p_feedback_id
$$;
comment on function public.feedback_ai_input(uuid) is
  'Server-only (service role): the title, text, URL and the registered company name (from the verified domain, null when none) the AI step and its topic proposals work from.';
revoke all on function public.feedback_ai_input(uuid) from public, anon, authenticated;
grant execute on function public.feedback_ai_input(uuid) to service_role;

drop function public.feedback_topic_input(uuid);
