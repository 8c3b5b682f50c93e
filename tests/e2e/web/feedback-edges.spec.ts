import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_SERVICE_ROLE_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { SubmitFeedbackPage } from './pages/submit-feedback.page.ts';
import { DEMO_PASSWORD, newEmail } from './support.ts';

// The web feedback form at the edges (issue #19 items 5, 6, 12): a draft
// that survives a reload and a sign-out but never reaches another account,
// a submit that times out instead of spinning, and no XP promised past the
// daily cap.

async function newUser(page: Page) {
  const email = newEmail('webedge');
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signUp('Edge User', email, DEMO_PASSWORD);
  await new DashboardPage(page).expectLoaded();
  return email;
}

async function fill(form: SubmitFeedbackPage) {
  await form.field('Company Name').fill('Example Inc.');
  await form.field('Website URL').fill('http://localhost:5173/cart');
  await form.field('Feedback Title').fill('Cart total is wrong');
  await form
    .field('Detailed Description')
    .fill('The total ignores the coupon I applied.');
  await form.category('Bug Report').click();
}

async function expectFilled(form: SubmitFeedbackPage) {
  await expect(form.field('Company Name')).toHaveValue('Example Inc.');
  await expect(form.field('Website URL')).toHaveValue(
    'http://localhost:5173/cart',
  );
  await expect(form.field('Feedback Title')).toHaveValue('Cart total is wrong');
  await expect(form.field('Detailed Description')).toHaveValue(
    'The total ignores the coupon I applied.',
  );
  await expect(form.category('Bug Report')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('the draft survives a reload and a sign-out in another tab, and stays with its account', async ({
  page,
  context,
}) => {
  const email = await newUser(page);
  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await fill(form);
  await page.reload();
  await expectFilled(form);

  // Signed out in another tab by accident, then back.
  const other = await context.newPage();
  await other.goto('/app');
  await new DashboardPage(other).signOut();
  await expect(other).toHaveURL(/\/(auth)?(\?.*)?$/);
  await other.close();
  await new AuthPage(page).signIn(email, DEMO_PASSWORD);
  await form.goto();
  await expectFilled(form);

  // The next account on this browser starts empty.
  await new DashboardPage(page).signOut();
  await newUser(page);
  await form.goto();
  await expect(form.field('Company Name')).toHaveValue('');
  await expect(form.field('Detailed Description')).toHaveValue('');
});

test('with the browser offline, Submit says so at once, keeps the form and sends it once back online (#40 item 12)', async ({
  page,
  context,
}) => {
  await newUser(page);
  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await fill(form);
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/rest/v1/feedback')) posts++;
  });
  // Really offline: the browser's own network emulation, not a hanging route.
  await context.setOffline(true);
  await form.submit().click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: "Can't reach Peega" });
  await expect(alert).toBeVisible({ timeout: 3_000 });
  await expect(alert).toContainText('sent again when your connection is back');
  await expectFilled(form);
  await expect(form.submit()).toBeEnabled();
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screens/web-feedback-offline-${name}.png`,
      fullPage: true,
    });
  }
  // Back online: the form sends itself, once.
  await context.setOffline(false);
  await expect(page).toHaveURL('/app', { timeout: 20_000 });
  await expect(page.getByText('Feedback submitted!').first()).toBeVisible();
  expect(posts).toBe(1);
});

test('a submit that hangs times out with a clear message, keeps the form and is sent when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The page's clock runs as usual, and can jump to the request's time limit
  // instead of waiting for it.
  await page.clock.install();
  await newUser(page);
  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await fill(form);

  // The network drops: the insert is never answered.
  const hang = (route: {
    request(): { method(): string };
    continue(): Promise<void>;
  }) => (route.request().method() === 'POST' ? undefined : route.continue());
  await page.route('**/rest/v1/feedback*', hang);
  const started = Date.now();
  await form.submit().click();
  await expect(
    page.getByRole('button', { name: 'Submitting...' }),
  ).toBeVisible();
  const alert = page.getByRole('alert').filter({
    hasText: 'Peega did not answer in time',
  });
  // Nothing before the limit (15 s; a page clock's second later it fires).
  await page.clock.fastForward(14_000);
  await expect(alert).toHaveCount(0);
  await page.clock.fastForward(1_500);
  await expect(alert).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(40_000);
  await expect(alert).toContainText('sent again when your connection is back');
  await expectFilled(form);
  await expect(form.submit()).toBeEnabled();
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/screens/web-feedback-timed-out-${name}.png`,
      fullPage: true,
    });
  }

  // The connection is back: the browser says so and the form sends itself.
  await page.unroute('**/rest/v1/feedback*', hang);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page).toHaveURL('/app', { timeout: 20_000 });
  await expect(page.getByText('Feedback submitted!').first()).toBeVisible();

  // Sent: the draft is gone.
  await new SubmitFeedbackPage(page).goto();
  await expect(form.field('Company Name')).toHaveValue('');
});

test('past the daily XP cap the form promises no XP', async ({ page }) => {
  const email = await newUser(page);
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: profile } = await admin
    .from('profiles')
    .select('id')
    .eq('email', email)
    .single();
  // 20 feedback sent today, as the server's counter says.
  const { error } = await admin
    .from('user_stats')
    .update({
      day_feedback_date: new Date().toISOString().slice(0, 10),
      day_feedback_count: 20,
      feedback_count: 20,
    })
    .eq('user_id', profile!.id);
  expect(error).toBeNull();

  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await expect(
    page.getByText(/reached today's limit of 20 feedback/),
  ).toBeVisible();
  await expect(form.submit()).toHaveText('Submit Feedback');
  await expect(
    page.getByText('PNG, JPEG, WebP or GIF, up to 5 MB', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Up to 10 MB', { exact: true })).toBeVisible();
  await expect(page.getByText(/\+1 XP/)).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({
    path: 'test-results/screens/web-feedback-capped-desktop.png',
    fullPage: true,
  });
});
