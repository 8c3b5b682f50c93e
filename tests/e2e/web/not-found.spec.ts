import { expect, test } from '@playwright/test';
import { NotFoundPage } from './pages/not-found.page.ts';

test('an unknown address shows the 404 page, which leads home', async ({
  page,
}) => {
  const notFound = new NotFoundPage(page);
  const response = await notFound.goto('/this-page-does-not-exist');
  // The app shell shows the 404 page, sent with HTTP 404 (issue #19 item 12).
  expect(response?.status()).toBe(404);
  await expect(notFound.heading()).toBeVisible();
  await expect(notFound.message()).toBeVisible();
  await notFound.homeLink().click();
  await expect(page).toHaveURL('/');
});

test('the runtime configuration names this backend', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/config.json');
  expect(res.ok()).toBe(true);
  const config = await res.json();
  expect(config).toMatchObject({
    supabaseUrl: baseURL,
    demoMode: true,
    // The e2e backend is configured for the fake LinkedIn provider.
    linkedinEnabled: true,
  });
  expect(typeof config.supabaseAnonKey).toBe('string');
});
