import { expect, test } from '@playwright/test';
import { AuthPage } from './pages/auth.page.ts';
import { DEMO_PASSWORD } from './support.ts';

// Issue #19 item 7: screens for signed-in people ask signed-out visitors to
// sign in (not sign up), and sign-in returns them where they were going.

async function signInHere(auth: AuthPage, email: string) {
  await expect(auth.tab('Sign In')).toHaveAttribute('aria-selected', 'true');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.submit().click();
}

test('a signed-out visit of /referrals signs in and comes back to /referrals', async ({
  page,
}) => {
  const auth = new AuthPage(page);
  await page.goto('/referrals');
  await expect(page).toHaveURL('/auth?mode=signin&next=%2Freferrals');
  await signInHere(auth, 'consumer@example.com');
  await expect(page).toHaveURL('/referrals');

  // The return path also survives a switch to the Sign Up tab and back.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/badges');
  await expect(page).toHaveURL('/auth?mode=signin&next=%2Fbadges');
  await auth.tab('Sign Up').click();
  await auth.tab('Sign In').click();
  await signInHere(auth, 'consumer@example.com');
  await expect(page).toHaveURL('/badges');
});

test('the blog admin signs in from Access Denied and returns to /blog-admin', async ({
  page,
}) => {
  await page.goto('/blog-admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await signInHere(new AuthPage(page), 'admin@example.com');
  await expect(page).toHaveURL('/blog-admin');
  await expect(page.getByText('Access Denied')).toHaveCount(0);
});

test('only same-origin paths are followed after sign-in', async ({ page }) => {
  const auth = new AuthPage(page);
  for (const next of [
    '//evil.example/app',
    'https://evil.example/',
    '/\\evil.example',
  ]) {
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/auth?mode=signin&next=${encodeURIComponent(next)}`);
    await signInHere(auth, 'consumer@example.com');
    await expect(page).toHaveURL('/app');
  }
});

test("the blog's Log in signs in and comes back to the article", async ({
  page,
}) => {
  await page.goto('/blog/levels-badges-and-fair-play');
  await page.getByRole('link', { name: 'Log in' }).click();
  await signInHere(new AuthPage(page), 'consumer@example.com');
  await expect(page).toHaveURL('/blog/levels-badges-and-fair-play');
});
