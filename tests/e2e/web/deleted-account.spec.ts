import { expect, test } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_SERVICE_ROLE_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { DEMO_PASSWORD, newEmail } from './support.ts';

// Issue #19 item 10: a stored session whose account was deleted is signed
// out with a clear message, not shown as an empty dashboard.
test('a session whose account was deleted is signed out with a message', async ({
  page,
}) => {
  const email = newEmail('gone');
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signUp('Soon Gone', email, DEMO_PASSWORD);
  await new DashboardPage(page).expectLoaded();

  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: found } = await admin
    .from('profiles')
    .select('id')
    .eq('email', email)
    .single();
  const { error } = await admin.auth.admin.deleteUser(found!.id);
  expect(error).toBeNull();

  await page.reload();
  await expect(page).toHaveURL(/\/auth\?mode=signin/);
  await expect(
    page.getByText('This account no longer exists.', { exact: false }),
  ).toBeVisible();
  await expect(auth.tab('Sign In')).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('heading', { level: 1, name: 'My Activity' }),
  ).toHaveCount(0);
  // Nothing of the old session is left: a second reload stays signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/auth\?mode=signin/);
});
