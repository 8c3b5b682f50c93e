-- =============================================================================
-- Company sign-up is atomic in the database (issue #20). The browser used to
-- sign up, then insert the company in a second call (or, with e-mail
-- confirmation on, on the first sign-in): a failure in between left an auth
-- user without a company. Now:
--   * the sign-up itself carries the company form (user metadata
--     account_type 'company', company_name, website_url, domains,
--     company_terms_accepted) and a trigger on auth.users creates the company
--     (and with it the free plan) in the same transaction as the user; bad
--     details fail the whole sign-up, nothing is half-created;
--   * a signed-in account without a company (a consumer) becomes one through
--     one function, public.register_company, with the company terms
--     (DECISIONS "Becoming a company"); clients no longer insert companies.
-- =============================================================================

-- The company details of a sign-up's metadata as a company row, or nothing
-- when the sign-up is not a company's. Raises on details the form would
-- refuse; the trigger on companies checks name, website and domains.
create function private.company_from_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_domains jsonb := v_meta -> 'domains';
  v_website jsonb := v_meta -> 'website_url';
  v_name jsonb := v_meta -> 'company_name';
begin
  if v_meta ->> 'account_type' is distinct from 'company' then
    return new;
  end if;
  if v_meta -> 'company_terms_accepted' is distinct from 'true'::jsonb then
    raise exception 'Please accept the company Terms and Conditions to create a company profile.'
      using errcode = 'check_violation';
  end if;
  if v_name is null or jsonb_typeof(v_name) <> 'string' then
    raise exception 'Please enter your company name.' using errcode = 'check_violation';
  end if;
  if v_website is not null and jsonb_typeof(v_website) not in ('string', 'null') then
    raise exception 'Please enter a valid website URL.' using errcode = 'invalid_parameter_value';
  end if;
  if v_domains is not null and jsonb_typeof(v_domains) <> 'null' and (
       jsonb_typeof(v_domains) <> 'array'
       or exists (select 1 from jsonb_array_elements(v_domains) d where jsonb_typeof(d) <> 'string')) then
    raise exception 'Please enter a valid domain, like example.com.' using errcode = 'invalid_parameter_value';
  end if;

  insert into public.companies (user_id, company_name, website_url, domains, terms_accepted_at)
  values (
    new.id,
    v_name #>> '{}',
    nullif(v_website #>> '{}', ''),
    case when jsonb_typeof(v_domains) = 'array'
         then array(select jsonb_array_elements_text(v_domains)) else '{}' end,
    now());
  return new;
end
$$;
comment on function private.company_from_signup() is
  'After insert on auth.users: a company sign-up (metadata account_type company, terms accepted) gets its company, checked like the form, in the same transaction; bad details fail the sign-up.';

-- Sorts after on_auth_user_created, so the profile exists first.
create trigger on_auth_user_created_company
  after insert on auth.users
  for each row execute function private.company_from_signup();

-- The company form of a signed-in account without a company.
create function public.register_company(
  p_company_name text,
  p_website_url text default null,
  p_domains text[] default '{}',
  p_accept_terms boolean default false
)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row public.companies;
begin
  if v_uid is null then
    raise exception 'Please sign in to register a company.' using errcode = 'insufficient_privilege';
  end if;
  if p_accept_terms is not true then
    raise exception 'Please accept the company Terms and Conditions to create a company profile.'
      using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.companies c where c.user_id = v_uid) then
    raise exception 'This account already has a company profile.' using errcode = 'unique_violation';
  end if;
  if coalesce(array_length(p_domains, 1), 0) > 20 then
    raise exception 'A company can list at most 20 domains.' using errcode = 'check_violation';
  end if;
  insert into public.companies (user_id, company_name, website_url, domains, terms_accepted_at)
  values (v_uid, p_company_name, nullif(p_website_url, ''), coalesce(p_domains, '{}'), now())
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.register_company(text, text, text[], boolean) is
  'The company form of the signed-in account: creates its company (free plan) with the company terms accepted at server time; one per account; name, website and domains checked like the form.';

revoke all on function public.register_company(text, text, text[], boolean) from public, anon;
grant execute on function public.register_company(text, text, text[], boolean) to authenticated;

-- Only the two paths above create companies.
drop policy "Users can register their own company" on public.companies;
revoke insert on table public.companies from authenticated;

-- Accounts that signed up as a company but had not yet signed in after
-- confirming their e-mail were waiting for the browser to create their
-- company: created here, from the same details (the name alone when the
-- rest no longer passes the checks, as the browser did).
do $$
declare
  v_user record;
begin
  for v_user in
    select u.id, u.raw_user_meta_data as meta from auth.users u
     where u.raw_user_meta_data ->> 'account_type' = 'company'
       and u.raw_user_meta_data -> 'company_terms_accepted' = 'true'::jsonb
       and jsonb_typeof(u.raw_user_meta_data -> 'company_name') = 'string'
       and btrim(u.raw_user_meta_data ->> 'company_name') <> ''
       and not exists (select 1 from public.companies c where c.user_id = u.id)
  loop
    begin
      insert into public.companies (user_id, company_name, website_url, domains, terms_accepted_at)
      values (v_user.id, v_user.meta ->> 'company_name', nullif(v_user.meta ->> 'website_url', ''),
              case when jsonb_typeof(v_user.meta -> 'domains') = 'array'
                   then array(select jsonb_array_elements_text(v_user.meta -> 'domains')) else '{}' end,
              now());
    exception when others then
      insert into public.companies (user_id, company_name, terms_accepted_at)
      values (v_user.id, left(btrim(v_user.meta ->> 'company_name'), 200), now());
    end;
  end loop;
end
$$;
