import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { CompanyPage } from './pages/company.page.ts';
import {
  DEMO_PASSWORD,
  mailTo,
  newEmail,
  shoot,
  signUpOnInvitation,
  snap,
  withSession,
} from './support.ts';

// Issue #21, team seats, with two browsers: the owner of the demo Pro
// company invites a teammate by e-mail; the teammate opens the mailed link
// without an account, signs up on it and lands in the company's dashboard
// with its feedback; the owner removes them and their access ends.

/** Serious or critical WCAG 2.1 A/AA findings on the page as it is. */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

test('owner invites, the invitee signs up on the link and triages, removal ends access', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ownerContext = await browser.newContext();
  await withSession(ownerContext, 'other@example.org');
  const owner = await ownerContext.newPage();
  const ownerUi = new CompanyPage(owner);

  await owner.goto('/company-settings');
  const card = owner.locator('#members');
  await expect(card.getByTestId('seats')).toHaveText(
    '2 of 3 seats used · Pro plan',
  );
  await expect(card.getByTestId('member')).toHaveCount(2);

  const email = newEmail('teammate');
  await card.getByLabel('E-mail address').fill(email);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerUi.toast('Invitation sent')).toBeVisible();
  await expect(card.getByTestId('invitation')).toContainText(email);
  await expect(card.getByTestId('seats')).toHaveText(
    '3 of 3 seats used · Pro plan',
  );
  await expect(card.getByTestId('no-seat-left')).toBeVisible();
  await snap(owner, 'team-invited');
  expect(await axeFindings(owner)).toEqual([]);

  // The e-mail carries the link.
  const { link } = await mailTo(request, email, 'company_invitation');

  // The invitee, in another browser, has no account yet.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByText(/Example Org invited/)).toContainText(email);
  await snap(member, 'team-invitation');
  expect(await axeFindings(member)).toEqual([]);
  await signUpOnInvitation(member, 'Terry Teammate');
  await expect(member).toHaveURL('/company-dashboard');
  await expect(member.getByText('Example Org').first()).toBeVisible();
  const memberUi = new CompanyPage(member);
  await expect(memberUi.items().first()).toBeVisible();
  await snap(member, 'team-member-dashboard');

  // The member's settings: the team, no company settings.
  await member.goto('/company-settings');
  await expect(member.locator('#members').getByTestId('member')).toHaveCount(3);
  await expect(member.locator('#webhooks')).toHaveCount(0);
  await expect(
    member.getByText(/Only the owner or an admin can change/),
  ).toBeVisible();

  // The member keeps their dashboard open while the owner removes them.
  await member.goto('/company-dashboard');
  await expect(member.getByRole('heading', { level: 1 })).toContainText(
    'Feedback for',
  );

  // The owner sees them joined, and removes them.
  await owner.reload();
  const row = card.getByTestId('member').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(card.getByTestId('invitation')).toHaveCount(0);
  await row.getByRole('button', { name: 'Remove' }).click();
  await owner.getByRole('button', { name: 'Remove member' }).click();
  await expect(ownerUi.toast('Member removed')).toBeVisible();
  await expect(card.getByTestId('member')).toHaveCount(2);

  // #40 item 2: the open dashboard says so at once, without a reload, and
  // shows none of the company's data any more.
  await expect(
    member.getByRole('heading', { level: 1, name: /^You were removed from / }),
  ).toBeVisible();
  await expect(member.getByTestId('company-feedback-item')).toHaveCount(0);
  await shoot(member, 'member-removed');
  // Their own Peega says it too.
  await member.getByRole('link', { name: 'Go to my Peega' }).click();
  await expect(
    member.getByText(/You are no longer on the team of/),
  ).toBeVisible();

  // Their access ends at once: the dashboard no longer opens for them.
  await member.goto('/company-dashboard');
  await expect(
    member.getByText('No company found. Redirecting...'),
  ).toBeVisible();

  // The used link does not work again.
  await member.goto(link);
  await expect(
    member.getByText('This invitation has already been used.'),
  ).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});

test('an invitation to an address with an account opens on Sign in and join; a revoked invitation no longer shows its link (#40 item 5)', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const email = newEmail('existing');
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Existing Person' } },
  });
  expect(signUp.error).toBeNull();

  const ownerContext = await browser.newContext();
  await withSession(ownerContext, 'other@example.org');
  const owner = await ownerContext.newPage();
  const ownerUi = new CompanyPage(owner);
  await owner.goto('/company-settings');
  const card = owner.locator('#members');
  await card.getByLabel('E-mail address').fill(email);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerUi.toast('Invitation sent')).toBeVisible();
  await expect(card.getByTestId('invitation-link')).toContainText(email);

  const { link } = await mailTo(request, email, 'company_invitation');
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(
    guest.getByText(
      'This address already has a Peega account: sign in to join.',
    ),
  ).toBeVisible();
  await expect(
    guest.getByRole('button', { name: 'Sign in and join' }),
  ).toBeVisible();
  await expect(guest.getByLabel('Full Name')).toHaveCount(0);
  await shoot(guest, 'invitation-existing-account');

  // Revoked: the owner's screen no longer offers the link.
  await card
    .getByRole('button', { name: `Revoke the invitation of ${email}` })
    .click();
  await expect(ownerUi.toast('Invitation revoked')).toBeVisible();
  await expect(card.getByTestId('invitation-link')).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('alert')).toContainText('revoked');

  await ownerContext.close();
  await guestContext.close();
});
