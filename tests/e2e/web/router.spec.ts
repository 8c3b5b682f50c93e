import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CompanyPage } from './pages/company.page.ts';
import { DEMO_PASSWORD } from './support.ts';

// The web app's router (React Router, issue #20): scroll restoration, the
// error boundary, filters in the URL and each route's preloaded modules.

test('a new screen starts at its top; Back returns to where the reader was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/user-feedback');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footerLink = page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Privacy Policy' });
  await footerLink.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(500);

  await footerLink.click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/user-feedback');
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(before - 50);
});

test('a screen that fails shows why, and moving on clears it', async ({
  page,
}) => {
  // The data screens need /config.json: without it they fail to render.
  // The pages without a backend (legal pages) work all the same.
  await page.route('**/config.json', (route) =>
    route.fulfill({ status: 503, body: 'down' }),
  );
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/auth');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(
    page.getByRole('heading', { name: "Peega can't reach its server" }),
  ).toBeVisible();
  await expect(
    page.getByText('The server answered /config.json with HTTP 503.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Privacy Policy' }),
  ).toBeVisible();
});

test("the company dashboard's filters live in the URL: reload keeps them, Back restores the previous ones", async ({
  page,
}) => {
  const co = new CompanyPage(page);
  await co.signIn('company@example.com', DEMO_PASSWORD);
  const search = page.getByRole('searchbox');
  const domain = page.getByRole('combobox', { name: 'Domain' });

  await search.fill('checkout');
  await expect(page).toHaveURL(/[?&]q=checkout(&|$)/);
  await domain.selectOption('example.com');
  await expect(page).toHaveURL(/[?&]domain=example\.com/);

  await page.reload();
  await expect(search).toHaveValue('checkout');
  await expect(domain).toHaveValue('example.com');

  await page.goBack();
  await expect(page).toHaveURL('/company-dashboard?q=checkout');
  await expect(domain).toHaveValue('');
  await expect(search).toHaveValue('checkout');

  // One history entry for the whole word typed, not one per key.
  await page.goBack();
  await expect(page).toHaveURL('/company-dashboard');
  await expect(search).toHaveValue('');
});

test("a route's lazy modules are preloaded with the page", async ({ page }) => {
  const manifest = JSON.parse(
    readFileSync(path.resolve('web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean }>;
  const file = (src: string) => `/${manifest[src]!.file}`;

  // The entry never arrives: whatever is preloaded now was asked for by the
  // page itself, not by the app's code once it ran.
  const entry = `/${Object.values(manifest).find((c) => c.isEntry)!.file}`;
  await page.route(`**${entry}`, () => undefined);
  await page.goto('/company-dashboard', { waitUntil: 'commit' });
  const preloaded = () =>
    page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  await expect
    .poll(preloaded)
    .toEqual(
      expect.arrayContaining([
        file('src/app/data-layout.tsx'),
        file('src/app/routes/company/company-dashboard.tsx'),
      ]),
    );
  expect(await preloaded()).not.toContain(
    file('src/app/routes/landing/home.tsx'),
  );
});

test("the blog admin's open section lives in the URL", async ({ page }) => {
  await page.goto('/auth?mode=signin&next=%2Fblog-admin');
  await page
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('admin@example.com');
  await page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill(DEMO_PASSWORD);
  // The tab and the form's button share the name.
  await page
    .getByRole('button', { name: 'Sign In', exact: true })
    .last()
    .click();
  await expect(page).toHaveURL('/blog-admin');
  const tab = (name: string) => page.getByRole('tab', { name });

  await tab('Categories').click();
  await expect(page).toHaveURL('/blog-admin?tab=categories');
  await page.reload();
  await expect(tab('Categories')).toHaveAttribute('aria-selected', 'true');

  await page.goBack();
  await expect(page).toHaveURL('/blog-admin');
  await expect(tab('Articles')).toHaveAttribute('aria-selected', 'true');
});

test('while the next screen loads, the current one stays and says so', async ({
  page,
}) => {
  await page.goto('/user-feedback');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The privacy page's code arrives slowly (it is not preloaded here).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/privacy-policy-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Privacy Policy' })
    .click();
  const bar = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(bar).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: /Get rewarded for it/ }),
  ).toBeVisible();

  release();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Privacy Policy' }),
  ).toBeVisible();
  await expect(bar).toBeHidden();
});
