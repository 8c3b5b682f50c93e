import { expect, test } from '@playwright/test';
import { companySignUpMetadata } from '../../../shared/data/companies.ts';
import { baseURL, e2eStripe, fixturePort } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.ts';
import { DEMO_PASSWORD, newEmail, snap, withSession } from './support.ts';

// #35 billing, in a browser: the owner of a company with a verified domain
// upgrades to Pro through Checkout (the fake Stripe's page pays and sends the
// signed event, as Stripe does), is back on Settings with Pro and its seats,
// then cancels in the Customer Portal and is on Free. (Members are refused
// billing in tests/integration/functions/billing.test.ts.)

let stripe: FakeStripe | undefined;
test.afterEach(async () => {
  await stripe?.stop();
  stripe = undefined;
});

test('the owner upgrades through Checkout and cancels in the Portal; the plan follows Stripe', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  stripe = await startFakeStripe({
    port: fixturePort,
    webhook: {
      url: `${baseURL}/functions/v1/stripe-webhook`,
      secret: e2eStripe.STRIPE_WEBHOOK_SECRET,
    },
  });
  const email = newEmail('billing-owner');
  const domain = `billing${process.pid}${Date.now().toString(36)}.com`;
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: {
      data: companySignUpMetadata({
        companyName: 'Paying Shop',
        websiteUrl: null,
        domains: [domain],
      }),
    },
  });
  expect(signUp.error).toBeNull();
  // The domain is verified as verify-domain would (its journey is company-trial's).
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: company } = await admin
    .from('companies')
    .select('id')
    .eq('email', email)
    .single();
  const verified = await admin.rpc('confirm_domain_verification', {
    p_company_id: company!.id,
    p_domain: domain,
    p_method: 'meta',
  });
  expect(verified.error).toBeNull();

  const context = await browser.newContext();
  await withSession(context, email);
  const owner = await context.newPage();
  await owner.goto('/company-settings#plan');
  const plan = owner.locator('#plan');
  await expect(plan.getByTestId('plan-name')).toHaveText('Free plan');
  await expect(plan).not.toContainText('Coming soon');
  await snap(owner, 'billing-free');

  // Checkout: Stripe's page (here the fake's) takes the payment.
  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(owner.getByRole('heading', { name: 'Pay Peega' })).toBeVisible();
  const session = stripe.calls.find((c) => c.path === '/v1/checkout/sessions');
  expect(session?.params.get('line_items[0][price]')).toBe(
    e2eStripe.STRIPE_PRICE_PRO,
  );
  await owner.getByRole('button', { name: 'Pay' }).click();

  // Back in Settings: Pro at once, three seats, the Portal offered.
  await expect(owner).toHaveURL(/\/company-settings\?billing=done#plan$/);
  await expect(plan.getByTestId('plan-name')).toHaveText('Pro plan');
  await expect(owner.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(owner.locator('#members').getByTestId('seats')).toHaveText(
    '1 of 3 seats used · Pro plan',
  );
  await snap(owner, 'billing-pro');

  // The Customer Portal: cancelling puts the company on Free.
  await plan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(
    owner.getByRole('heading', { name: 'Your Peega billing' }),
  ).toBeVisible();
  await owner.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(owner).toHaveURL(/\/company-settings#plan$/);
  await expect(plan.getByTestId('plan-name')).toHaveText('Free plan');
  await expect(owner.getByTestId('plan-badge')).toHaveText('Free');
  await context.close();
});
