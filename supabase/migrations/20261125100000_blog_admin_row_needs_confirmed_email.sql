-- L16: a listed blog-admin address gives admin rights only once its owner has
-- proven it. private.is_blog_admin() (every write policy and
-- save_blog_article) already requires auth.users.email_confirmed_at; the
-- policy that lets a user read their own blog_admins row (which the web app
-- reads to show the admin panel) matched the token's e-mail claim alone, so an
-- unconfirmed account holding a listed address was shown as an admin.

drop policy if exists "Users can read their own blog admin row" on public.blog_admins;
create policy "Users can read their own blog admin row"
  on public.blog_admins for select to authenticated
  using (
    lower(user_email) = lower((select auth.jwt()) ->> 'email')
    and (select private.is_blog_admin())
  );
