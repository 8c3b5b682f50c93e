import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { SubmitFeedbackPage } from './pages/submit-feedback.page.ts';
import { DEMO_PASSWORD, newEmail, snap } from './support.ts';

test('the feedback list shows a Storage thumbnail of the screenshot; its link opens the full image', async ({
  page,
}) => {
  const shot = await sharp({
    create: { width: 1920, height: 1080, channels: 3, background: '#2f6fd6' },
  })
    .png()
    .toBuffer();
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signUp('Thumb User', newEmail('thumb'), DEMO_PASSWORD);
  const dashboard = new DashboardPage(page);
  await dashboard.expectLoaded();

  const form = new SubmitFeedbackPage(page);
  await page.getByRole('link', { name: '+Add Feedback' }).click();
  const title = `Hero image cut off ${Date.now().toString(36)}`;
  await form.field('Company Name').fill('Example Inc.');
  await form.field('Website URL').fill('https://example.com/');
  await form.field('Feedback Title').fill(title);
  await form
    .field('Detailed Description')
    .fill('The hero picture is cropped on wide screens.');
  await form.category('Bug Report').click();
  await form.attach('Screenshot', {
    name: 'shot.png',
    mimeType: 'image/png',
    buffer: shot,
  });
  await expect(page.getByText('Screenshot uploaded!')).toBeVisible();
  await form.submit().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Awesome!' }).click();

  await dashboard.expectLoaded();
  const item = dashboard.item(title);
  await item.getByRole('button', { name: 'See more' }).click();
  const img = item.getByRole('img', { name: /Screenshot/ });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute(
    'src',
    /\/storage\/v1\/render\/image\/sign\/screenshots\//,
  );
  await expect
    .poll(() =>
      img.evaluate((el: HTMLImageElement) => el.complete && el.naturalHeight),
    )
    .toBe(448);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(
    796,
  );
  await expect(
    item.locator('a', {
      has: page.getByRole('img', { name: /Screenshot/ }),
    }),
  ).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/screenshots\//);
  await snap(page, 'dashboard-screenshot-thumbnail');

  // A hosted project without image transformations refuses render URLs:
  // the list falls back to the full image instead of a broken one.
  await page.route('**/storage/v1/render/image/**', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }),
  );
  await page.reload();
  await dashboard.item(title).getByRole('button', { name: 'See more' }).click();
  await expect(img).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/sign\/screenshots\//,
  );
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBe(1920);
});
