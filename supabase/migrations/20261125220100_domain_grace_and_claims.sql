-- =============================================================================
-- Domains at the edges (issue #19 items 16 and 17).
--
-- 16. Removing a verified domain used to drop its proof: re-adding it needed
--     a new DNS record or file, and the feedback disappeared meanwhile. The
--     proof of a removed domain is now kept for 30 days (private.
--     company_domain_grace); re-adding the domain within them restores
--     "verified" without a new proof, unless another company has verified
--     it meanwhile. After them a new proof is needed (the token is kept, so
--     a record still published proves it again at once).
-- 17. A domain another company has verified is "claimed": the summary says
--     so and gives no feedback count for it (it used to show the
--     competitor's volume), and check_company_domain says it before the
--     domain is even saved.
-- =============================================================================

create table private.company_domain_grace (
  company_id uuid not null references public.companies (id) on delete cascade,
  domain text not null,
  verification_token text not null,
  verified_at timestamptz not null,
  verification_method text,
  removed_at timestamptz not null default now(),
  primary key (company_id, domain)
);
comment on table private.company_domain_grace is
  'Proof of verified domains a company removed, kept for private.domain_grace_period() so re-adding restores "verified" without a new proof. Server-only.';
alter table private.company_domain_grace enable row level security;
revoke all on table private.company_domain_grace from public, anon, authenticated;

create function private.domain_grace_period()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 days' $$;
comment on function private.domain_grace_period() is
  'How long a removed domain keeps its verification (shared/domain/domains.ts DOMAIN_GRACE_DAYS says the same).';

create or replace function private.company_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.company_subscriptions (company_id) values (new.id)
    on conflict do nothing;
  end if;
  -- Removed verified domains keep their proof for the grace period.
  insert into private.company_domain_grace
    (company_id, domain, verification_token, verified_at, verification_method)
  select d.company_id, d.domain, d.verification_token, d.verified_at, d.verification_method
    from public.company_domains d
   where d.company_id = new.id and not d.domain = any(new.domains)
     and d.verified_at is not null
  on conflict (company_id, domain) do update
    set verification_token = excluded.verification_token,
        verified_at = excluded.verified_at,
        verification_method = excluded.verification_method,
        removed_at = now();
  delete from public.company_domains d
   where d.company_id = new.id and not d.domain = any(new.domains);
  -- Added domains: restored from the grace when it still holds and nobody
  -- else verified the domain meanwhile; the token is reused either way.
  insert into public.company_domains
    (company_id, domain, verification_token, verified_at, verification_method)
  select new.id, x,
         coalesce(g.verification_token, encode(extensions.gen_random_bytes(16), 'hex')),
         case when r.restore then g.verified_at end,
         case when r.restore then g.verification_method end
    from unnest(new.domains) as x
    left join private.company_domain_grace g on g.company_id = new.id and g.domain = x
    cross join lateral (
      select g.removed_at is not null
             and g.removed_at > now() - private.domain_grace_period()
             and not exists (select 1 from public.company_domains o
                              where o.domain = x and o.verified_at is not null
                                and o.company_id <> new.id) as restore
    ) r
   where not exists (select 1 from public.company_domains d
                      where d.company_id = new.id and d.domain = x)
  on conflict do nothing;
  delete from private.company_domain_grace g
   where g.company_id = new.id
     and (g.domain = any(new.domains) or g.removed_at <= now() - private.domain_grace_period());
  return null;
end
$$;
comment on function private.company_after_write() is
  'After a company is written: the free subscription on creation; domain rows added for new domains (verification restored within the grace period of a removal) and dropped for removed ones (their proof kept in private.company_domain_grace).';

-- The summary: claimed domains carry no count.
drop function public.get_company_domain_summary();
create function public.get_company_domain_summary()
returns table (
  domain text,
  verified boolean,
  verified_at timestamptz,
  verification_method text,
  claimed boolean,
  feedback_count bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
begin
  return query
    select d.domain, d.verified_at is not null, d.verified_at, d.verification_method,
           c.claimed,
           case when c.claimed then null else
           (select count(*) from public.feedback f
             where reverse(f.website_host) ~>=~ reverse(d.domain)
               and reverse(f.website_host) ~<~ (reverse(d.domain) || '/')
               and (f.website_host = d.domain or reverse(f.website_host) like (reverse(d.domain) || '.%')))
           end
      from public.company_domains d
      cross join lateral (
        select d.verified_at is null and exists (
          select 1 from public.company_domains o
           where o.domain = d.domain and o.verified_at is not null
             and o.company_id <> d.company_id) as claimed
      ) c
     where d.company_id = v_company.id
     order by d.domain;
end
$$;
comment on function public.get_company_domain_summary() is
  'The caller''s domains: verification state, whether another company verified it (claimed: no count then), and how many feedback exist for each (exact or subdomain). Content is shown only for verified domains.';

-- Before saving: is a domain claimed by another company? No figures.
create function public.check_company_domain(p_domain text)
returns table (domain text, claimed boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company public.companies := private.require_company(null);
  v_domain text := private.normalize_domain(left(p_domain, 300));
begin
  if v_domain is null then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select v_domain, exists (select 1 from public.company_domains o
                              where o.domain = v_domain and o.verified_at is not null
                                and o.company_id <> v_company.id);
end
$$;
comment on function public.check_company_domain(text) is
  'For the Company Details card: the normalised domain and whether another company has verified it (the same fact confirm_domain_verification refuses on); no feedback figures.';

revoke all on function private.domain_grace_period() from public;
revoke all on function public.get_company_domain_summary(), public.check_company_domain(text)
  from public, anon;
grant execute on function public.get_company_domain_summary() to authenticated;
grant execute on function public.check_company_domain(text) to authenticated;
