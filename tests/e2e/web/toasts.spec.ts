import { expect, test, type Locator, type Page } from '@playwright/test';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { DEMO_PASSWORD, newEmail } from './support.ts';

// Issue #19 item 9: a failure toast does not follow the user in after a
// successful retry, and toasts cover neither header links nor page titles.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

async function expectApart(a: Locator, b: Locator) {
  const [p, q] = [await box(a), await box(b)];
  const overlap =
    p.x < q.x + q.width &&
    q.x < p.x + p.width &&
    p.y < q.y + q.height &&
    q.y < p.y + p.height;
  expect(overlap, 'toast overlaps a header link or title').toBe(false);
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a failed sign-up's toast is gone after a successful retry, and toasts cover no header or title (${size.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const auth = new AuthPage(page);
    await auth.goto();
    // The seeded consumer's address is taken: sign-up fails.
    await auth.signUp('Second Try', 'consumer@example.com', DEMO_PASSWORD);
    const failed = toasts(page).filter({ hasText: 'Sign up failed' });
    await expect(failed).toBeVisible();

    await auth.field('Email').fill(newEmail('retry'));
    await auth.submit().click();
    const dashboard = new DashboardPage(page);
    await dashboard.expectLoaded();
    // Checked at once: the toast's own timer must not pass this for us.
    await page.waitForTimeout(300);
    expect(await failed.count()).toBe(0);

    // A toast over a screen with the header and a title leaves both usable.
    await page.goto('/submit-feedback');
    await page.getByRole('button', { name: /^Submit Feedback/ }).click();
    const missing = toasts(page).filter({ hasText: 'Missing information' });
    await expect(missing).toBeVisible();
    await expectApart(missing, page.getByRole('heading', { level: 1 }));
    const header = page.getByRole('banner');
    for (const target of [
      ...(await header.getByRole('link').all()),
      ...(await header.getByRole('button').all()),
    ]) {
      if (await target.isVisible()) await expectApart(missing, target);
    }
  });
}
