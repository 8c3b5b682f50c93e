import { expect, test } from '@playwright/test';
import { snap } from './support.ts';

test('the consumer landing explains Peega and leads to sign-up', async ({
  page,
}) => {
  await page.goto('/user-feedback');
  await expect(
    page.getByRole('heading', { level: 1, name: /Get rewarded for it/ }),
  ).toBeVisible();
  // The audience toggle: SHARE FEEDBACK is this page, SEE THE FEEDBACK goes to /companies.
  await expect(
    page.getByText('SHARE FEEDBACK', { exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('link', { name: 'SEE THE FEEDBACK' }),
  ).toHaveAttribute('href', '/companies');
  for (const id of ['how-it-works', 'why-peega', 'faq']) {
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/auth?mode=signin',
  );
  const config = await (await page.request.get('/config.json')).json();
  await expect(
    page.getByRole('link', { name: 'Download Extension' }),
  ).toHaveAttribute('href', config.extensionUrl);

  // The 4-step selector shows one step at a time.
  const steps = page.getByRole('tablist', { name: 'How it works' });
  await expect(steps.getByRole('tab')).toHaveCount(4);
  await steps.getByRole('tab', { name: /Earn XP and rewards/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('4. Earn XP');

  // The FAQ accordion has 5 questions; opening one shows its answer.
  const faq = page.locator('#faq details');
  await expect(faq).toHaveCount(5);
  await faq.nth(2).locator('summary').click();
  await expect(faq.nth(2)).toContainText('never see your name');

  // Footer with contact and legal links.
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByRole('link', { name: 'Privacy Policy' }),
  ).toBeVisible();
  await expect(footer.getByText(/hello@peega\.app/)).toBeVisible();
  await snap(page, 'landing');

  await page.getByRole('link', { name: 'Sign Up Now' }).first().click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('/ is the consumer home and signed-out visits of the app go to sign-in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('link', { name: 'SEE THE FEEDBACK' }),
  ).toBeVisible();
  for (const path of ['/app', '/submit-feedback', '/badges', '/experience']) {
    await page.goto(path);
    await expect(page).toHaveURL(
      `/auth?mode=signin&next=${encodeURIComponent(path)}`,
    );
  }
});
