import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, fixturePort } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { AuthPage } from './pages/auth.page.ts';
import { CompanyPage } from './pages/company.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { DEMO_PASSWORD, newEmail, snap } from './support.ts';

// Issue #8 as a new company lives it: landing, sign-up with two domains,
// counts until verified, verification through a local server, the free
// allowance, workflow seen live by the author, filters per plan, settings,
// password, a signed webhook, the CSV export.

interface Hook {
  body: string;
  signature: string | undefined;
}
const files = new Map<string, string>();
const hooks: Hook[] = [];
let server: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET') {
        const token = files.get((req.url ?? '/').split('/')[1] ?? '');
        res.writeHead(token ? 200 : 404).end(token ?? '');
        return;
      }
      hooks.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-peega-signature'] as string | undefined,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(fixturePort, '127.0.0.1', r));
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A fresh consumer (supabase-js in the test process) who writes feedback. */
async function newAuthor() {
  const email = newEmail('author');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Hidden Author' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const userId = data.user.id;
  return {
    email,
    async submit(url: string, title: string) {
      const { error: e } = await client.from('feedback').insert({
        user_id: userId,
        title,
        description: `${title}: details of what happened on the page.`,
        category: 'bug',
        company_name: 'Acme',
        website_url: url,
      });
      if (e) throw e;
    },
  };
}

async function expectToast(page: Page, title: string) {
  await expect(new CompanyPage(page).toast(title)).toBeVisible();
}

test('the company landing page', async ({ page }) => {
  await page.goto('/companies');
  await expect(
    page.getByRole('heading', { level: 1, name: /really think/ }),
  ).toBeVisible();
  for (const id of [
    'experience',
    'teams',
    'testimonials',
    'pricing',
    'why-peega',
    'faq',
  ])
    await expect(page.locator(`#${id}`)).toBeAttached();
  await expect(page.getByTestId('testimonial')).toHaveCount(3);
  await expect(page.getByTestId('plan')).toHaveCount(3);
  await expect(page.locator('#pricing')).toContainText('15 €');
  await expect(page.locator('#pricing')).toContainText('30 €');
  // The journeys' backend sells the plans (#35; "Coming soon" without
  // Stripe is the unit test's, company-pricing.test.tsx).
  await expect(page.getByRole('link', { name: 'Choose Pro' })).toHaveAttribute(
    'href',
    '/company-settings#plan',
  );
  await expect(page.locator('#faq details')).toHaveCount(5);
  await page.getByRole('tab', { name: 'Engineering' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Reproduce bugs');
  await expect(
    page.getByRole('link', { name: 'SHARE FEEDBACK' }),
  ).toHaveAttribute('href', '/user-feedback');
  const footer = page.locator('footer');
  for (const href of [
    '/user-feedback',
    '/companies',
    '/auth',
    '/company-privacy-policy',
    '/company-terms-conditions',
  ])
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
  await snap(page, 'company-landing');
  await page.getByRole('link', { name: 'Try it now' }).first().click();
  await expect(page).toHaveURL('/company-signup');
});

test('a new company: domains, allowance, workflow, webhook, export, settings', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const co = new CompanyPage(page);
  const tag = `${process.pid}${Date.now().toString(36)}`;
  const alpha = `alpha${tag}.com`;
  const beta = `beta${tag}.com`;
  const author = await newAuthor();
  const titles = Array.from({ length: 7 }, (_, i) => `Alpha issue ${i + 1}`);
  for (const t of titles) await author.submit(`https://${alpha}/p`, t);
  await author.submit(`https://www.${beta}/`, 'Beta issue');

  // Sign-up: mismatch and duplicate are refused without losing the form.
  await page.goto('/company-signup');
  await expect(
    page.getByRole('button', { name: 'Create company account' }),
  ).toBeDisabled();
  await snap(page, 'company-signup');
  const email = newEmail('acme');
  await co.field('Email').fill(email);
  await co.field('Password').fill('first-password');
  await co.field('Confirm password').fill('other-password');
  await co.field('Company name').fill('Acme');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create company account' }).click();
  await expectToast(page, "Passwords don't match");
  await expect(co.field('Company name')).toHaveValue('Acme');

  await co.signUp({
    email,
    password: 'first-password',
    companyName: 'Acme',
    website: `https://${alpha}`,
    domains: `${alpha}, ${beta}`,
  });
  await expectToast(page, 'Welcome!');
  await expect(page).toHaveURL('/company-dashboard');

  // Unverified: counts, no content.
  await expect(page.getByTestId('unverified-domain')).toHaveCount(2);
  await expect(
    page.getByTestId('unverified-domain').filter({ hasText: alpha }),
  ).toContainText('7 feedback');
  await expect(page.getByText('No feedback yet.')).toBeVisible();
  await expect(co.counter()).toHaveText(/0\/5/);
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  // Verify alpha through the file on the local server.
  await page.goto('/company-settings');
  // #40 item 11: demo mode says where a verified domain can be seen.
  await expect(page.getByTestId('demo-domains-note')).toContainText(
    'sign in as company@example.com',
  );
  const row = page.locator(`[data-domain="${alpha}"]`);
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectToast(page, 'Not verified yet');
  await row.getByRole('button', { name: 'How to verify' }).click();
  const token = await row.getByTestId('file-token').textContent();
  files.set(alpha, `${token}\n`);
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectToast(page, 'Domain verified');
  await expect(row).toContainText('Verified');

  // Webhook to the local receiver.
  await page.getByRole('textbox', { name: 'Webhook URL' }).fill('ftp://x');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'valid webhook URL' }),
  ).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Webhook URL' })
    .fill(`http://127.0.0.1:${fixturePort}/hook`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const secret = await page.getByTestId('webhook-secret').textContent();
  expect(secret).toMatch(/^[0-9a-f]{48}$/);
  await snap(page, 'company-settings');

  // The dashboard: list, filters on the free plan.
  await page.getByRole('link', { name: '← Back to dashboard' }).click();
  await expect(co.items()).toHaveCount(7);
  await expect(
    page.getByTestId('unverified-domain').filter({ hasText: beta }),
  ).toContainText('1 feedback');
  await expect(
    page.getByText('Upgrade to premium to use advanced filters'),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Category/ })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: /Status/ })).toBeDisabled();
  await expect(page.getByLabel('From')).toBeDisabled();
  await page.getByRole('searchbox').fill('issue 7');
  await expect(co.items()).toHaveCount(1);
  await page.getByRole('searchbox').fill('');
  await expect(co.items()).toHaveCount(7);
  const phantom = co.items().filter({ hasText: 'Hidden Author' });
  await expect(phantom).toHaveCount(0);
  await snap(page, 'company-dashboard');

  // The author watches their dashboard in another browser context.
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await new AuthPage(authorPage).signIn(author.email, DEMO_PASSWORD);
  const authorDashboard = new DashboardPage(authorPage);
  await expect(authorDashboard.item('Alpha issue 1')).toContainText('Pending');

  // Five opens are allowed; the first marks read.
  for (const [i, t] of titles.slice(0, 5).entries()) {
    await co.open(t);
    await expect(co.detail()).toContainText(`${t}: details`);
    if (i === 0) await expectToast(page, 'Feedback marked as read');
    await co.closeDetail();
  }
  await expect(co.counter()).toHaveText(/5\/5/);
  await co.open(titles[5]!);
  await expectToast(page, 'Daily limit reached');
  await expect(co.detail()).toBeHidden();
  // Re-opening one already viewed today is free.
  await co.open('Alpha issue 1');
  await expect(co.detail()).toBeVisible();
  await expect(authorDashboard.item('Alpha issue 1')).toContainText('Read');

  // Workflow and rating, seen live by the author.
  await co.detail().getByRole('button', { name: 'In Progress' }).click();
  await expectToast(page, 'Status updated');
  await expect(authorDashboard.item('Alpha issue 1')).toContainText(
    'In Progress',
  );
  await co.detail().getByRole('button', { name: 'Rate 4 stars' }).click();
  await expectToast(page, 'Rating saved');
  await expect(
    co.detail().getByRole('button', { name: 'Rate 4 stars' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await snap(page, 'company-feedback-detail');
  await co.closeDetail();
  await expect(co.item('Alpha issue 1')).toHaveAttribute(
    'data-status',
    'in_progress',
  );
  await authorContext.close();

  // A new feedback reaches the webhook, signed.
  await author.submit(`https://${alpha}/new`, 'Alpha webhook news');
  await expect.poll(() => hooks.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const hook = hooks.find((h) => h.body.includes('Alpha webhook news'))!;
  expect(hook.signature).toBe(
    `sha256=${createHmac('sha256', secret!).update(hook.body).digest('hex')}`,
  );
  expect(hook.body).not.toContain(author.email);
  expect(hook.body).not.toContain('Hidden Author');

  // CSV of the viewed feedback.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('title');
  for (const t of titles.slice(0, 5)) expect(csv).toContain(t);
  expect(csv).not.toContain(titles[6]);

  // Settings: delivery log, details, notifications, password.
  await page.goto('/company-settings');
  await expect(
    page.getByTestId('delivery').filter({ hasText: 'Delivered' }).first(),
  ).toBeVisible({ timeout: 10_000 });
  await page.getByRole('textbox', { name: 'Domains' }).fill('not a domain!');
  await page.getByRole('textbox', { name: 'Domains' }).press('Enter');
  await expect(page.getByText('Please enter a valid domain')).toBeVisible();
  await page.getByRole('textbox', { name: 'Domains' }).fill(`docs.${alpha}`);
  await page.getByRole('textbox', { name: 'Domains' }).press('Enter');
  await page.getByRole('button', { name: `Remove ${beta}` }).click();
  await co.field('Company name').fill('Acme Labs');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Success');
  await expect(page.locator(`[data-domain="docs.${alpha}"]`)).toBeVisible();
  await expect(page.locator(`[data-domain="${beta}"]`)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Email notifications' }).click();
  await expectToast(page, 'Notification settings updated');
  await expect(
    page.getByRole('switch', { name: 'Email notifications' }),
  ).toHaveAttribute('aria-checked', 'false');

  const update = page.getByRole('button', { name: 'Update password' });
  await expect(update).toBeDisabled();
  await co.field('Current password').fill('first-password');
  await co.field('New password').fill('second-password');
  await co.field('Confirm new password').fill('something-else');
  await update.click();
  await expectToast(page, 'Password mismatch');
  await co.field('Confirm new password').fill('second-password');
  await update.click();
  await expectToast(page, 'Password updated');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expectToast(page, 'Account deletion requested');

  await co.logout();
  await expectToast(page, 'Signed out');
  await co.signIn(email, 'second-password');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Acme Labs',
  );
});

test('a Pro company filters by everything; sign-in and duplicates', async ({
  page,
}) => {
  const co = new CompanyPage(page);
  await page.goto('/company-dashboard');
  await expect(
    page.getByText('No company found. Redirecting...'),
  ).toBeVisible();
  await expect(page).toHaveURL('/company-signup');

  await co.signUp({
    email: 'other@example.org',
    password: DEMO_PASSWORD,
    companyName: 'Dup',
  });
  await expectToast(page, 'Account exists');

  await co.signIn('other@example.org', DEMO_PASSWORD);
  await expectToast(page, 'Welcome back!');
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(co.counter()).toHaveText(/\/20/);
  await expect(
    page.getByText('Upgrade to premium to use advanced filters'),
  ).toHaveCount(0);
  const category = page.getByRole('combobox', { name: /Category/ });
  await expect(category).toBeEnabled();
  await expect(co.items().first()).toBeVisible();
  await category.selectOption('feature');
  await expect(
    co.items().filter({ hasNotText: 'Feature Request' }),
  ).toHaveCount(0);
  await expect(co.items().first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Reset/ })).toBeVisible();
  await page.goto('/company-signup');
  await expect(page).toHaveURL('/company-dashboard');
});
