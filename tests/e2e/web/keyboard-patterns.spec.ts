import { expect, test, type Locator, type Page } from '@playwright/test';
import { withSession } from './support.ts';

// Issue #20: dialogs, menus and tabs follow their WAI-ARIA patterns, driven
// from the keyboard alone.

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function expectFocusInside(page: Page, container: Locator) {
  const inside = await container.evaluate((el) =>
    el.contains(document.activeElement),
  );
  expect(inside, `focus is on "${await focused(page)}"`).toBe(true);
}

test.describe('dialog', () => {
  test('the feedback detail: focus moves in, Tab stays inside, Escape closes and focus returns', async ({
    page,
  }) => {
    await withSession(page, 'company@example.com');
    await page.goto('/company-dashboard');
    const opener = page
      .getByTestId('company-feedback-item')
      .first()
      .getByRole('button')
      .filter({ has: page.locator('h3') });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('feedback-detail')).toBeVisible();
    await expectFocusInside(page, dialog);
    // Round the dialog twice: focus never reaches the page behind it.
    const stops = await dialog
      .locator('button, a[href], input, select, textarea, audio')
      .count();
    for (let i = 0; i < stops * 2 + 2; i += 1) {
      await page.keyboard.press('Tab');
      await expectFocusInside(page, dialog);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusInside(page, dialog);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the admin preview: Escape closes and focus returns to Preview', async ({
    page,
  }) => {
    await withSession(page, 'admin@example.com');
    await page.goto('/blog-admin');
    await page.getByRole('button', { name: 'New Article' }).click();
    const preview = page.getByRole('button', { name: 'Preview', exact: true });
    await preview.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Article Preview' });
    await expect(dialog).toBeVisible();
    await expectFocusInside(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(preview).toBeFocused();
  });
});

for (const { where, email, url, button, items } of [
  {
    where: 'consumer header',
    email: 'consumer@example.com',
    url: '/app',
    button: 'User menu',
    // Referrals and Download Extension are in the header at this width.
    items: [
      'Account Details',
      'Profile Settings',
      'Badges',
      'Rewards',
      'Experience',
      'Community',
      'Sign Out',
    ],
  },
  {
    where: 'company header',
    email: 'company@example.com',
    url: '/company-dashboard',
    button: 'Company menu',
    items: ['Insights', 'Company Settings', 'Logout'],
  },
  {
    where: 'blog navigation',
    email: 'consumer@example.com',
    url: '/blog',
    button: 'Account menu',
    items: ['Dashboard', 'Sign Out'],
  },
]) {
  test(`menu button pattern: ${where}`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await withSession(page, email);
    await page.goto(url);
    const trigger = page.getByRole('button', { name: button });
    const menu = page.getByRole('menu');
    const item = (i: number) =>
      menu.getByRole('menuitem', { name: items.at(i), exact: true });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Enter opens with the first item focused.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText(items);
    await expect(item(0)).toBeFocused();

    // Arrows move and wrap; Home and End jump.
    await page.keyboard.press('ArrowDown');
    await expect(item(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(item(-1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(item(-1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item(0)).toBeFocused();

    // Escape closes and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp on the button opens at the last item; Tab closes.
    await page.keyboard.press('ArrowUp');
    await expect(item(-1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // ArrowDown opens too, at the first item.
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(item(0)).toBeFocused();
  });
}

for (const { where, url, email, list, tabs } of [
  {
    where: 'consumer sign-in',
    url: '/auth?mode=signin',
    email: undefined,
    list: 'Sign in or sign up',
    tabs: ['Sign In', 'Sign Up'],
  },
  {
    where: 'company sign-up',
    url: '/company-signup',
    email: undefined,
    list: 'Sign up or sign in',
    tabs: ['Sign Up', 'Sign In'],
  },
  {
    where: 'blog admin',
    url: '/blog-admin',
    email: 'admin@example.com',
    list: 'Blog admin sections',
    tabs: ['Articles', 'Categories', 'Tags', 'Waiting sites'],
  },
]) {
  test(`tabs pattern: ${where}`, async ({ page }) => {
    if (email) await withSession(page, email);
    await page.goto(url);
    const tablist = page.getByRole('tablist', { name: list });
    const tab = (i: number) =>
      tablist.getByRole('tab', { name: tabs.at(i), exact: true });
    const panel = page.getByRole('tabpanel');
    await expect(tab(0)).toHaveAttribute('aria-selected', 'true');
    // One Tab stop: the selected tab.
    await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(tab(1)).toHaveAttribute('tabindex', '-1');
    await expect(tab(0)).toHaveAttribute(
      'aria-controls',
      (await panel.getAttribute('id'))!,
    );

    await tab(0).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(1)).toBeFocused();
    await expect(tab(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(0)).toHaveAttribute('aria-selected', 'false');
    await expect(tab(1)).toHaveAttribute('tabindex', '0');
    await expect(panel).toHaveAttribute(
      'aria-labelledby',
      (await tab(1).getAttribute('id'))!,
    );
    await page.keyboard.press('End');
    await expect(tab(-1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(0)).toBeFocused(); // wraps
    await page.keyboard.press('ArrowLeft');
    await expect(tab(-1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(0)).toBeFocused();
    await expect(tab(0)).toHaveAttribute('aria-selected', 'true');
  });
}
