import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { companySignUpMetadata } from '../../../shared/data/companies.ts';
import { verificationMetaTag } from '../../../shared/domain/verification-meta.ts';
import { baseURL, fixturePort } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { CompanyPage } from './pages/company.page.ts';
import {
  DEMO_PASSWORD,
  mailTo,
  newEmail,
  signedInClient,
  signUpOnInvitation,
  snap,
  withSession,
} from './support.ts';

// #35, the 14-day Pro trial, with two browsers: a new company proves its
// domain with a meta tag on its home page, starts the trial without a card,
// sees the countdown and Pro's seats, and a teammate joins on the third
// seat. When the trial is over (run-trials, told the moment by the service
// role as pg_cron's clock would reach it) the company is on Free, the owner
// is told, nothing is deleted and the teammate's seat is read-only.

let home: Server | undefined;
test.afterEach(async () => {
  await new Promise((r) => (home ? home.close(r) : r(undefined)));
  home = undefined;
});

/** The company's site: its home page carries the verification meta tag. */
async function serveHomePage(domain: string, token: string) {
  home = createServer((req, res) => {
    if (req.url === `/${domain}/`) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Shop</title>${verificationMetaTag(token)}</head><body>Shop</body></html>`,
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => home!.listen(fixturePort, '127.0.0.1', r));
}

test('a new company verifies by meta tag, starts the trial, fills a seat, and is on Free with nothing lost when it ends', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('trial-owner');
  const domain = `trial${process.pid}${Date.now().toString(36)}.com`;
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: {
      data: companySignUpMetadata({
        companyName: 'Trial Shop',
        websiteUrl: `https://${domain}`,
        domains: [domain],
      }),
    },
  });
  expect(signUp.error).toBeNull();

  const ownerContext = await browser.newContext();
  await withSession(ownerContext, email);
  const owner = await ownerContext.newPage();
  const ownerUi = new CompanyPage(owner);

  // Before a domain is verified the trial waits for one.
  await owner.goto('/company-settings#plan');
  const plan = owner.locator('#plan');
  await expect(plan.getByTestId('plan-name')).toHaveText('Free plan');
  await expect(
    plan.getByRole('button', { name: 'Start the 14-day trial' }),
  ).toBeDisabled();
  await expect(plan).toContainText(
    'Verify a domain first: the trial shows the feedback about your site.',
  );

  // The meta tag on the home page proves the domain.
  const row = owner.locator(
    `[data-testid="domain-row"][data-domain="${domain}"]`,
  );
  const how = await (
    await signedInClient(email)
  ).rpc('request_domain_verification', { p_domain: domain });
  const token = /^peega-verification=(.+)$/.exec(
    (how.data as { dns_record_value: string }[])[0]!.dns_record_value,
  )?.[1];
  expect(token).toBeTruthy();
  await serveHomePage(domain, token!);
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(ownerUi.toast('Domain verified')).toBeVisible();
  await expect(
    plan.getByRole('button', { name: 'Start the 14-day trial' }),
  ).toBeEnabled();

  // The trial: Pro at once, a countdown in the header, three seats.
  await plan.getByRole('button', { name: 'Start the 14-day trial' }).click();
  await expect(ownerUi.toast('Your Pro trial has started')).toBeVisible();
  await expect(owner.getByTestId('trial-countdown')).toContainText(
    'Pro trial · 14 days left',
  );
  await expect(plan.getByTestId('plan-name')).toHaveText('Pro trial');
  const members = owner.locator('#members');
  await expect(members.getByTestId('seats')).toHaveText(
    '1 of 3 seats used · Pro plan',
  );
  await snap(owner, 'trial-running');

  // A teammate takes the second seat.
  const mate = newEmail('trial-mate');
  await members.getByLabel('E-mail address').fill(mate);
  await members.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerUi.toast('Invitation sent')).toBeVisible();
  const { link } = await mailTo(request, mate, 'company_invitation');
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await matePage.goto(link);
  await signUpOnInvitation(matePage, 'Tina Teammate');
  await expect(matePage).toHaveURL('/company-dashboard');

  // Fourteen days later, pg_cron's minute comes: the trial ends.
  const later = new Date(Date.now() + 15 * 86_400_000).toISOString();
  const run = await request.post(`${baseURL}/functions/v1/run-trials`, {
    headers: {
      apikey: DEMO_ANON_KEY,
      authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
    },
    data: { now: later },
  });
  expect(run.status()).toBe(200);
  expect(((await run.json()) as { ended: number }).ended).toBeGreaterThan(0);
  const ended = await mailTo(request, email, 'trial_ended');
  expect(ended.subject).toBe('Trial Shop: your Pro trial has ended');

  await owner.reload();
  await expect(owner.getByTestId('plan-badge')).toHaveText('Free');
  await expect(owner.getByTestId('trial-ended')).toBeVisible();
  await expect(members.getByTestId('member').nth(1)).toContainText('Read-only');
  await snap(owner, 'trial-ended-owner');
  // Free has the owner's seat only: keeping the teammate needs a bigger plan.
  await members.getByRole('button', { name: /^Keep on a seat/ }).click();
  await expect(ownerUi.toast(/Your Free plan includes 1 seat/)).toBeVisible();

  await matePage.reload();
  await expect(matePage.getByTestId('read-only-seat')).toBeVisible();
  await snap(matePage, 'trial-ended-read-only');

  await mateContext.close();
  await ownerContext.close();
});
