-- =============================================================================
-- The dashboard's domain filter narrows to a subdomain (issue #19 item 20).
-- get_company_feedback already accepts any host under one of the company's
-- domains (and lists only what the company may see); this offers the hosts
-- the company's feedback actually comes from, under its verified domains, so
-- the filter can propose app.example.com and blog.example.com next to
-- example.com. Hosts only: no figures, nothing about other companies.
-- =============================================================================

create function public.get_company_feedback_hosts()
returns table (host text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  -- require_company carries only the verified domains. Each host is read from feedback_host_created_idx's reversed-host range
  -- of a verified domain (exact host or a subdomain of it).
  return query
    select distinct f.website_host
      from unnest(v_company.domains) as d(dom)
      join public.feedback f
        on reverse(f.website_host) ~>=~ reverse(d.dom)
       and reverse(f.website_host) ~<~ (reverse(d.dom) || '/')
       and (f.website_host = d.dom or reverse(f.website_host) like (reverse(d.dom) || '.%'))
     order by 1
     limit 100;
end
$$;
comment on function public.get_company_feedback_hosts() is
  'For the dashboard''s domain filter: the hosts (a verified domain or a subdomain of one) the caller''s company feedback comes from, at most 100, alphabetical. No counts.';

revoke all on function public.get_company_feedback_hosts() from public, anon;
grant execute on function public.get_company_feedback_hosts() to authenticated;
