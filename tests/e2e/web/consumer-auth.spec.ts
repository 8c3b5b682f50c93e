import { expect, test } from '@playwright/test';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import {
  DEMO_PASSWORD,
  mailTo,
  newEmail,
  shoot,
  signedInClient,
  snap,
} from './support.ts';

test('sign up, see the empty dashboard, sign out and sign in again', async ({
  page,
}) => {
  const auth = new AuthPage(page);
  const dashboard = new DashboardPage(page);
  const email = newEmail('signup');
  await auth.goto();
  await expect(auth.field('Password')).toHaveAttribute(
    'placeholder',
    '8+ characters',
  );
  await snap(page, 'auth-signup');

  // Submit stays disabled until the terms are accepted.
  await auth.field('Full name').fill('Ada Lovelace');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill('a-good-password');
  await auth.field('Confirm password').fill('a-different-one');
  await expect(auth.submit()).toBeDisabled();
  await page.getByRole('checkbox').check();
  await auth.submit().click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await auth.field('Confirm password').fill('a-good-password');
  await auth.submit().click();
  await dashboard.expectLoaded();
  await expect(page.getByText('No feedback yet')).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Add Your First Feedback' }),
  ).toBeVisible();
  await expect(page.getByTestId('reputation')).toHaveText('0.0 / 5');
  await expect(dashboard.experience()).toContainText('Level 0');
  await snap(page, 'dashboard-empty');

  await page.goto('/experience');
  await expect(page.getByText('No experience earned yet')).toBeVisible();
  await snap(page, 'experience-empty');

  await page.goto('/app');
  await dashboard.signOut();
  await expect(
    page.getByText('You have been successfully signed out.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/auth');

  // A wrong password is refused with the server's message.
  await auth.goto('?mode=signin');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill('wrong-password');
  await auth.submit().click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await snap(page, 'auth-signin');

  await auth.signIn(email, 'a-good-password');
  await dashboard.expectLoaded();
  // Signed in, /auth sends the user on to the dashboard.
  await auth.goto();
  await expect(page).toHaveURL('/app');
});

test('a referral sign-up shows the bonus banner and earns no XP before the first feedback', async ({
  page,
}) => {
  const inviter = await signedInClient('consumer2@example.com');
  const { data: profile } = await inviter
    .from('profiles')
    .select('id, referral_code')
    .single();
  const code = profile!.referral_code as string;
  const { data: before } = await inviter
    .from('user_stats')
    .select('total_points')
    .single();

  const auth = new AuthPage(page);
  await auth.goto(`?ref=${code}`);
  await expect(
    page.getByText(
      "You'll get 30 XP bonus once you've confirmed your e-mail and sent your first feedback!",
    ),
  ).toBeVisible();
  await snap(page, 'auth-referral');
  await auth.signUp('Referred Friend', newEmail('referred'), DEMO_PASSWORD);
  await new DashboardPage(page).expectLoaded();

  // Security review M6: no referral XP before the friend's first real feedback.
  const { data: after } = await inviter
    .from('user_stats')
    .select('total_points')
    .single();
  expect(after!.total_points).toBe(before!.total_points);
});

test('forgot password: the reset e-mail leads to a page that sets a new one', async ({
  page,
  request,
}) => {
  const auth = new AuthPage(page);
  const email = newEmail('reset');
  await auth.goto();
  await auth.signUp('Reset Me', email, 'first-password');
  await new DashboardPage(page).expectLoaded();
  await new DashboardPage(page).signOut();
  await expect(page).toHaveURL('/auth');

  await auth.goto('?mode=signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  // Issue #19 item 12: this view is not called "Sign up".
  await expect(page).toHaveTitle(/^Reset password/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Reset password/,
  );
  await auth.field('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we've sent a link/)).toBeVisible();

  const { link } = await mailTo(request, email, 'recovery');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Choose a new password' }),
  ).toBeVisible();
  await snap(page, 'auth-new-password');
  await auth.field('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/at least 8 characters/)).toBeVisible();
  await auth.field('New password').fill('second-password');
  await auth.field('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await new DashboardPage(page).expectLoaded();
  // Already signed in by the link: the toast does not ask to sign in.
  const updated = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Password updated' });
  await expect(updated).toContainText("you're signed in");
  await expect(updated).not.toContainText(/sign in with/i);

  await new DashboardPage(page).signOut();
  await auth.signIn(email, 'second-password');
});

test('sign-up: Enter with the terms unticked says so; the legal pages open beside the form, which keeps what was typed (#40 items 18, 20)', async ({
  page,
}) => {
  const auth = new AuthPage(page);
  await auth.goto('?mode=signup');
  await auth.field('Full name').fill('Terms Reader');
  await auth.field('Email').fill(newEmail('terms'));
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.field('Confirm password').fill(DEMO_PASSWORD);
  // From the terms box itself, where a keyboard user arrives.
  await page.getByRole('checkbox').focus();
  await page.keyboard.press('Enter');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Please accept the terms and conditions to continue' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await shoot(page, 'sign-up-terms-alert');

  const [legal] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /^Privacy Policy/ }).click(),
  ]);
  await expect(
    legal.getByRole('heading', { level: 1, name: 'Privacy Policy' }),
  ).toBeVisible();
  await legal.close();
  await expect(auth.field('Full name')).toHaveValue('Terms Reader');
  await page.getByRole('checkbox').check();
  await expect(alert).toBeHidden();
});

test("others' wrong passwords do not lock the owner out: a sign-in link by e-mail gets them in (#40 item 22)", async ({
  page,
  request,
}) => {
  const email = newEmail('locked');
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Locked Owner' } },
  });
  expect(signUp.error).toBeNull();
  // Someone else guesses the password until the account's sign-in pauses.
  for (let i = 0; i < 12; i++) {
    await request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: DEMO_ANON_KEY },
      data: { email, password: `wrong-${i}-password` },
    });
  }
  const auth = new AuthPage(page);
  await auth.goto('?mode=signin');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.submit().click();
  const box = page.getByTestId('sign-in-link');
  await expect(box).toContainText('Password sign-in is paused');
  await shoot(page, 'sign-in-paused');
  await box.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(box).toContainText(`We sent a sign-in link to ${email}`);
  const { link } = await mailTo(request, email, 'magiclink');
  await page.goto(link);
  // Signed in: the link's tokens are gone from the address.
  await expect(page).toHaveURL(/\/app#?$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'My Activity' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('a code from the extension signs in once; a spent one asks to sign in and returns to the dashboard (#40 item 17)', async ({
  page,
  browser,
}) => {
  const extension = await signedInClient('consumer@example.com');
  const { data: code, error } = await extension.rpc('create_session_handover');
  expect(error).toBeNull();
  const href = `/auth/handover#handover=${code as string}&next=%2Fapp`;

  // First use: signed in on the dashboard; the code is not in the address.
  await page.goto(href);
  await expect(page).toHaveURL(/\/app$/);
  await new DashboardPage(page).expectLoaded();

  // The same link in another browser: spent. Nothing of it stays in the
  // address; signing in leads to the dashboard.
  const other = await browser.newPage();
  await other.goto(href);
  await expect(other.getByTestId('handover-outcome')).toHaveText(
    'This link from the extension has expired or was already used. Sign in to continue.',
  );
  await expect(other).toHaveURL(/\/auth\/handover$/);
  await shoot(other, 'session-handover-spent');
  await other.getByRole('link', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/auth\?mode=signin&next=%2Fapp$/);
  const auth = new AuthPage(other);
  await auth.field('Email').fill('consumer@example.com');
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.submit().click();
  await expect(other).toHaveURL(/\/app$/);
  await other.close();
});
