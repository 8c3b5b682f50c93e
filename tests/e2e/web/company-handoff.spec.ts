import { createHmac } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { startFakeGitHub, type FakeGitHub } from './fake-github.ts';
import { shoot, signedInClient, withSession } from './support.ts';

// Issue #22, hand-off: the owner of Not Example connects GitHub (a fake
// GitHub API on the fixture port, which the backend's integrations function
// is pointed at), creates an issue from a feedback, GitHub "closes" it by
// calling the signed webhook Peega gave, and the author sees the feedback
// completed. Screens at desktop and phone width go to PEEGA_SHOTS_DIR.
/** One part of the screen at phone width (390), for the parts below the fold. */
async function shootPart(part: Locator, name: string) {
  const page = part.page();
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await part.screenshot({
    path: path.join(
      process.env.PEEGA_SHOTS_DIR ?? path.resolve('test-results', 'screens'),
      `${name}-phone-part.png`,
    ),
  });
  await page.setViewportSize(size);
}

let fakeGitHub: FakeGitHub;
test.beforeAll(async () => {
  fakeGitHub = await startFakeGitHub('notexample/website', 12);
});
test.afterAll(() => fakeGitHub?.stop());

test('owner connects GitHub, creates an issue from a feedback; closing it completes the feedback for its author', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const authorEmail = 'consumer@example.com';
  const author = await signedInClient(authorEmail);
  const title = `Export button is hidden ${Math.random().toString(36).slice(2, 7)}`;
  const { data: fb, error } = await author
    .from('feedback')
    .insert({
      title,
      description: 'On small screens the export button is under the footer.',
      category: 'bug',
      company_name: 'Not Example',
      website_url: 'https://notexample.com/reports?token=abc',
    })
    .select('id')
    .single();
  if (error) throw error;

  // --- The owner connects GitHub in Settings → Integrations.
  const ownerCtx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  const owner = await ownerCtx.newPage();
  await withSession(owner, 'advanced@notexample.com');
  await owner.goto('/company-settings#integrations');
  const card = owner.locator('#integrations');
  const github = card.getByTestId('integration-github');
  await github
    .getByRole('button', { name: 'Connect' })
    .click({ timeout: 20_000 });
  const form = github.getByRole('form', { name: 'Connect GitHub' });
  await form.getByLabel('Owner').fill('notexample');
  await form.getByLabel('Repository').fill('website');
  // A bad token stays typed after a refusal: here the form refuses a short one.
  await form.getByLabel(/access token/).fill('short');
  await form.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(form.getByRole('alert')).toHaveText('Paste the GitHub token.');
  await expect(form.getByLabel('Owner')).toHaveValue('notexample');
  await form.getByLabel(/access token/).fill('github_pat_e2e_token_9876');
  await form.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(github.getByText('Connected', { exact: true })).toBeVisible();
  await expect(github.getByText(/token …9876/)).toBeVisible();
  await expect(card).not.toContainText('github_pat_e2e_token_9876');
  const hookUrl = (await card
    .getByTestId('integration-webhook-url')
    .textContent())!;
  const secret = (await card
    .getByTestId('integration-webhook-secret')
    .textContent())!;
  expect(hookUrl).toMatch(/\/functions\/v1\/tracker-webhook\/[0-9a-f-]{36}$/);
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await card.scrollIntoViewIfNeeded();
  await shoot(owner, 'handoff-1-connected');
  await shootPart(card, 'handoff-1-connected');

  // --- The owner creates the issue from the feedback.
  await owner.goto(`/company-dashboard?feedback=${fb.id}`);
  const detail = owner.getByRole('dialog');
  await expect(detail.getByText(title)).toBeVisible({ timeout: 20_000 });
  await detail.getByRole('button', { name: 'Create GitHub issue' }).click();
  const link = detail.getByTestId('issue-link');
  await expect(link).toContainText('GitHub #12');
  await expect(link).toHaveAttribute(
    'href',
    'https://github.com/notexample/website/issues/12',
  );
  await link.scrollIntoViewIfNeeded();
  await shoot(owner, 'handoff-2-issue-created');
  await shootPart(detail.getByTestId('issue-links'), 'handoff-2-issue-created');
  const call = fakeGitHub.seen.at(-1)!;
  expect(call.authorization).toBe('Bearer github_pat_e2e_token_9876');
  expect(call.body.title).toBe(title);
  expect(call.body.body).toContain('Page: notexample.com/reports');
  expect(call.body.body).not.toContain('token=abc');
  expect(call.body.body).not.toContain(authorEmail);

  // --- GitHub closes the issue: a forged delivery is refused, the signed one completes it.
  const body = JSON.stringify({
    action: 'closed',
    issue: { number: 12, state: 'closed' },
  });
  const forged = await request.post(hookUrl, {
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-hub-signature-256': 'sha256=00',
    },
    data: body,
  });
  expect(forged.status()).toBe(401);
  const signed = await request.post(hookUrl, {
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    data: body,
  });
  expect(signed.status()).toBe(200);
  await owner.reload();
  await expect(
    owner.getByRole('dialog').getByTestId('issue-link'),
  ).toHaveAttribute('data-state', 'closed', { timeout: 20_000 });
  await shoot(owner, 'handoff-3-issue-closed');
  await ownerCtx.close();

  // --- The author sees the feedback completed.
  const consumerCtx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  await withSession(consumerCtx, authorEmail);
  const consumer = await consumerCtx.newPage();
  await consumer.goto('/app');
  const item = consumer.getByTestId('feedback-item').filter({ hasText: title });
  await expect(item).toContainText('Completed', { timeout: 20_000 });
  await item.scrollIntoViewIfNeeded();
  await shoot(consumer, 'handoff-4-author-completed');
  await consumerCtx.close();
});
