-- The daily digest locked each due company FOR UPDATE SKIP LOCKED. FOR UPDATE
-- conflicts with the FOR KEY SHARE lock that every insert referencing the
-- company takes (a webhook delivery, a company event, a feedback view), so a
-- digest run that met such an insert skipped the company until the next hour.
-- FOR NO KEY UPDATE still keeps two digest workers apart (it conflicts with
-- itself) and lets those inserts through: the lock is on the company's digest
-- turn, not on its key.

create or replace function public.take_company_digests(p_now timestamptz default now())
returns table (
  company_id uuid,
  email text,
  company_name text,
  feedback_count integer,
  items jsonb
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company record;
  v_items jsonb;
  v_count integer;
begin
  -- Jobs of companies that turned notifications off, or older than two days, go unsent.
  update private.company_notification_jobs j set status = 'done'
   where j.status = 'pending'
     and (j.created_at < p_now - interval '2 days'
          or not exists (select 1 from public.companies c
                          where c.id = j.company_id and c.notifications_enabled));
  for v_company in
    select c.id, c.email, c.company_name
      from public.companies c
     where c.notifications_enabled
       and exists (select 1 from private.company_notification_jobs j
                    where j.company_id = c.id and j.status = 'pending')
       and not exists (select 1 from private.company_digests d
                        where d.company_id = c.id and d.last_sent_at > p_now - interval '1 day')
     for no key update of c skip locked
  loop
    select coalesce(jsonb_agg(jsonb_build_object(
             'title', private.mask_contact(f.title), 'category', f.category, 'host', f.website_host,
             'created_at', f.created_at) order by f.created_at desc), '[]'), count(*)
      into v_items, v_count
      from private.company_notification_jobs j
      join public.feedback f on f.id = j.feedback_id
     where j.company_id = v_company.id and j.status = 'pending'
       and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id));
    update private.company_notification_jobs j set status = 'done'
     where j.company_id = v_company.id and j.status = 'pending'
       and exists (select 1 from public.feedback f where f.id = j.feedback_id
                    and private.host_matches_domains(f.website_host, private.verified_domains(v_company.id)));
    if v_count > 0 then
      insert into private.company_digests (company_id, last_sent_at) values (v_company.id, p_now)
      on conflict (company_id) do update set last_sent_at = excluded.last_sent_at;
      return query select v_company.id, v_company.email::text, v_company.company_name::text, v_count, v_items;
    end if;
  end loop;
end
$$;
comment on function public.take_company_digests(timestamptz) is
  'Server-only: one row per company due a digest (notifications on, none in the last 24 h, new feedback on verified domains, titles with contact details masked); marks its jobs done.';
