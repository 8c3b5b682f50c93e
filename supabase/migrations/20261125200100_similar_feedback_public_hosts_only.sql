-- =============================================================================
-- Similar feedback stays within one site (issue #19 item 3 follow-up): now
-- that feedback may be about localhost, IP addresses and intranet names
-- (20261125200000), get_similar_feedback must not pool different people's
-- private hosts. Other people's feedback is suggested only for public-style
-- hosts (is_valid_hostname); on a private host the caller sees their own.
-- Latest definition: 20261125110000_close_company_reads.sql; only v_others
-- changes.
-- =============================================================================

create or replace function public.get_similar_feedback(
  p_website_url text,
  p_text text default null,
  p_limit integer default 5
)
returns table (
  id uuid,
  title text,
  excerpt text,
  category text,
  status text,
  upvotes integer,
  downvotes integer,
  total_votes integer,
  created_at timestamptz,
  similarity real,
  my_vote text,
  is_own boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_self(null, 'user');
  v_host text;
  v_text text := btrim(coalesce(p_text, ''));
  v_others boolean;
begin
  if char_length(coalesce(p_website_url, '')) > 2000 then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  v_host := private.normalize_host(private.normalize_website_url(p_website_url));
  if v_host is null then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if p_limit is null or p_limit not between 1 and 20 then
    raise exception 'Limit must be between 1 and 20.' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_text) > 5000 then
    raise exception 'Feedback descriptions are at most 5000 characters long.' using errcode = 'invalid_parameter_value';
  end if;
  perform private.check_rate_limit('get_similar_feedback', 60, 180, interval '10 minutes',
    'Too many similar-feedback lookups. Please wait a few minutes.');
  -- A title is at most 200 characters: the first 1000 typed are plenty to
  -- find it, and keep the trigram work per row small.
  v_text := left(v_text, 1000);
  -- Other people's feedback only as a duplicate check of something typed,
  -- and never for a company that lists this site but has not proven it owns
  -- it (it may only count that site's feedback).
  -- A page on localhost, an IP address or an intranet name is not one
  -- site: two people's "localhost:3000" are unrelated (and private), so
  -- only the caller's own feedback is found there.
  v_others := char_length(v_text) >= 3 and private.is_valid_hostname(v_host) and not exists (
    select 1 from public.companies c
     where c.user_id = v_uid
       and private.host_matches_domains(v_host, c.domains)
       and not private.host_matches_domains(v_host, private.verified_domains(c.id)));
  return query
    select c.id, c.title, case when c.user_id = v_uid then left(c.description, 280) end,
           c.category, c.status, c.upvotes, c.downvotes, c.total_votes, c.created_at, c.sim,
           v.vote_type, c.user_id = v_uid
      from (
        select f.id, f.user_id, f.title, f.description, f.category, f.status, f.upvotes,
               f.downvotes, f.total_votes, f.created_at,
               -- How much of the title is found in what was typed: a single
               -- keyword never covers most of a title.
               case when v_text = '' then 0::real
                    else extensions.word_similarity(f.title, v_text) end as sim
          from public.feedback f
         where reverse(f.website_host) = reverse(v_host)
           and f.status <> 'rejected' and not f.is_spam
         order by f.created_at desc
         limit 500
      ) c
      left join public.feedback_votes v on v.feedback_id = c.id and v.user_id = v_uid
     where c.user_id = v_uid or (v_others and c.sim >= 0.5)
     order by c.sim desc, c.upvotes - c.downvotes desc, c.created_at desc
     limit p_limit;
end
$$;
