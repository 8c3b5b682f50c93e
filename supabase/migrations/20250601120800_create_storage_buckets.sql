-- =============================================================================
-- Storage buckets and their policies (DECISIONS.md "Uploads").
--
-- screenshots (images, 5 MB) and audio (10 MB) are private: authors upload to
-- their own opaque folder {folder}/{uuid}.{ext} (get_my_upload_folder; never
-- the user id, since companies read the path); the author and the companies
-- the feedback belongs to may read an object once a feedback references it,
-- companies by its exact path only.
-- blog-images is public (5 MB images); only blog admins write it.
-- =============================================================================

-- -----------------------------------------------------------------------------
-- Section: buckets
-- -----------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('screenshots', 'screenshots', false, 5242880,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('audio', 'audio', false, 10485760,
   array['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/wav']),
  ('blog-images', 'blog-images', true, 5242880,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- -----------------------------------------------------------------------------
-- Section: functions (policy helpers)
-- -----------------------------------------------------------------------------

-- Defined before the policies that call it.
create function private.company_can_read_media(p_bucket text, p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case p_bucket
    when 'screenshots' then exists (
      select 1 from public.feedback f
        join public.companies c on c.user_id = auth.uid()
       where f.screenshot_url = p_name
         and private.host_matches_domains(f.website_host, c.domains))
    when 'audio' then exists (
      select 1 from public.feedback f
        join public.companies c on c.user_id = auth.uid()
       where f.audio_url = p_name
         and private.host_matches_domains(f.website_host, c.domains))
    else false
  end
$$;
comment on function private.company_can_read_media(text, text) is
  'True when the object is the screenshot or audio of a feedback that belongs to the signed-in user''s company.';

grant execute on function private.company_can_read_media(text, text) to authenticated;

-- -----------------------------------------------------------------------------
-- Section: policies
-- -----------------------------------------------------------------------------

create policy "Users can upload feedback media to their own folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('screenshots', 'audio')
    and (storage.foldername(name))[1] = (select private.current_upload_folder()::text));

create policy "Authors can read their own feedback media"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    and (storage.foldername(name))[1] = (select private.current_upload_folder()::text));

create policy "Companies can read the media of their feedback"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    and (select private.current_company_id()) is not null
    and private.company_can_read_media(bucket_id, name));

create policy "Authors can replace their own feedback media"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    and (storage.foldername(name))[1] = (select private.current_upload_folder()::text))
  with check (
    bucket_id in ('screenshots', 'audio')
    and (storage.foldername(name))[1] = (select private.current_upload_folder()::text));

create policy "Authors can delete their own feedback media"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('screenshots', 'audio')
    and (storage.foldername(name))[1] = (select private.current_upload_folder()::text));

create policy "Anyone can read blog images"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'blog-images');

create policy "Blog admins can upload blog images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'blog-images' and (select private.is_blog_admin()));

create policy "Blog admins can replace blog images"
  on storage.objects for update to authenticated
  using (bucket_id = 'blog-images' and (select private.is_blog_admin()))
  with check (bucket_id = 'blog-images' and (select private.is_blog_admin()));

create policy "Blog admins can delete blog images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'blog-images' and (select private.is_blog_admin()));
