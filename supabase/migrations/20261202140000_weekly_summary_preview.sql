-- #40 item 20: a member who turns the weekly summary on can preview one.
-- The content of a summary (counts by category, rising topics, the oldest
-- pending feedback, titles masked) is one function, used by the queued
-- e-mail and by the preview, so both always say the same.

CREATE FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) RETURNS TABLE(arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (select jsonb_build_object(
                   'total', coalesce(sum(w.n), 0),
                   'bug', coalesce(sum(w.n) filter (where w.category = 'bug'), 0),
                   'feature', coalesce(sum(w.n) filter (where w.category = 'feature'), 0),
                   'improvement', coalesce(sum(w.n) filter (where w.category = 'improvement'), 0),
                   'other', coalesce(sum(w.n) filter (where w.category not in ('bug', 'feature', 'improvement')), 0))
            from private.company_insight_weeks w
           where w.company_id = p_company_id and w.week = p_week),
         (select coalesce(jsonb_agg(jsonb_build_object('title', t.title, 'recent', x.recent, 'previous', x.previous)
                                    order by x.recent - x.previous desc, t.title), '[]'::jsonb)
            from private.topic_trends(p_company_id, (p_week + 7)::timestamp at time zone 'UTC') x
            join public.feedback_topics t on t.id = x.topic_id
           where x.recent > x.previous),
         (select coalesce(jsonb_agg(jsonb_build_object('title', p.title, 'created_at', p.created_at)
                                    order by p.created_at, p.id), '[]'::jsonb)
            from (select f.id, private.mask_contact(f.title) as title, i.created_at
                    from private.company_inbox i
                    join public.feedback f on f.id = i.feedback_id
                   where i.company_id = p_company_id and i.status = 'pending'
                   order by i.created_at, i.feedback_id
                   limit 5) p)
$$;

COMMENT ON FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) IS 'What a weekly summary says for a company and week (a Monday, UTC): counts by category, rising topics, the five oldest pending titles (masked); never an author.';

REVOKE ALL ON FUNCTION private.weekly_summary_content(p_company_id uuid, p_week date) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.get_weekly_summary_email(p_job_id bigint) RETURNS TABLE(email text, company_name text, week date, arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select u.email::text, c.company_name, q.week, s.arrived, s.rising, s.waiting
    from private.weekly_summary_emails q
    join public.company_members m on m.company_id = q.company_id and m.user_id = q.user_id
    join public.companies c on c.id = q.company_id
    join auth.users u on u.id = q.user_id
    cross join lateral private.weekly_summary_content(q.company_id, q.week) s
   where q.id = p_job_id and m.weekly_summary and u.email is not null
$$;

CREATE FUNCTION public.preview_weekly_summary() RETURNS TABLE(company_name text, week date, arrived jsonb, rising jsonb, waiting jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_company public.companies := private.require_company(null);
  -- Last complete week (Monday, UTC): the one Monday's e-mail is about.
  v_week date := (date_trunc('week', now() at time zone 'UTC') - interval '7 days')::date;
begin
  perform private.check_rate_limit('preview_weekly_summary', 30, 120, interval '10 minutes',
    'Too many previews. Please wait a few minutes.');
  return query
    select v_company.company_name, v_week, s.arrived, s.rising, s.waiting
      from private.weekly_summary_content(v_company.id, v_week) s;
end
$$;

COMMENT ON FUNCTION public.preview_weekly_summary() IS 'Any member: the weekly summary of their company for the last complete week, as the e-mail would say it today (no address, never an author); 30 per account and 120 per address per 10 minutes.';

REVOKE ALL ON FUNCTION public.preview_weekly_summary() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.preview_weekly_summary() TO service_role, authenticated;
