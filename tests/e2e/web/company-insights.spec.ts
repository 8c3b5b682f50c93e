import { expect, test } from '@playwright/test';
import { withSession } from './support.ts';

// Issue #22: the demo company opens Insights from its dashboard and sees
// this week among the weeks, each chart with its numbers as a table; the
// charting library arrives with this view only.

const SHOTS = process.env.PEEGA_SHOTS_DIR ?? 'test-results/screens';

/** "23 Nov": this week's Monday (UTC), as the tables name weeks. */
function thisWeek(): string {
  const d = new Date();
  const back = (d.getUTCDay() + 6) % 7;
  const monday = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back),
  );
  return monday.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

test('the demo company opens Insights and sees the week', async ({ page }) => {
  test.setTimeout(60_000);
  await withSession(page, 'company@example.com');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/company-dashboard');
  await expect(page.getByRole('link', { name: 'Insights' })).toBeVisible();
  // The dashboard loads no chart code.
  expect(scripts.filter((u) => u.includes('company-insights'))).toEqual([]);

  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL('/company-dashboard/insights');
  await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
  expect(scripts.some((u) => u.includes('company-insights'))).toBe(true);

  const table = page.getByRole('table', {
    name: 'Feedback per week by category',
  });
  // Twelve weeks, this one last, with the numbers screen readers get.
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').last()).toContainText(thisWeek());
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByText('Feedback'),
  ).toBeVisible();

  // The numbers on request, to everyone.
  await page.getByRole('button', { name: 'Show numbers' }).first().click();
  await expect(table).toBeVisible();

  await page.screenshot({ path: `${SHOTS}/insights-12-weeks-desktop.png` });
  // Four weeks: four rows.
  await page.getByLabel('Period').selectOption('4');
  await expect(table.getByRole('row')).toHaveCount(5);

  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${SHOTS}/insights-${name}.png`,
      fullPage: true,
    });
    // Readable at 390 px: nothing shown is wider than the screen (the
    // screen readers' copies of the tables are visually hidden).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => !e.closest('.sr-only'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(wide).toEqual([]);
  }
});

test('a member turns the weekly summary on in Settings', async ({ page }) => {
  await withSession(page, 'company@example.com');
  await page.goto('/company-settings#weekly-summary');
  const card = page.locator('#weekly-summary');
  const toggle = card.getByRole('switch', {
    name: 'E-mail me a weekly summary',
  });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/weekly-summary-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(
    page.locator('#weekly-summary').getByRole('switch'),
  ).toHaveAttribute('aria-checked', 'true');
  // #40 item 20: the member can see what the e-mail says before Monday.
  await page
    .locator('#weekly-summary')
    .getByRole('button', { name: 'Preview the summary' })
    .click();
  const preview = page.getByTestId('weekly-summary-preview');
  await expect(preview).toContainText(/^Your week at Example Inc\. \(/);
  await expect(
    preview.getByRole('heading', { name: 'Rising topics' }),
  ).toBeVisible();
  await expect(
    preview.getByRole('heading', { name: 'Waiting longest' }),
  ).toBeVisible();
  await expect(preview).not.toContainText('0 days');
  await page.screenshot({ path: `${SHOTS}/weekly-summary-preview.png` });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.locator('#weekly-summary').getByRole('switch').click();
  await expect(
    page.locator('#weekly-summary').getByRole('switch'),
  ).toHaveAttribute('aria-checked', 'false');
});
