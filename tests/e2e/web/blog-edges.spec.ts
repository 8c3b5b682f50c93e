import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { BlogAdminPage, BlogPage } from './pages/blog.page.ts';
import { signedInClient } from './support.ts';

/**
 * The blog at its edges (#19 items 23–27): what the editor promises, tags,
 * slugs of any script, likes, and the navigation's session.
 */

const DESKTOP = { width: 1366, height: 900 };
test.use({ viewport: DESKTOP });

// Articles made here are removed again: the other blog journeys count the
// seeded ones.
test.afterEach(async () => {
  const admin = await signedInClient('admin@example.com');
  await admin
    .from('blog_articles')
    .delete()
    .or(
      'title.like.Edges:*,title.eq.Привет мир,title.eq.Ünïcödé,title.eq.日本語のタイトル',
    );
});

/** Hands a supabase-js session of a seeded account to the page. */
async function signIn(page: Page, email: string) {
  const client = await signedInClient(email);
  const { data } = await client.auth.getSession();
  const key = `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([k, v]) => localStorage.setItem(k!, v!),
    [key, JSON.stringify(data.session)],
  );
  return client;
}

async function newArticle(page: Page) {
  const admin = new BlogAdminPage(page);
  await admin.goto();
  await admin.button('New Article').click();
  return admin;
}

test('the editor removes scripts on save, says what it removed, and saves', async ({
  page,
}) => {
  const client = await signIn(page, 'admin@example.com');
  const admin = await newArticle(page);
  await admin.field(/^Title/).fill('Edges: scripts are removed');
  await admin
    .field(/^Content/)
    .fill(
      '<p onclick="steal()">Scripts, event handlers and javascript: links are removed on save.</p>' +
        '<p>See <a href="https://example.com/?next=javascript:x">this</a>.</p>' +
        '<script>alert(1)</script><a href="javascript:alert(2)">bad</a>',
    );
  await expect(page.getByTestId('removed-on-save')).toHaveText(
    'Removed on save: onclick on <p>, <script>, href on <a>.',
  );
  await admin.button('Save Article').click();
  await expect(admin.toast('Article saved successfully')).toBeVisible();
  await expect(
    admin.toast('Removed on save: onclick on <p>, <script>, href on <a>.'),
  ).toBeVisible();
  const { data } = await client
    .from('blog_articles')
    .select('content')
    .eq('slug', 'edges-scripts-are-removed')
    .single();
  expect(data?.content).toBe(
    '<p>Scripts, event handlers and javascript: links are removed on save.</p>' +
      '<p>See <a href="https://example.com/?next=javascript:x">this</a>.</p>' +
      '<a>bad</a>',
  );
});

test('adding a tag whose slug exists selects the existing tag', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await newArticle(page);
  const newTag = page.getByRole('textbox', { name: 'New tag' });
  await newTag.fill('bug reports');
  await newTag.press('Enter');
  const admin = new BlogAdminPage(page);
  await expect(
    admin.toast('The tag “Bug Reports” already exists and is now selected.'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Bug Reports', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(newTag).toHaveValue('');
  await expect(page.getByText('duplicate key')).toHaveCount(0);
});

test('an anonymous like, unlike and like again counts once, in the page and on the server', async ({
  page,
  request,
}) => {
  const blog = new BlogPage(page);
  const slug = 'how-to-write-a-bug-report';
  await blog.gotoArticle(slug);
  const before = Number(await blog.likeCount().textContent());
  const serverCount = async () => {
    const config = (await (await request.get('/config.json')).json()) as {
      supabaseAnonKey: string;
    };
    const id = await page.evaluate(
      () =>
        (
          JSON.parse(
            document.getElementById('peega-blog-data')?.textContent ?? '{}',
          ) as { article?: { id: string } }
        ).article?.id,
    );
    const res = await request.post('/rest/v1/rpc/get_article_like_count', {
      headers: { apikey: config.supabaseAnonKey },
      data: { p_article_id: id },
    });
    return Number(await res.json());
  };

  await blog.likeButton().click();
  await expect(blog.likeCount()).toHaveText(String(before + 1));
  await page.reload();
  await expect(blog.likeCount()).toHaveText(String(before + 1));
  await blog.likeButton().click();
  await expect(page.getByText('Removed like from article')).toBeVisible();
  await expect(blog.likeCount()).toHaveText(String(before));
  await page.reload();
  await expect(blog.likeCount()).toHaveText(String(before));
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'false');
  await blog.likeButton().click();
  await expect(blog.likeCount()).toHaveText(String(before + 1));
  await page.reload();
  await expect(blog.likeCount()).toHaveText(String(before + 1));
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'true');
  expect(await serverCount()).toBe(before + 1);
});

test('non-Latin titles get usable slugs', async ({ page }) => {
  const client = await signIn(page, 'admin@example.com');
  for (const [title, slug] of [
    ['Привет мир', /^privet-mir$/],
    ['Ünïcödé', /^unicode$/],
    ['日本語のタイトル', /^article-[0-9a-f]{8}$/],
  ] as const) {
    const admin = await newArticle(page);
    await admin.field(/^Title/).fill(title);
    await admin.field(/^Content/).fill('<p>Text.</p>');
    await page.getByRole('switch', { name: 'Published' }).click();
    await admin.button('Save Article').click();
    await expect(admin.toast('Article saved successfully')).toBeVisible();
    const { data } = await client
      .from('blog_articles')
      .select('slug')
      .eq('title', title)
      .single();
    expect(data?.slug).toMatch(slug);
    await page.goto(`/blog/${data!.slug}`);
    await expect(
      page.getByRole('heading', { level: 1, name: title }),
    ).toBeVisible();
  }
});

test('a changed slug sends the old address to the new one, from the server and in the app', async ({
  page,
  request,
}) => {
  const client = await signIn(page, 'admin@example.com');
  const { error } = await client.from('blog_articles').insert({
    title: 'Edges: a renamed article',
    slug: 'edges-before',
    content: '<p>Moved.</p>',
    published: true,
  });
  expect(error).toBeNull();
  const admin = new BlogAdminPage(page);
  await admin.goto();
  await page
    .getByRole('button', { name: 'Edit Edges: a renamed article' })
    .click();
  await admin.field('Slug').fill('edges-after');
  await admin.button('Save Article').click();
  await expect(admin.toast('Article saved successfully')).toBeVisible();

  const res = await request.get('/blog/edges-before?ref=old', {
    maxRedirects: 0,
  });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/blog/edges-after?ref=old');

  await page.goto('/blog/edges-before');
  await expect(page).toHaveURL(/\/blog\/edges-after$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edges: a renamed article' }),
  ).toBeVisible();

  // A move inside the app (no server round trip) lands there too.
  await page.goto('/blog');
  await page.evaluate(() => {
    history.pushState(null, '', '/blog/edges-before');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/blog\/edges-after$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edges: a renamed article' }),
  ).toBeVisible();
});

test('the blog navigation shows the session, signs out, and /blog-admin has it too', async ({
  page,
}) => {
  await signIn(page, 'consumer@example.com');
  await page.goto('/blog');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toContainText('Signed in as consumer@example.com');
  await expect(
    menu.getByRole('menuitem', { name: 'Dashboard' }),
  ).toHaveAttribute('href', '/app');
  await page.goto('/blog-admin');
  await expect(
    page.getByText("You don't have admin access to the blog panel."),
  ).toBeVisible();
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(
    page.getByText('Please log in to access the blog admin panel.'),
  ).toBeVisible();
  // (A reload would bring the test's injected session back.)
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('sb-')),
    ),
  ).toEqual([]);
});

test('company legal pages use the company footer', async ({ page }) => {
  for (const path of ['/company-privacy-policy', '/company-terms-conditions']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(
      'Anonymous, categorised feedback about your own website',
    );
    await expect(
      footer.getByRole('link', { name: 'Terms and Conditions' }),
    ).toHaveAttribute('href', '/company-terms-conditions');
  }
  await page.goto('/privacy-policy');
  await expect(page.getByRole('contentinfo')).toContainText(
    'Share feedback about any website in two clicks',
  );
});
