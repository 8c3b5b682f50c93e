import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../../fixtures/blog/xss-payloads.ts';
import { createTestClient } from '../../support/backend.ts';
import { BlogAdminPage, BlogPage } from './pages/blog.page.ts';

const SCREENS = '.scratch/screens';
mkdirSync(SCREENS, { recursive: true });
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'demo-password';

/** Screenshots of the current screen at desktop and phone width. */
async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `${SCREENS}/${name}-${label}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Signs in through supabase-js and hands the session to the page. */
async function signIn(page: Page, baseURL: string, email: string) {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const client = createTestClient(config.supabaseUrl, config.supabaseAnonKey);
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: PASSWORD,
  });
  if (error) throw error;
  const key = `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([k, v]) => localStorage.setItem(k!, v!),
    [key, JSON.stringify(data.session)],
  );
  return client;
}

test.use({ viewport: DESKTOP });

test('the served article HTML carries its meta tags and JSON-LD', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/blog/what-companies-see');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<title>What companies see on Peega · Peega</title>');
  expect(head).toContain(
    '<meta name="description" content="Feedback is anonymous towards companies. Here is exactly what they see." />',
  );
  expect(head).toContain(
    `<link rel="canonical" href="${baseURL}/blog/what-companies-see" />`,
  );
  expect(head).toContain('<meta property="og:type" content="article" />');
  expect(head).toContain('<meta name="twitter:card"');
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head);
  expect(JSON.parse(ld?.[1] ?? '{}')).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'What companies see (and what they never see)',
    publisher: { name: 'Peega' },
  });
  const missing = await request.get('/blog/no-such-article');
  expect(missing.status()).toBe(404);
});

test('a visitor searches, filters and reads; the article page sets its head tags', async ({
  page,
}) => {
  const blog = new BlogPage(page);
  await blog.gotoList();
  await expect(blog.cards()).toHaveCount(5);
  await expect(page.getByText('+1')).toBeVisible(); // 4 tags → 3 and '+1'
  await shoot(page, 'blog-list');

  await blog.search().fill('bug report');
  await expect(page).toHaveURL(/\?q=bug\+report/);
  await expect(blog.cards()).toHaveCount(1);
  await blog.search().fill('');
  await blog.category().selectOption({ label: 'Guides' });
  await expect(page).toHaveURL(/category=guides/);
  await expect(blog.cards()).toHaveCount(2);
  await page.reload();
  await expect(blog.category()).toHaveValue('guides');
  await expect(blog.cards()).toHaveCount(2);

  await blog.gotoList('?q=zzzz-nothing');
  await expect(page.getByText('No articles found')).toBeVisible();
  await expect(
    page.getByText('Try adjusting your search or filter criteria.'),
  ).toBeVisible();
  await shoot(page, 'blog-empty');

  await blog.gotoList();
  await blog
    .cards()
    .first()
    .getByRole('link', { name: /Read More/ })
    .click();
  await expect(page).toHaveURL('/blog/what-companies-see');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'What companies see (and what they never see)',
    }),
  ).toBeVisible();
  await expect(page.getByText('By Peega Team')).toBeVisible();
  // After client-side navigation the head tags come from the page itself.
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/blog\/what-companies-see$/,
  );
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page).toHaveTitle('What companies see on Peega · Peega');

  await blog.gotoArticle('levels-badges-and-fair-play');
  await expect(page.getByText('Related Articles')).toBeVisible();
  await expect(page.getByText('Tags:')).toBeVisible();
  // Server tags are replaced, not duplicated.
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await shoot(page, 'blog-article');

  await blog.gotoArticle('roadmap-team-accounts'); // a draft
  await expect(
    page.getByRole('heading', { name: 'Article Not Found' }),
  ).toBeVisible();
  await shoot(page, 'blog-not-found');
  await page.getByRole('link', { name: 'Back to Blog' }).last().click();
  await expect(page).toHaveURL('/blog');
});

test('anonymous like and unlike; share falls back to copying the address', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // No share sheet; capture what is copied.
    Object.defineProperty(navigator, 'share', { value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: async (text: string) => {
          (window as unknown as { __copied: string }).__copied = text;
        },
      },
    });
  });
  const blog = new BlogPage(page);
  await blog.gotoArticle('why-small-feedback-matters');
  await expect(blog.likeCount()).toHaveText('5'); // 2 users + 3 anonymous
  await blog.likeButton().click();
  await expect(blog.likeCount()).toHaveText('6');
  await expect(page.getByText('Liked article!')).toBeVisible();
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() =>
    localStorage.getItem('likedArticles'),
  );
  expect(JSON.parse(stored ?? '[]')).toHaveLength(1);

  await page.reload();
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'true');
  await expect(blog.likeCount()).toHaveText('6');
  await blog.likeButton().click();
  await expect(page.getByText('Removed like from article')).toBeVisible();
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'false');
  // The unlike reaches the server too (#19 item 26).
  await page.reload();
  await expect(blog.likeCount()).toHaveText('5');
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'false');

  await blog.shareButton().click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { __copied: string }).__copied,
    ),
  ).toBe(page.url());
});

test('a visitor sees the blog from the page the server sent; the backend client loads when they act', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => undefined },
    });
  });
  const rest: string[] = [];
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/rest/v1/')) rest.push(req.url());
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  const blog = new BlogPage(page);
  await blog.gotoList();
  await expect(blog.cards()).toHaveCount(5);
  await blog.gotoArticle('levels-badges-and-fair-play');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Levels, badges and fair play',
    }),
  ).toBeVisible();
  await expect(page.getByTestId('article-content')).not.toBeEmpty();
  await expect(blog.likeCount()).toHaveText(/^\d+$/);
  await expect(
    page.getByRole('heading', { name: 'Related Articles' }),
  ).toBeVisible();
  expect(rest).toEqual([]);
  const loaded = scripts.length;

  // Sharing needs a toast: the live page takes over, from the same data.
  await blog.shareButton().click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(loaded);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Levels, badges and fair play',
    }),
  ).toBeVisible();
});

test('a signed-in consumer likes and unlikes; the database refuses their admin writes', async ({
  page,
  baseURL,
}) => {
  const client = await signIn(page, baseURL!, 'consumer@example.com');
  const blog = new BlogPage(page);
  await blog.gotoArticle('what-companies-see');
  await expect(blog.likeCount()).toHaveText('0');
  await blog.likeButton().click();
  await expect(blog.likeCount()).toHaveText('1');
  await page.reload();
  await expect(blog.likeButton()).toHaveAttribute('aria-pressed', 'true');
  await blog.likeButton().click();
  await expect(blog.likeCount()).toHaveText('0');
  await page.reload();
  await expect(blog.likeCount()).toHaveText('0');

  const admin = new BlogAdminPage(page);
  await admin.goto();
  await expect(
    page.getByText("You don't have admin access to the blog panel."),
  ).toBeVisible();
  await shoot(page, 'admin-denied-consumer');

  // Straight to the API, past the UI.
  const rpc = await client.rpc('save_blog_article', {
    p_id: null,
    p_title: 'Not an admin',
    p_slug: '',
    p_content: '<p>x</p>',
  });
  expect(rpc.error?.code).toBe('42501');
  const insert = await client
    .from('blog_articles')
    .insert({ title: 'Not an admin', content: '<p>x</p>' });
  expect(insert.error?.code).toBe('42501');
  const del = await client
    .from('blog_articles')
    .delete()
    .eq('slug', 'what-companies-see')
    .select();
  expect(del.data ?? []).toEqual([]);
});

test('signed out, the admin panel asks to log in', async ({ page }) => {
  await new BlogAdminPage(page).goto();
  await expect(
    page.getByRole('heading', { name: 'Access Denied' }),
  ).toBeVisible();
  await expect(
    page.getByText('Please log in to access the blog admin panel.'),
  ).toBeVisible();
  // Sign-in comes back here afterwards (issue #19 item 7).
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/auth?mode=signin&next=%2Fblog-admin',
  );
  await shoot(page, 'admin-denied-signed-out');
});

test('the admin writes, previews, publishes, unpublishes and deletes an article', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'admin@example.com');
  const admin = new BlogAdminPage(page);
  const blog = new BlogPage(page);
  await admin.goto();
  await expect(page.getByRole('heading', { name: 'Blog Admin' })).toBeVisible();
  await expect(admin.articleRow('Roadmap: team accounts')).toContainText(
    'Draft',
  );
  await shoot(page, 'admin-articles');
  await page.getByRole('tab', { name: 'Categories' }).click();
  await expect(
    page.getByRole('heading', { name: 'Manage Categories' }),
  ).toBeVisible();
  await expect(
    page.getByText('How to give and use feedback well.'),
  ).toBeVisible();
  await shoot(page, 'admin-categories');
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(
    page.getByRole('heading', { name: 'Manage Tags' }),
  ).toBeVisible();
  await shoot(page, 'admin-tags');

  await admin.button('New Article').click();
  await expect(
    page.getByRole('heading', { name: 'New Article' }),
  ).toBeVisible();
  await admin.button('Preview').click();
  const preview = page.getByRole('dialog', { name: 'Article Preview' });
  await expect(preview.getByText('Untitled Article')).toBeVisible();
  await expect(preview.getByText('No content yet...')).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();

  await admin.button('Save Article').click();
  await expect(admin.toast('Title and content are required')).toBeVisible();

  await admin.field(/^Title/).fill('E2E: Testing the editor!');
  await expect(admin.field('Slug')).toHaveValue('e2e-testing-the-editor');
  await admin.field('Slug').fill('e2e-editor');
  await admin.field(/^Title/).fill('E2E: Testing the editor, again');
  await expect(admin.field('Slug')).toHaveValue('e2e-editor');
  await admin.field('Excerpt').fill('An article written by the e2e suite.');
  await admin
    .field(/^Content/)
    .fill(
      '<h2>Hello</h2><p onclick="x()">Body <a href="javascript:alert(1)">link</a></p>',
    );

  // Image checks, then a real upload.
  const fileInput = admin.field('Upload image');
  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(admin.toast('Please select an image file')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(admin.toast('Image must be less than 5MB')).toBeVisible();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await fileInput.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(admin.toast('Image uploaded successfully')).toBeVisible();
  await expect(admin.field('Or image URL')).toHaveValue(
    /\/storage\/v1\/object\/public\/blog-images\/\d+-[a-f0-9]{8}\.png$/,
  );
  await expect(page.getByAltText('Featured preview')).toBeVisible();

  await page.getByRole('button', { name: 'Guides', exact: true }).click();
  const newTag = page.getByRole('textbox', { name: 'New tag' });
  await newTag.fill('   ');
  await admin.button('Add Tag').click();
  await newTag.fill('E2E Tag');
  await newTag.press('Enter');
  await expect(admin.toast('Tag created successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'E2E Tag' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await shoot(page, 'admin-editor');
  await admin.button('Preview').click();
  await expect(
    preview.getByRole('heading', { name: 'E2E: Testing the editor, again' }),
  ).toBeVisible();
  await shoot(page, 'admin-preview');
  await preview.getByRole('button', { name: 'Close' }).click();

  await admin.button('Save Article').click();
  await expect(admin.toast('Article saved successfully')).toBeVisible();
  await expect(
    admin.articleRow('E2E: Testing the editor, again'),
  ).toContainText('Draft');
  await blog.gotoArticle('e2e-editor');
  await expect(
    page.getByRole('heading', { name: 'Article Not Found' }),
  ).toBeVisible();

  // Publish.
  await admin.goto();
  await page
    .getByRole('button', { name: 'Edit E2E: Testing the editor, again' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Edit Article' }),
  ).toBeVisible();
  await page.getByRole('switch', { name: 'Published' }).click();
  await admin.button('Save Article').click();
  await expect(
    admin.articleRow('E2E: Testing the editor, again'),
  ).toContainText('Published');
  await blog.gotoArticle('e2e-editor');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'E2E: Testing the editor, again',
    }),
  ).toBeVisible();
  const content = page.getByTestId('article-content');
  await expect(content.getByRole('heading', { name: 'Hello' })).toBeVisible();
  await expect(content.locator('[onclick]')).toHaveCount(0);
  await expect(content.getByText('link')).toBeVisible();
  await expect(content.locator('a[href*="javascript" i]')).toHaveCount(0);
  await expect(page.getByText('#E2E Tag')).toBeVisible();

  // Unpublish.
  await admin.goto();
  await page
    .getByRole('button', { name: 'Edit E2E: Testing the editor, again' })
    .click();
  await page.getByRole('switch', { name: 'Published' }).click();
  await admin.button('Save Article').click();
  await expect(
    admin.articleRow('E2E: Testing the editor, again'),
  ).toContainText('Draft');
  await blog.gotoArticle('e2e-editor');
  await expect(
    page.getByRole('heading', { name: 'Article Not Found' }),
  ).toBeVisible();

  // Delete, after confirming.
  await admin.goto();
  await page
    .getByRole('button', { name: 'Delete E2E: Testing the editor, again' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete article?' });
  await shoot(page, 'admin-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.toast('Article deleted successfully')).toBeVisible();
  await expect(admin.articleRow('E2E: Testing the editor, again')).toHaveCount(
    0,
  );
});

test('a saved XSS corpus never runs on the article page', async ({
  page,
  baseURL,
}) => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
  const fired: string[] = [];
  page.on('dialog', (d) => {
    fired.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.exposeFunction('__xss', (n: number) => fired.push(`payload ${n}`));
  await signIn(page, baseURL!, 'admin@example.com');
  const admin = new BlogAdminPage(page);
  await admin.goto();
  await admin.button('New Article').click();
  await admin.field(/^Title/).fill('XSS corpus');
  await admin
    .field(/^Content/)
    .fill(`<p>Safe text survives.</p>${XSS_PAYLOADS.join('\n')}`);
  await page.getByRole('switch', { name: 'Published' }).click();
  await admin.button('Save Article').click();
  await expect(admin.toast('Article saved successfully')).toBeVisible();

  await new BlogPage(page).gotoArticle('xss-corpus');
  await expect(page.getByText('Safe text survives.')).toBeVisible();
  const content = page.getByTestId('article-content');
  await expect(
    content.locator(
      'script, iframe, object, embed, form, svg, math, style, base, meta',
    ),
  ).toHaveCount(0);
  // Give anything that would fire (onerror, autofocus, animations) a chance.
  await page.waitForLoadState('networkidle');
  await page.mouse.click(10, 10);
  expect(fired).toEqual([]);
});

test('legal pages cover their topics and link to each other', async ({
  page,
}) => {
  const pages = [
    [
      '/privacy-policy',
      'Privacy Policy',
      [
        'Data we collect',
        'Cookies',
        'Children',
        'under 13',
        'Retention',
        'Your rights',
        'Contact',
        'Sharing',
        'Security',
      ],
    ],
    [
      '/terms-conditions',
      'Terms and Conditions',
      [
        'Acceptance',
        'within\n          30 days',
        'Intellectual property',
        'Termination',
        'Changes',
      ],
    ],
    [
      '/company-privacy-policy',
      'Company Privacy Policy',
      [
        'deleted within 30 days',
        'only feedback directed at your own company',
        'under 13',
      ],
    ],
    [
      '/company-terms-conditions',
      'Company Terms and Conditions',
      ['deleted within 30 days', 'under 13', '30 days of task completion'],
    ],
  ] as const;
  for (const [path, title, topics] of pages) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: title }),
    ).toBeVisible();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const topic of topics) {
      expect(text, `${path}: ${topic}`).toContain(topic.replace(/\s+/g, ' '));
    }
    await shoot(page, `legal${path.replace(/\//g, '-')}`);
  }
  await page.goto('/privacy-policy');
  await page.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL('/terms-conditions');
  await page.getByRole('link', { name: 'Back' }).first().click();
  await expect(page).toHaveURL('/auth');
  await page.goto('/company-terms-conditions');
  await expect(
    page.getByRole('link', { name: 'Back to sign up' }),
  ).toHaveAttribute('href', '/company-signup');
  await expect(
    page
      .getByRole('navigation', { name: 'Related documents' })
      .getByRole('link', { name: 'For companies' }),
  ).toHaveAttribute('href', '/companies');
});
