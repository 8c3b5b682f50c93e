import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { emailSettingsPath } from '../../../shared/domain/app-paths.ts';
import { ownerJoinedNotice } from '../../../shared/domain/claims.ts';
import { verificationMetaTag } from '../../../shared/domain/verification-meta.ts';
import { baseURL, e2eStripe, fixturePort } from '../../../playwright.config.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.ts';
import { AuthPage } from './pages/auth.page.ts';
import { CompanyPage } from './pages/company.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { SubmitFeedbackPage } from './pages/submit-feedback.page.ts';
import {
  DEMO_PASSWORD,
  mailTo,
  newEmail,
  signUpOnInvitation,
  snap,
} from './support.ts';

// #35 "Done when", in three browsers: a consumer sends feedback about a site
// no company has claimed and sees it waiting; a visitor checks the domain on
// the company landing and sees how much waits (counts, never words); the
// site's owner signs up, proves the domain with the meta tag on its home
// page, reads the feedback, starts the trial, invites two teammates (Pro's
// three seats), upgrades through (fake) Stripe Checkout and cancels in the
// Customer Portal after a failed renewal (everyone sees the banner; then
// Free: one seat, the teammates read-only); the author is
// told, on the dashboard and by the e-mail they asked for, that the owner
// joined.

let site: Server | undefined;
let stripe: FakeStripe | undefined;
test.afterEach(async () => {
  await new Promise((r) => (site ? site.close(r) : r(undefined)));
  site = undefined;
  await stripe?.stop();
  stripe = undefined;
});

/** The company's home page with its verification meta tag, on the fixture port. */
async function serveHomePage(domain: string, token: string) {
  site = createServer((req, res) => {
    if (req.url !== `/${domain}/`) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Shop</title>${verificationMetaTag(token)}</head><body>Shop</body></html>`,
    );
  });
  await new Promise<void>((r) => site!.listen(fixturePort, '127.0.0.1', r));
}

/** An invitation sent from Settings → Members, accepted in a browser of its own. */
async function invite(
  owner: Page,
  request: Parameters<typeof mailTo>[0],
  name: string,
) {
  const ui = new CompanyPage(owner);
  const members = owner.locator('#members');
  const email = newEmail('door-mate');
  await members.getByLabel('E-mail address').fill(email);
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ui.toast('Invitation sent')).toBeVisible();
  const { link } = await mailTo(request, email, 'company_invitation');
  const context = await owner.context().browser()!.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await signUpOnInvitation(page, name);
  await expect(page).toHaveURL('/company-dashboard');
  return context;
}

test('a site’s waiting feedback brings its owner in: claim, meta-tag proof, trial, two teammates, Checkout, Portal; the author is told', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const domain = `door${process.pid}${Date.now().toString(36)}.com`;
  const title = `The coupon field clears itself on ${domain}`;

  // --- Browser 1, the consumer: feedback about a site nobody claimed.
  const consumerContext = await browser.newContext();
  const consumer = await consumerContext.newPage();
  const author = newEmail('door-author');
  await new AuthPage(consumer).goto();
  await new AuthPage(consumer).signUp('Dora Author', author, DEMO_PASSWORD);
  await new DashboardPage(consumer).expectLoaded();
  // They want to hear when the owner arrives.
  await consumer.goto(emailSettingsPath);
  await consumer
    .getByRole('switch', {
      name: 'E-mail me when the owner of a site I reported joins Peega',
    })
    .click();
  await expect(
    consumer.getByText(
      'We will e-mail you when the owner of a site you reported joins Peega.',
    ),
  ).toBeVisible();
  const form = new SubmitFeedbackPage(consumer);
  await form.goto();
  await form.field('Company Name').fill('Door Shop');
  await form.field('Website URL').fill(`https://${domain}/checkout`);
  await form.field('Feedback Title').fill(title);
  await form
    .field('Detailed Description')
    .fill('Every time I type a code the field empties.');
  await form.category('Bug Report').click();
  await form.submit().click();
  await expect(consumer).toHaveURL('/app');
  const waiting = consumer
    .getByTestId('waiting-site')
    .filter({ hasText: domain });
  await expect(waiting).toContainText(
    `${domain} is not on Peega yet: your feedback waits for its owner.`,
  );
  await expect(
    waiting.getByRole('button', { name: /Invite the site/ }),
  ).toBeVisible();
  await snap(consumer, 'door-author-waiting');

  // --- Browser 2, a visitor: how much waits for the domain, never what.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/companies');
  const check = visitor
    .getByRole('textbox', { name: 'Check your domain' })
    .first();
  // Typed as people type it: the claim page is the bare domain's.
  await check.fill(`www.${domain}`);
  await check.press('Enter');
  await expect(visitor).toHaveURL(`/claim/${domain}`);
  await expect(visitor.getByTestId('claim-total')).toBeVisible();
  await expect(visitor.getByTestId('claim-category-bug')).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await snap(visitor, 'door-visitor-claim');

  // --- Browser 3, the owner: signs up for the domain and proves it.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerUi = new CompanyPage(owner);
  await ownerUi.signUp({
    email: newEmail('door-owner'),
    password: DEMO_PASSWORD,
    companyName: 'Door Shop',
    website: `https://${domain}`,
    domains: domain,
  });
  await expect(owner).toHaveURL('/company-dashboard');
  await owner.goto('/company-settings#domains');
  const row = owner.locator(`[data-domain="${domain}"]`);
  await row.getByRole('button', { name: 'How to verify' }).click();
  const token = (await row.getByTestId('file-token').textContent())!.trim();
  await serveHomePage(domain, token);
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(ownerUi.toast('Domain verified')).toBeVisible();
  await new Promise((r) => site!.close(r));
  site = undefined;

  // The waiting feedback is in the owner's inbox.
  await owner.goto('/company-dashboard');
  await expect(ownerUi.item(title)).toBeVisible();
  await snap(owner, 'door-owner-inbox');

  // The trial, then two teammates on Pro's three seats.
  await owner.goto('/company-settings#plan');
  const plan = owner.locator('#plan');
  await plan.getByRole('button', { name: 'Start the 14-day trial' }).click();
  await expect(ownerUi.toast('Your Pro trial has started')).toBeVisible();
  await expect(owner.getByTestId('trial-countdown')).toContainText(
    'Pro trial · 14 days left',
  );
  const mates = [
    await invite(owner, request, 'Tara Teammate'),
    await invite(owner, request, 'Theo Teammate'),
  ];
  const members = owner.locator('#members');
  await expect(members.getByTestId('seats')).toHaveText(
    '3 of 3 seats used · Pro plan',
  );
  await snap(owner, 'door-trial-team');

  // Checkout: the fake Stripe's page pays and sends the signed event. With
  // billing configured the paid plans are for sale, not "Coming soon".
  await expect(plan).not.toContainText('Coming soon');
  stripe = await startFakeStripe({
    port: fixturePort,
    webhook: {
      url: `${baseURL}/functions/v1/stripe-webhook`,
      secret: e2eStripe.STRIPE_WEBHOOK_SECRET,
    },
  });
  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(owner.getByRole('heading', { name: 'Pay Peega' })).toBeVisible();
  const session = stripe.calls.find((c) => c.path === '/v1/checkout/sessions');
  expect(session?.params.get('line_items[0][price]')).toBe(
    e2eStripe.STRIPE_PRICE_PRO,
  );
  await owner.getByRole('button', { name: 'Pay' }).click();
  await expect(owner).toHaveURL(/\/company-settings\?billing=done#plan$/);
  await expect(plan.getByTestId('plan-name')).toHaveText('Pro plan');
  await expect(owner.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(owner.getByTestId('trial-countdown')).toHaveCount(0);
  await expect(members.getByTestId('seats')).toHaveText(
    '3 of 3 seats used · Pro plan',
  );
  await snap(owner, 'door-paid');

  // A renewal fails: everyone on the team is told, the plan stays for now.
  await stripe.paymentFails();
  await owner.reload();
  await expect(owner.getByTestId('payment-failed')).toContainText(
    'Update the payment method in the billing portal.',
  );
  await expect(plan.getByTestId('plan-name')).toHaveText('Pro plan');
  const mate = mates[0]!.pages()[0]!;
  await mate.reload();
  await expect(mate.getByTestId('payment-failed')).toContainText(
    'The owner of the company can update the payment method.',
  );
  await snap(mate, 'door-payment-failed-member');

  // The Portal: cancelled, Free keeps the owner's seat; nothing is deleted.
  await plan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(
    owner.getByRole('heading', { name: 'Your Peega billing' }),
  ).toBeVisible();
  await owner.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(owner).toHaveURL(/\/company-settings#plan$/);
  await expect(plan.getByTestId('plan-name')).toHaveText('Free plan');
  await expect(owner.getByTestId('plan-badge')).toHaveText('Free');
  await expect(
    members.getByTestId('member').filter({ hasText: 'Read-only' }),
  ).toHaveCount(2);
  await snap(owner, 'door-cancelled');

  // --- The author hears that the owner joined: on the dashboard, by e-mail.
  await consumer.goto('/app');
  await expect(consumer.getByTestId('owner-joined').first()).toContainText(
    ownerJoinedNotice(domain),
  );
  await expect(
    consumer.getByTestId('waiting-site').filter({ hasText: domain }),
  ).toHaveCount(0);
  const mail = await mailTo(request, author, 'owner_joined');
  expect(mail.subject).toBe(`The owner of ${domain} joined Peega`);
  await snap(consumer, 'door-author-told');

  for (const c of [...mates, ownerContext, visitorContext, consumerContext])
    await c.close();
});
