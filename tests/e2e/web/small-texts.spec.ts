import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { SubmitFeedbackPage } from './pages/submit-feedback.page.ts';
import { DEMO_PASSWORD, newEmail, shoot } from './support.ts';

// Issue #19 item 12: the small texts users stumble on.

async function newConsumer() {
  const email = newEmail('texts');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Text Reader' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { email, client, id: data.user.id };
}

async function signIn(page: Page, email: string) {
  const auth = new AuthPage(page);
  await auth.goto('?mode=signin');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.submit().click();
  await new DashboardPage(page).expectLoaded();
}

test('unknown addresses answer HTTP 404 and still show the 404 page', async ({
  page,
  request,
}) => {
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<div id="root">');
  for (const known of [
    '/',
    '/app',
    '/blog/levels-badges-and-fair-play',
    '/auth?mode=signin',
  ]) {
    expect((await request.get(known)).status(), known).toBe(200);
  }
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('a screen whose code cannot be loaded says Peega was updated, not a module URL', async ({
  page,
}) => {
  const { email } = await newConsumer();
  await signIn(page, email);
  // After a deploy, the old screen files are gone.
  await page.route(/\/assets\/experience-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  await page.goto('/experience');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Peega was updated' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText('/assets/');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test("with Peega's server unreachable, a screen not visited yet says so, not 'Peega was updated' (#40 item 20)", async ({
  page,
}) => {
  const { email } = await newConsumer();
  await signIn(page, email);
  // Offline, the dashboard keeps what it loaded and says it may be stale.
  const banner = page.getByTestId('connection-banner');
  await page.context().setOffline(true);
  await expect(banner).toContainText("Can't reach Peega");
  await shoot(page, 'stale-data-banner');
  await page.context().setOffline(false);
  await expect(banner).toBeHidden();
  // The server goes away: nothing it serves answers any more.
  await page.route('**/*', (route) => route.abort('connectionrefused'));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Community' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: "Can't reach Peega" }),
  ).toBeVisible();
  await expect(page.getByText('Peega was updated')).toHaveCount(0);
  await shoot(page, 'server-unreachable');
});

test('a rate-limited submit says when to retry, and long titles are clamped in the list', async ({
  page,
}) => {
  const { email, client, id } = await newConsumer();
  const long = `Checkout ${'really '.repeat(25)}slow`;
  // 30 feedback in ten minutes is the per-account limit; the long one is
  // the newest, so it is on the list's first page.
  for (let i = 0; i < 30; i++) {
    const { error } = await client.from('feedback').insert({
      user_id: id,
      title: i === 29 ? long : `Feedback number ${String.fromCharCode(97 + i)}`,
      description: 'Details of what happened on the page, long enough.',
      category: 'bug',
      company_name: 'Example',
      website_url: 'https://example.com',
    });
    expect(error).toBeNull();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  // 30 feedback earned several badges: each is celebrated once.
  const awesome = page.getByRole('button', { name: 'Awesome!' });
  await expect(awesome).toBeVisible();
  while (await awesome.isVisible()) {
    await awesome.click();
    await page.waitForTimeout(300);
  }
  const title = new DashboardPage(page)
    .item(long)
    .getByRole('heading', { level: 3 });
  const lineHeight = await title.evaluate((el) =>
    parseFloat(getComputedStyle(el).lineHeight),
  );
  expect((await title.boundingBox())!.height).toBeLessThanOrEqual(
    lineHeight * 2 + 1,
  );

  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await form.field('Company Name').fill('Example Inc.');
  await form.field('Feedback Title').fill('One more thing');
  await form.field('Detailed Description').fill('It keeps happening.');
  await form.submit().click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Something went wrong' }),
  ).toContainText(/Too many attempts\. Please try again in \d+ minutes?\./);
});

test('at phone width the Experience card keeps "Level" and its number on one line (#40 item 19)', async ({
  page,
}) => {
  const { email } = await newConsumer();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  const card = page.getByTestId('experience');
  await expect(card).toContainText(/Level \d+/);
  // The tops of the word and of its number, wherever the markup puts them.
  const tops = await card.evaluate((el) => {
    // The card's text nodes in order, to find "Level N" across them.
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      nodes.push(n as Text);
    const text = nodes.map((n) => n.data).join('');
    const m = /Level\s*(\d+)/.exec(text);
    if (!m) return null;
    const locate = (offset: number): [Text, number] => {
      for (const n of nodes) {
        if (offset <= n.data.length) return [n, offset];
        offset -= n.data.length;
      }
      throw new Error('offset past the text');
    };
    const top = (from: number, to: number) => {
      const r = document.createRange();
      r.setStart(...locate(from));
      r.setEnd(...locate(to));
      return r.getBoundingClientRect().top;
    };
    const digit = m.index + m[0].length - m[1]!.length;
    return [top(m.index, m.index + 5), top(digit, digit + m[1]!.length)];
  });
  expect(tops).not.toBeNull();
  expect(Math.abs(tops![0]! - tops![1]!)).toBeLessThan(4);
  await page.getByTestId('experience').screenshot({
    path: 'test-results/screens/experience-card-phone.png',
  });
});
