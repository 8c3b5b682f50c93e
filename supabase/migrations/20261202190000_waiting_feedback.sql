-- #35 waiting feedback (DECISIONS.md "Waiting feedback"): feedback about a
-- host no company has verified waits for its owner. Its author is told so,
-- the public claim page shows bucketed counts by category and month (never
-- content, authors or screenshots; nothing for a claimed domain), operators
-- see the most-waited-for sites, and when a domain is verified each waiting
-- author is told once. A home-page <meta> tag is the third verification
-- method (DECISIONS.md "Domain verification methods").

-- Counts per host, category and month, kept by a trigger so that the claim
-- page reads a few rows instead of a domain's feedback. Spam is not counted.
CREATE TABLE private.host_report_counts (
    host text NOT NULL,
    category text NOT NULL,
    month date NOT NULL,
    reports integer NOT NULL,
    CONSTRAINT host_report_counts_pkey PRIMARY KEY (host, category, month),
    CONSTRAINT host_report_counts_positive CHECK (reports >= 0)
);
CREATE INDEX host_report_counts_domain_idx
  ON private.host_report_counts USING btree (reverse(host) text_pattern_ops);
ALTER TABLE private.host_report_counts ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.host_report_counts IS 'Feedback per host, category and UTC month (spam excluded), kept by feedback_host_counts; what get_domain_claim, get_my_waiting_sites and get_waiting_domains read.';

CREATE FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamptz, p_delta integer) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into private.host_report_counts as c (host, category, month, reports)
  select p_host, p_category, date_trunc('month', p_created at time zone 'UTC')::date, greatest(p_delta, 0)
   where p_host is not null
  on conflict (host, category, month) do update set reports = greatest(c.reports + p_delta, 0)
$$;
COMMENT ON FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamptz, p_delta integer) IS 'Adds p_delta (+1 or -1) to one cell of private.host_report_counts.';

CREATE FUNCTION private.feedback_host_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.website_host is not null and not old.is_spam then
    perform private.count_host_report(old.website_host, old.category, old.created_at, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.website_host is not null and not new.is_spam then
    perform private.count_host_report(new.website_host, new.category, new.created_at, 1);
  end if;
  return null;
end
$$;
COMMENT ON FUNCTION private.feedback_host_counts() IS 'Keeps private.host_report_counts in step with feedback (insert, delete, and a change of host, category, date or spam flag).';

CREATE TRIGGER feedback_host_counts_insert AFTER INSERT ON public.feedback
  FOR EACH ROW WHEN ((new.website_host IS NOT NULL)) EXECUTE FUNCTION private.feedback_host_counts();
CREATE TRIGGER feedback_host_counts_delete AFTER DELETE ON public.feedback
  FOR EACH ROW WHEN ((old.website_host IS NOT NULL)) EXECUTE FUNCTION private.feedback_host_counts();
CREATE TRIGGER feedback_host_counts_update AFTER UPDATE OF website_host, category, created_at, is_spam ON public.feedback
  FOR EACH ROW WHEN (((new.website_host IS DISTINCT FROM old.website_host) OR (new.category IS DISTINCT FROM old.category)
                      OR (new.created_at IS DISTINCT FROM old.created_at) OR (new.is_spam IS DISTINCT FROM old.is_spam)))
  EXECUTE FUNCTION private.feedback_host_counts();

INSERT INTO private.host_report_counts (host, category, month, reports)
SELECT f.website_host, f.category, date_trunc('month', f.created_at at time zone 'UTC')::date, count(*)
  FROM public.feedback f
 WHERE f.website_host IS NOT NULL AND NOT f.is_spam
 GROUP BY 1, 2, 3;

-- Buckets, so that one new report cannot be watched arriving
-- (shared/domain/claims.ts REPORT_BUCKETS says the same).
CREATE FUNCTION private.report_bucket(p_reports bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(max(b), 0)::integer
    from unnest(array[1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000]) as b
   where b <= p_reports
$$;
COMMENT ON FUNCTION private.report_bucket(p_reports bigint) IS 'The lower bound of the bucket a count falls in (0, 1, 5, 10, 25, 50, 100, …, 100000); mirrors reportBucket.';

-- True when a verified domain owns the host (itself or a parent).
CREATE FUNCTION private.host_is_claimed(p_host text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.company_domains d
                  where d.verified_at is not null and d.domain = any(private.host_suffixes(p_host)))
$$;
COMMENT ON FUNCTION private.host_is_claimed(p_host text) IS 'Whether a company verified the host or one of its parent domains.';

-- The waiting cells of a domain: its own host and its subdomains, less the
-- subdomains some company verified.
CREATE FUNCTION private.waiting_cells(p_domain text) RETURNS TABLE(host text, category text, month date, reports integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.host, c.category, c.month, c.reports
    from private.host_report_counts c
   where reverse(c.host) ~>=~ reverse(p_domain)
     and reverse(c.host) ~<~ (reverse(p_domain) || '/')
     and (c.host = p_domain or reverse(c.host) like (reverse(p_domain) || '.%'))
     and c.reports > 0
     and not private.host_is_claimed(c.host)
$$;
COMMENT ON FUNCTION private.waiting_cells(p_domain text) IS 'Rows of private.host_report_counts under a domain (itself and subdomains) that no verified domain owns.';

CREATE FUNCTION public.get_domain_claim(p_domain text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_domain text := private.normalize_domain(left(p_domain, 300));
  v_first date := (date_trunc('month', now() at time zone 'UTC') - interval '11 months')::date;
  v_total bigint;
  v_categories jsonb;
  v_months jsonb;
begin
  perform private.check_rate_limit('domain_claim', 60, 60, interval '1 minute',
    'Too many domain look-ups. Please wait a minute and try again.');
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  if private.host_is_claimed(v_domain) then
    return jsonb_build_object('domain', v_domain, 'status', 'claimed');
  end if;
  with cells as materialized (
    select w.category, w.month, w.reports from private.waiting_cells(v_domain) w
  )
  select (select coalesce(sum(c.reports), 0) from cells c),
         (select jsonb_object_agg(k.category, private.report_bucket(
                   (select coalesce(sum(c.reports), 0) from cells c where c.category = k.category)))
            from unnest(array['bug', 'feature', 'improvement', 'other']) as k(category)),
         (select jsonb_agg(jsonb_build_object('month', to_char(m.month, 'YYYY-MM'),
                   'reports', private.report_bucket(
                     (select coalesce(sum(c.reports), 0) from cells c where c.month = m.month::date)))
                   order by m.month)
            from generate_series(v_first, v_first + interval '11 months', interval '1 month') as m(month))
    into v_total, v_categories, v_months;
  return jsonb_build_object(
    'domain', v_domain,
    'status', case when v_total > 0 then 'waiting' else 'none' end,
    'reports', private.report_bucket(v_total),
    'categories', v_categories,
    'months', v_months);
end
$$;
COMMENT ON FUNCTION public.get_domain_claim(p_domain text) IS 'The public claim page of a domain (#35): status claimed (no figures), waiting or none; bucketed counts of its waiting feedback in all, by category and by month (last 12). Never a title, text, author or screenshot. 60 a minute per account and per address; 22023 for an invalid domain.';

-- The author's sites that wait for their owner, with how many reports wait.
CREATE FUNCTION public.get_my_waiting_sites() RETURNS TABLE(website_host text, reports integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
begin
  return query
    select h.host, private.report_bucket((select coalesce(sum(w.reports), 0) from private.waiting_cells(h.host) w))
      from (select distinct f.website_host as host from public.feedback f
             where f.user_id = v_uid and f.website_host is not null) h
     where not private.host_is_claimed(h.host)
     order by 1;
end
$$;
COMMENT ON FUNCTION public.get_my_waiting_sites() IS 'Hosts of the caller''s feedback that no company has verified, each with the bucketed number of reports waiting for it (the author''s list says so).';

-- Operators (blog admins): the most-waited-for sites, exact counts, for
-- outreach by hand. Peega itself never writes to a site nobody gave it.
CREATE FUNCTION public.get_waiting_domains(p_limit integer DEFAULT 50) RETURNS TABLE(host text, reports bigint, last_month date)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  if not private.is_blog_admin() then
    raise exception 'Only Peega''s admins can see this.' using errcode = 'insufficient_privilege';
  end if;
  return query
    select c.host, sum(c.reports)::bigint, max(c.month)
      from private.host_report_counts c
     where c.reports > 0
     group by c.host
    having not private.host_is_claimed(c.host)
     order by 2 desc, 1
     limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
COMMENT ON FUNCTION public.get_waiting_domains(p_limit integer) IS 'Admins only: unclaimed hosts with the most waiting feedback (exact counts and the latest month), at most 200.';

-- Each waiting author is told once per domain when its owner verifies it.
CREATE TABLE private.owner_joined_notices (
    user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
    domain text NOT NULL,
    created_at timestamptz DEFAULT now() NOT NULL,
    CONSTRAINT owner_joined_notices_pkey PRIMARY KEY (user_id, domain)
);
ALTER TABLE private.owner_joined_notices ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE private.owner_joined_notices IS 'Authors already told that the owner of a domain joined (once per author and domain).';

ALTER TABLE public.notifications ADD COLUMN site text;
COMMENT ON COLUMN public.notifications.site IS 'owner_joined: the domain whose owner verified it.';
ALTER TABLE public.notifications DROP CONSTRAINT notifications_kind_known;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_known
  CHECK ((kind = ANY (ARRAY['feedback_status'::text, 'company_message'::text, 'topic_completed'::text, 'company_removed'::text, 'owner_joined'::text])));

CREATE FUNCTION private.domain_owner_joined() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Authors of feedback under the domain that waited until now: hosts no
  -- other verified domain already owned.
  with authors as (
    select distinct f.user_id
      from public.feedback f
     where reverse(f.website_host) ~>=~ reverse(new.domain)
       and reverse(f.website_host) ~<~ (reverse(new.domain) || '/')
       and (f.website_host = new.domain or reverse(f.website_host) like (reverse(new.domain) || '.%'))
       and f.user_id is not null and not f.is_spam
       and not exists (select 1 from public.company_domains o
                        where o.verified_at is not null and o.domain = any(private.host_suffixes(f.website_host))
                          and not (o.company_id = new.company_id and o.domain = new.domain))
  ), fresh as (
    insert into private.owner_joined_notices (user_id, domain)
    select a.user_id, new.domain from authors a
    on conflict do nothing
    returning user_id
  )
  insert into public.notifications (user_id, kind, site)
  select fresh.user_id, 'owner_joined', new.domain from fresh;
  return null;
end
$$;
COMMENT ON FUNCTION private.domain_owner_joined() IS 'When a domain becomes verified: one owner_joined notification to each author whose feedback waited for it (once per author and domain); the company learns nothing about them.';

CREATE TRIGGER company_domains_owner_joined AFTER UPDATE OF verified_at ON public.company_domains
  FOR EACH ROW WHEN (((old.verified_at IS NULL) AND (new.verified_at IS NOT NULL)))
  EXECUTE FUNCTION private.domain_owner_joined();

-- The third method site owners know from search consoles.
ALTER TABLE public.company_domains DROP CONSTRAINT company_domains_method_known;
ALTER TABLE public.company_domains ADD CONSTRAINT company_domains_method_known
  CHECK ((verification_method = ANY (ARRAY['dns'::text, 'file'::text, 'meta'::text])));
COMMENT ON COLUMN public.company_domains.verification_token IS 'Value to publish as TXT peega-verification=<token>, in /.well-known/peega-verification.txt, or as <meta name="peega-verification" content="<token>"> on the home page.';

CREATE OR REPLACE FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_domain text := private.normalize_domain(p_domain);
begin
  if p_method is null or p_method not in ('dns', 'file', 'meta') then
    raise exception 'Verification method must be dns, file or meta.' using errcode = 'invalid_parameter_value';
  end if;
  if exists (select 1 from public.company_domains d
              where d.domain = v_domain and d.verified_at is not null
                and d.company_id <> p_company_id) then
    raise exception 'This domain is already verified by another company.'
      using errcode = 'unique_violation',
            hint = 'Contact support if you own it.';
  end if;
  update public.company_domains d
     set verified_at = coalesce(d.verified_at, now()),
         verification_method = coalesce(d.verification_method, p_method)
   where d.company_id = p_company_id and d.domain = v_domain;
  return found;
end
$$;
COMMENT ON FUNCTION public.confirm_domain_verification(p_company_id uuid, p_domain text, p_method text) IS 'Server-only (service role): marks a company domain verified after the DNS, file or meta-tag check; false when the company does not list it; 23505 when another company verified it.';

REVOKE ALL ON FUNCTION private.count_host_report(p_host text, p_category text, p_created timestamptz, p_delta integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.feedback_host_counts() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.report_bucket(p_reports bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.host_is_claimed(p_host text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.waiting_cells(p_domain text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.domain_owner_joined() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.get_domain_claim(p_domain text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_domain_claim(p_domain text) TO service_role;
GRANT ALL ON FUNCTION public.get_domain_claim(p_domain text) TO anon;
GRANT ALL ON FUNCTION public.get_domain_claim(p_domain text) TO authenticated;
REVOKE ALL ON FUNCTION public.get_my_waiting_sites() FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_my_waiting_sites() TO service_role;
GRANT ALL ON FUNCTION public.get_my_waiting_sites() TO authenticated;
REVOKE ALL ON FUNCTION public.get_waiting_domains(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_waiting_domains(p_limit integer) TO service_role;
GRANT ALL ON FUNCTION public.get_waiting_domains(p_limit integer) TO authenticated;
