import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { CompanyPage } from './pages/company.page.ts';
import { DEMO_PASSWORD, newEmail, snap } from './support.ts';

// Issue #25: a company turns on two-factor authentication in its settings
// (QR code and key, confirmed with a code), and from then on signing in
// asks for the code before the dashboard; a wrong code is refused, and the
// dashboard reached with the password alone sends to the code step.

/** What an authenticator app shows for the key now. */
function codeFor(secret: string): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
}

const wrongCode = (code: string) =>
  code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

const codeField = (page: Page) =>
  page.getByRole('textbox', { name: '6-digit code', exact: true });

async function signInWithPassword(page: Page, email: string) {
  const co = new CompanyPage(page);
  await page.goto('/company-signup?mode=signin');
  await co.field('Email').fill(email);
  await co.field('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a company turns on two-factor authentication and signs in with a code', async ({
  page,
}) => {
  test.slow();
  const co = new CompanyPage(page);
  const email = newEmail('mfa');
  await co.signUp({
    email,
    password: DEMO_PASSWORD,
    companyName: 'Twofactor Ltd',
    domains: 'twofactor-ltd.test',
  });
  await expect(page).toHaveURL('/company-dashboard');

  // Settings: the card is off; setting it up shows the QR code and the key.
  await page.goto('/company-settings');
  const card = page.locator('#two-factor');
  await expect(
    card.getByRole('heading', { name: 'Two-factor authentication' }),
  ).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card
    .getByRole('button', { name: 'Set up two-factor authentication' })
    .click();
  const qr = card.getByRole('img', {
    name: 'QR code to add Peega to your authenticator app',
  });
  await expect(qr).toBeVisible();
  // The QR code is a real image (the SVG GoTrue sends, as a data URI).
  expect(
    await qr.evaluate(
      (img: HTMLImageElement) => img.complete && img.naturalWidth > 0,
    ),
  ).toBe(true);
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, 'company-mfa-enrol');

  // A wrong code is refused with a clear message; the right one turns it on.
  await codeField(page).fill(wrongCode(codeFor(secret)));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'That code is not right. Enter the current 6-digit code from your authenticator app.',
  );
  await codeField(page).fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(co.toast('Two-factor authentication is on')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Turn off two-factor authentication' }),
  ).toBeVisible();
  await snap(page, 'company-mfa-on');

  // Sign out, sign in: the code step comes before the dashboard.
  await co.logout();
  await signInWithPassword(page, email);
  await expect(
    page.getByRole('heading', { name: 'Enter your authentication code' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL('/company-dashboard');
  await snap(page, 'company-mfa-step');

  // The dashboard with the password alone sends back to the code step.
  await page.goto('/company-dashboard');
  await expect(
    page.getByRole('heading', { name: 'Enter your authentication code' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/company-signup\?mode=signin$/);

  // A wrong code is refused; the right one reaches the dashboard.
  await codeField(page).fill(wrongCode(codeFor(secret)));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Enter the current 6-digit code from your authenticator app.',
  );
  await expect(page).not.toHaveURL('/company-dashboard');
  await codeField(page).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/company-dashboard');
  await expect(page.getByText('Twofactor Ltd').first()).toBeVisible();

  // Turning it off asks for a code; then signing in needs none.
  await page.goto('/company-settings');
  await card
    .getByRole('button', { name: 'Turn off two-factor authentication' })
    .click();
  await codeField(page).fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(co.toast('Two-factor authentication is off')).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await co.logout();
  await signInWithPassword(page, email);
  await expect(page).toHaveURL('/company-dashboard');
});
