-- =============================================================================
-- Becoming a company needs the company form and its terms (DECISIONS
-- "Becoming a company", issue #19 item 14). Opening a company page while
-- signed in as a consumer used to create a company named 'TBD' silently;
-- the web app now offers the form instead, and the database refuses a
-- company registered by a user without the terms acceptance. The time is the
-- server's: a client only says that the terms were accepted.
-- =============================================================================

alter table public.companies add column terms_accepted_at timestamptz;
comment on column public.companies.terms_accepted_at is
  'When the owner accepted the company terms (server time, set on registration); required for a company a user registers.';

-- Companies registered before this migration went through the sign-up form
-- (or the silent default); their creation is the best record there is.
update public.companies set terms_accepted_at = created_at where terms_accepted_at is null;

grant insert (terms_accepted_at) on table public.companies to authenticated;

create or replace function private.company_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    new.user_id := coalesce(new.user_id, v_uid);
    if v_uid is not null and new.user_id <> v_uid then
      raise exception 'You can only register a company for your own account.'
        using errcode = 'insufficient_privilege';
    end if;
    -- A user registers through the company form; an operator (no JWT
    -- subject) records the acceptance out of band.
    if v_uid is not null and new.terms_accepted_at is null then
      raise exception 'Please accept the company Terms and Conditions to create a company profile.'
        using errcode = 'check_violation';
    end if;
    new.terms_accepted_at := now();
    new.created_at := now();
  else
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    new.terms_accepted_at := old.terms_accepted_at;
  end if;
  select u.email into new.email from auth.users u where u.id = new.user_id;
  if new.email is null then
    raise exception 'Unknown user.' using errcode = 'foreign_key_violation';
  end if;

  new.company_name := btrim(coalesce(new.company_name, ''));
  if new.company_name = '' then
    raise exception 'Please enter your company name.' using errcode = 'check_violation';
  end if;
  if char_length(new.company_name) > 200 then
    raise exception 'Company names are at most 200 characters long.' using errcode = 'check_violation';
  end if;
  new.website_url := private.normalize_website_url(new.website_url);

  if tg_op = 'INSERT' then
    new.domains := private.parse_domain_list(
      case when coalesce(array_length(new.domains, 1), 0) > 0 then new.domains
           else array[new.domain] end);
  elsif new.domains is distinct from old.domains then
    new.domains := private.parse_domain_list(new.domains);
  elsif new.domain is distinct from old.domain then
    new.domains := private.parse_domain_list(array[new.domain]);
  end if;
  if coalesce(array_length(new.domains, 1), 0) > 20 then
    raise exception 'A company can list at most 20 domains.' using errcode = 'check_violation';
  end if;
  new.domain := array_to_string(new.domains, ', ');
  new.password_hash := 'managed-by-auth';
  new.notifications_enabled := coalesce(new.notifications_enabled, true);
  new.updated_at := now();
  return new;
end
$$;
comment on function private.company_before_write() is
  'Before a company is written: owner and e-mail from auth, company terms accepted (server time) when a user registers, name and website checked, domains normalised (either column may be written), placeholder password hash.';

alter table public.companies alter column terms_accepted_at set not null;
