import { expect, test, type Page } from '@playwright/test';
import { companySignUpMetadata } from '../../../shared/data/companies.ts';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { CompanyPage } from './pages/company.page.ts';
import { DEMO_PASSWORD, newEmail, snap } from './support.ts';

// Issue #20 (privacy): one tab, two companies. The first signs out, the
// second signs in without a reload; it must never see the first's
// feedback, not even for one frame while its own list loads.

/** A second company (supabase-js in the test process), with no feedback. */
async function newCompany() {
  const email = newEmail('second-co');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  // The company comes with the sign-up, in the same transaction (#20).
  const { data, error } = await client.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: {
      data: companySignUpMetadata({
        companyName: 'Second Co',
        websiteUrl: null,
        domains: [`second${process.pid}${Date.now().toString(36)}.com`],
      }),
    },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return email;
}

/** Records every DOM change that shows `titles` (or any feedback row) once `when` is on the page. */
function watchForLeaks(args: { titles: string[]; when: string }) {
  const w = window as unknown as { leaks: string[] };
  w.leaks = [];
  const check = () => {
    const text = document.body.textContent ?? '';
    if (!text.includes(args.when)) return;
    if (document.querySelector('[data-testid="company-feedback-item"]'))
      w.leaks.push('a feedback row');
    for (const t of args.titles) if (text.includes(t)) w.leaks.push(t);
  };
  new MutationObserver(check).observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

const leaksOf = (page: Page) =>
  page.evaluate(() => [
    ...new Set((window as unknown as { leaks: string[] }).leaks),
  ]);

test("a company signed in after another on the same tab never sees the other's feedback", async ({
  page,
}) => {
  const second = await newCompany();
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  const titles = co.items().locator('h3');
  await expect(titles.first()).toBeVisible();
  const seen = (await titles.allTextContents()).map((t) => t.trim());
  expect(seen.length).toBeGreaterThan(0);

  // Logout is an in-app navigation: the page (and its memory) stays.
  await co.logout();
  await expect(page).toHaveURL('/company-signup?mode=signin');
  await expect(co.items()).toHaveCount(0);

  // From here on, every DOM change is checked for the first company's list.
  await page.evaluate(watchForLeaks, { titles: seen, when: '' });

  await co.field('Email').fill(second);
  await co.field('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/company-dashboard');
  await expect(
    page.getByRole('heading', { name: 'Feedback for Second Co' }),
  ).toBeVisible();
  // Any refetch of a stale cached list would land within this time.
  await page.waitForTimeout(1500);
  expect(await leaksOf(page)).toEqual([]);
  await expect(page.getByText('No feedback yet.')).toBeVisible();
  await snap(page, 'company-second-account');
  await expect(co.items()).toHaveCount(0);
});

test("a company signed in from another tab: this tab drops the first company's feedback", async ({
  page,
  context,
}) => {
  const second = await newCompany();
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  const titles = co.items().locator('h3');
  await expect(titles.first()).toBeVisible();
  const seen = (await titles.allTextContents()).map((t) => t.trim());
  // This tab may show them until the other account arrives, never with it.
  await page.evaluate(watchForLeaks, { titles: seen, when: 'Second Co' });

  const other = await context.newPage();
  const otherCo = new CompanyPage(other);
  await other.goto('/company-dashboard');
  await expect(otherCo.items().first()).toBeVisible();
  await otherCo.logout();
  await expect(other).toHaveURL('/company-signup?mode=signin');
  await otherCo.field('Email').fill(second);
  await otherCo.field('Password').fill(DEMO_PASSWORD);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(other).toHaveURL('/company-dashboard');

  // The first tab follows the session (supabase-js tells every tab).
  await expect(
    page.getByRole('heading', { name: 'Feedback for Second Co' }),
  ).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await leaksOf(page)).toEqual([]);
  await expect(page.getByText('No feedback yet.')).toBeVisible();
});
