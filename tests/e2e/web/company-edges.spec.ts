import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { CompanyPage } from './pages/company.page.ts';
import {
  DEMO_PASSWORD,
  newEmail,
  shoot,
  signedInClient,
  snap,
} from './support.ts';

// Issue #19 "Trust at the edges", the company items, driven as the tester
// did: a consumer never becomes a company silently (14), domains are not
// lost in one click (16) nor leak a competitor's volume (17), filters and
// paging survive a reload (20), triage on the free plan (21), settings
// (22) and the team tabs by keyboard (13).

async function expectToast(page: Page, title: string) {
  await expect(new CompanyPage(page).toast(title)).toBeVisible();
}

async function newConsumer() {
  const email = newEmail('consumer');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Casey New' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { email, client };
}

test('a consumer becomes a company only through the form and its terms (14)', async ({
  page,
}) => {
  const co = new CompanyPage(page);
  const consumer = await newConsumer();
  const companies = async () =>
    (await consumer.client.from('companies').select('id')).data ?? [];

  // Company sign-up with the consumer's e-mail: the right message, and what
  // was typed is kept for the sign-in that follows.
  await page.goto('/company-signup');
  await co.field('Email').fill(consumer.email);
  await co.field('Password').fill(DEMO_PASSWORD);
  await co.field('Confirm password').fill(DEMO_PASSWORD);
  await co.field('Company name').fill('Casey Studio');
  await co.field('Domain').fill('casey-studio.test');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create company account' }).click();
  await expectToast(page, 'Account exists');
  await expect(co.toast('Account exists')).toContainText(
    'you can add a company profile',
  );
  await expect(page).toHaveURL(/mode=signin/);
  await expect(co.field('Email')).toHaveValue(consumer.email);

  await co.field('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Add a company profile' }),
  ).toBeVisible();
  await expect(co.field('Company name')).toHaveValue('Casey Studio');
  await expect(co.field('Domain')).toHaveValue('casey-studio.test');
  expect(await companies()).toEqual([]);

  // Opening the dashboard creates nothing either: it leads to the form.
  await page.goto('/company-dashboard');
  await expect(page).toHaveURL('/company-signup');
  await expect(
    page.getByRole('heading', { name: 'Add a company profile' }),
  ).toBeVisible();
  expect(await companies()).toEqual([]);
  await snap(page, 'company-add-profile');

  const create = page.getByRole('button', { name: 'Create company profile' });
  await expect(create).toBeDisabled();
  await co.field('Company name').fill('Casey Studio');
  await page.getByRole('checkbox').check();
  await create.click();
  await expectToast(page, 'Welcome!');
  await expect(page).toHaveURL('/company-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Casey Studio',
  );
  expect(await companies()).toHaveLength(1);
});

test('removing a verified domain asks first and keeps its proof; claimed domains show no figures (16, 17, 22)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  await page.goto('/company-settings');
  const row = page.locator('[data-domain="example.com"]');
  await expect(row).toContainText('Verified');

  // One click no longer removes it.
  await page.getByRole('button', { name: 'Remove example.com' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Remove a verified domain?',
  });
  await expect(dialog).toContainText('within 30 days');
  await snap(page, 'company-remove-domain');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(
    page.getByRole('button', { name: 'Remove example.com' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove example.com' }).click();
  await dialog.getByRole('button', { name: 'Remove domain' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Success');
  await expect(row).toHaveCount(0);

  // Back within the grace period: verified again without a new proof.
  await page.getByRole('textbox', { name: 'Domains' }).fill('example.com');
  await page.getByRole('textbox', { name: 'Domains' }).press('Enter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('Verified');
  await expect(row).toContainText(/\d+ feedback/);

  // Copy buttons for the record of an unverified domain.
  const fresh = `copy${Date.now().toString(36)}.test`;
  await page.getByRole('textbox', { name: 'Domains' }).fill(fresh);
  await page.getByRole('textbox', { name: 'Domains' }).press('Enter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const freshRow = page.locator(`[data-domain="${fresh}"]`);
  await freshRow.getByRole('button', { name: 'How to verify' }).click();
  const value = await freshRow.getByTestId('dns-value').textContent();
  await freshRow.getByRole('button', { name: 'Copy Record value' }).click();
  await expectToast(page, 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  await snap(page, 'company-domain-copy');

  // Delete account says how to reach support.
  const support = page.getByRole('link', { name: 'hello@peega.app' });
  await expect(support).toHaveAttribute('href', /^mailto:hello@peega\.app/);
});

test('a domain another company verified is claimed at once, without figures (17)', async ({
  page,
}) => {
  const co = new CompanyPage(page);
  await co.signUp({
    email: newEmail('rival'),
    password: DEMO_PASSWORD,
    companyName: 'Rival',
  });
  await expect(page).toHaveURL('/company-dashboard');
  await page.goto('/company-settings');
  await page.getByRole('textbox', { name: 'Domains' }).fill('example.com');
  await page.getByRole('textbox', { name: 'Domains' }).press('Enter');
  await expect(
    page.getByText(
      'example.com is already verified by another company. Contact support if you own it.',
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove example.com' }),
  ).toHaveCount(0);
  // No figures of a claimed domain ("N feedback").
  await expect(page.locator('#domains')).not.toContainText(/\d+ feedback/);
  await snap(page, 'company-domain-claimed');
});

// The journeys share one backend: the demo company's daily views this file
// uses up are given back, so later journeys can still open its feedback.
test.afterEach(async () => {
  const company = await signedInClient('company@example.com');
  const { error } = await company.rpc('reset_daily_feedback_views', {});
  expect(error).toBeNull();
});

test('filters live in the URL; empty results offer Clear filters; paging returns to the list (20, 21)', async ({
  page,
}) => {
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  await expect(co.counter()).toHaveText(/\/5 today/);
  await expect(co.items().first()).toBeVisible();
  await expect(co.items().first()).toContainText(/example\.com\/\w/);

  await page.getByRole('searchbox').fill('zzz-nothing-like-this');
  await expect(
    page.getByText('No feedback matches your filters'),
  ).toBeVisible();
  await expect(page).toHaveURL(/q=zzz-nothing-like-this/);
  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue(
    'zzz-nothing-like-this',
  );
  await expect(
    page.getByText('No feedback matches your filters'),
  ).toBeVisible();
  await snap(page, 'company-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(co.items().first()).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of')).toBeVisible();
  const top = await page
    .getByLabel('Feedback list')
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeLessThan(200);
  await page.reload();
  await expect(page.getByText('Page 2 of')).toBeVisible();

  // Triage: a status change of a feedback opened today costs no view. The
  // suite shares one backend: an earlier journey may have opened the same
  // feedback today (free to re-open), so the counter is read once settled.
  await page.goto('/company-dashboard');
  await expect(co.counter()).toHaveText(/\/5 today/);
  // Seeded titles repeat: rows are opened by position.
  const openAt = (i: number) =>
    co.items().nth(i).locator('button:has(h3)').click();
  const allowanceRead = () =>
    page.waitForResponse((r) =>
      r.url().includes('/rpc/get_company_view_allowance'),
    );
  const settled = allowanceRead();
  await openAt(0);
  await expect(co.detail()).toBeVisible();
  await settled;
  const afterOpen = (await co.counter().textContent())!;
  const moves = co.detail().getByRole('group', { name: 'Change status' });
  await moves.getByRole('button', { name: 'In Progress' }).click();
  await expectToast(page, 'Status updated');
  await co.closeDetail();
  await openAt(0);
  await expect(co.detail()).toBeVisible();
  await co.closeDetail();
  await expect(co.counter()).toHaveText(afterOpen);

  // At the limit, Upgrade leads to the plans.
  const rows = await co.items().count();
  for (let i = 1; i < rows; i++) {
    await openAt(i);
    await expect(co.detail().or(co.toast('Daily limit reached'))).toBeVisible();
    if (await co.toast('Daily limit reached').isVisible()) break;
    await co.closeDetail();
  }
  await expectToast(page, 'Daily limit reached');
  await co
    .toast('Daily limit reached')
    .getByRole('button', { name: 'Upgrade' })
    .click();
  await expect(page).toHaveURL('/companies#pricing');
  await expect(page.locator('#pricing')).toBeInViewport();

  // Back at the limit, as the tester was: a feedback opened today opens
  // again without the paywall, and its status changes without a view.
  await page.goto('/company-dashboard');
  await expect(co.counter()).toContainText('5/5 today');
  await openAt(0);
  await expect(co.detail()).toBeVisible();
  await expect(co.toast('Daily limit reached')).toBeHidden();
  await co
    .detail()
    .getByRole('group', { name: 'Change status' })
    .getByRole('button', { name: 'Completed' })
    .click();
  await expectToast(page, 'Status updated');
  await expect(co.detail().getByText('Completed').first()).toBeVisible();
  await snap(page, 'company-triage-at-limit');
  await co.closeDetail();
  await expect(co.items().nth(0)).toHaveAttribute('data-status', 'completed');
  await expect(co.counter()).toContainText('5/5 today');
  await expect(co.toast('Daily limit reached')).toBeHidden();
});

test('an inverted date range is an inline error (20)', async ({ page }) => {
  const co = new CompanyPage(page);
  await co.signIn('other@example.org', DEMO_PASSWORD);
  await expect(co.counter()).toHaveText(/\/20 per week/);
  await page
    .getByRole('textbox', { name: 'From', exact: true })
    .fill('2026-03-10');
  await page
    .getByRole('textbox', { name: 'To', exact: true })
    .fill('2026-03-01');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'start date must be on or before' }),
  ).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'To', exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(
    page.getByRole('textbox', { name: 'From', exact: true }),
  ).toHaveValue('2026-03-10');
});

test('the domain filter narrows to a subdomain feedback came from (20)', async ({
  page,
}) => {
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  await expect(co.items().first()).toBeVisible();
  const domain = page.getByRole('combobox', { name: 'Domain' });
  // Offered under the verified domain: the hosts the feedback came from.
  await expect(domain.locator('option')).toContainText([
    'All domains',
    'example.com',
    'shop.example.com',
  ]);
  await domain.selectOption('shop.example.com');
  await expect(page).toHaveURL(/domain=shop\.example\.com/);
  await expect(co.items().first()).toContainText('shop.example.com/cart');
  for (const row of await co.items().all())
    await expect(row).toContainText('shop.example.com');
  await snap(page, 'company-subdomain-filter');
  await page.reload();
  await expect(domain).toHaveValue('shop.example.com');
  await expect(co.items().first()).toContainText('shop.example.com');
});

test('the team tabs follow the WAI-ARIA tabs pattern (13)', async ({
  page,
}) => {
  await page.goto('/companies');
  const tabs = page.getByRole('tablist', { name: 'Teams' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(0)).toHaveAttribute('tabindex', '0');
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(tabs.nth(0)).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel')).toHaveAttribute(
    'aria-labelledby',
    (await tabs.nth(1).getAttribute('id'))!,
  );
  await page.keyboard.press('End');
  await expect(tabs.nth(3)).toBeFocused();
  await expect(page.getByRole('tabpanel')).toContainText('Reproduce bugs');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(3)).toBeFocused();
});

test('on a phone the first feedback is on the first screen; filters open behind a button; the subtitle counts matches (#40 item 9)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  await expect(co.items().first()).toBeInViewport();
  const box = await co.items().first().boundingBox();
  expect(box!.y).toBeLessThan(844 - 80);
  await expect(
    page.getByText(/\d+ feedback on your verified domains/),
  ).toBeVisible();
  const domain = page.getByRole('combobox', { name: 'Domain' });
  await expect(domain).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await shoot(page, 'company-dashboard-phone-filters-closed');
  await toggle.click();
  await expect(domain).toBeVisible();
  await domain.selectOption('shop.example.com');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(
    page.getByText(/^\d+ feedback match(es)? your filters$/),
  ).toBeVisible();
  await expect(
    page.getByText(/feedback on your verified domains/),
  ).toBeHidden();
  await shoot(page, 'company-dashboard-phone-filters-open');
  // Desktop: every filter shows, no button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
});
