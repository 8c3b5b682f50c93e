-- profile_sections said null (not false) for the Job section when tech
-- knowledge is unset, unlike profileCompleteness, which the completion card
-- shows; the parity test of #20 found it. Same rules, plain booleans.
create or replace function private.profile_sections(
  p public.profiles,
  out general boolean,
  out job boolean,
  out interests boolean,
  out complete boolean
)
language sql
immutable
set search_path = ''
as $$
  with s as (
    select
      coalesce(btrim(p.age_range), '') <> ''
        and coalesce(btrim(p.city), '') <> ''
        and exists (select 1 from unnest(p.languages) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.devices) x where btrim(x) <> '')
        and coalesce(btrim(p.gender), '') <> '' as general,
      coalesce(btrim(p.job_title), '') not in ('', 'Other')
        and coalesce(btrim(p.seniority), '') <> ''
        and coalesce(p.tech_knowledge between 1 and 10, false) as job,
      exists (select 1 from unnest(p.topics) x where btrim(x) <> '')
        and exists (select 1 from unnest(p.hobbies) x where btrim(x) <> '') as interests
  )
  select s.general, s.job, s.interests, s.general and s.job and s.interests from s
$$;
