import { expect, test } from '@playwright/test';

// #19 item 13 (part): the landing pages' step selector is a WAI-ARIA tablist
// driven by the keyboard, and the spec's anchors are in the navigation.

test('the how-it-works steps follow the tabs pattern', async ({ page }) => {
  await page.goto('/user-feedback');
  const list = page.getByRole('tablist', { name: 'How it works' });
  const tabs = list.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  // One tab stop: the selected tab.
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(tabs.nth(0)).toHaveAttribute('tabindex', '0');
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');

  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '0');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('Spot something');
  await expect(tabs.nth(1)).toHaveAttribute(
    'aria-controls',
    (await panel.getAttribute('id'))!,
  );

  await page.keyboard.press('End');
  await expect(tabs.nth(3)).toBeFocused();
  await expect(panel).toContainText('Earn XP and rewards');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused(); // wraps
  await page.keyboard.press('ArrowUp');
  await expect(tabs.nth(3)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.nth(0)).toBeFocused();
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tablist for the panel, not the next step.
  await page.keyboard.press('Tab');
  await expect(panel).toBeFocused();
});

for (const [path, anchors] of [
  ['/user-feedback', ['how-it-works', 'why-peega', 'faq']],
  [
    '/companies',
    ['experience', 'teams', 'testimonials', 'pricing', 'why-peega', 'faq'],
  ],
] as const) {
  test(`${path}: the navigation reaches every anchor`, async ({ page }) => {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'On this page' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(anchors.length);
    for (const [i, id] of anchors.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `#${id}`);
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await links.last().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#${anchors.at(-1)}$`));
    await expect(page.locator(`#${anchors.at(-1)}`)).toBeInViewport();
  });
}
