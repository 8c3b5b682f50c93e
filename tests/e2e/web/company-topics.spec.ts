import { createHmac } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { startFakeGitHub, type FakeGitHub } from './fake-github.ts';
import { shoot, withSession } from './support.ts';

// #22 "Done when", as the demo company lives it: the eleven copies of one
// request are proposed as one topic and a member confirms them (rolled-up
// counts); the owner connects GitHub (a fake GitHub API on the fixture
// port, which the backend's integrations function is pointed at) and
// creates an issue from the topic; GitHub closes it through the signed
// webhook, which completes the topic; both contributors see "Completed",
// that others reported it (a count, never who) and the XP of the verdict;
// the Insights view shows the week and the topic.
const TITLE = 'Make the pricing table easier to compare';

let fakeGitHub: FakeGitHub;
test.beforeAll(async () => {
  fakeGitHub = await startFakeGitHub('example/website', 7);
});
test.afterAll(() => fakeGitHub?.stop());

/** A contributor's dashboard: the topic's feedback completed, the count, the XP. */
async function contributorSees(browser: Browser, email: string, shot: string) {
  const context = await browser.newContext();
  await withSession(context, email);
  const author = await context.newPage();
  await author.goto('/app');
  // On Example Inc.'s site (not notexample.com, another company). A
  // contributor holds several copies of the request, and another journey on
  // this backend may have rejected one of them (rejected stays rejected):
  // the one the close completed is the one to read.
  const item = author
    .getByTestId('feedback-item')
    .filter({ hasText: TITLE })
    .filter({ hasText: /🌐 ((www|shop)\.)?example\.com/ })
    .filter({ hasText: 'Completed' })
    .first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByTestId('others-reported')).toHaveText(
    /👥 \d+ others? reported this/,
  );
  await expect(
    author.getByText(
      /Example Inc\. completed something you reported: .* you earned \d+ XP/,
    ),
  ).toBeVisible();
  await shoot(author, shot);
  await context.close();
}

test('eleven duplicates become one topic, its GitHub issue is closed, every contributor sees it completed with XP, Insights show the week', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const companyContext = await browser.newContext();
  await withSession(companyContext, 'company@example.com');
  const page = await companyContext.newPage();

  // --- The proposal becomes a topic with rolled-up counts.
  await page.goto('/company-dashboard');
  await page.getByRole('button', { name: 'Topics', exact: true }).click();
  await expect(page).toHaveURL(/view=topics/);
  const proposal = page
    .getByRole('listitem')
    .filter({ hasText: 'These 11 look like the same request' });
  await expect(proposal).toContainText(TITLE);
  await shoot(page, 'topics-proposals');
  // #40 item 15: a contributor's dashboard is open while the topic is made.
  const authorContext = await browser.newContext();
  await withSession(authorContext, 'consumer2@example.com');
  const author = await authorContext.newPage();
  await author.goto('/app');
  const authorItem = author
    .getByTestId('feedback-item')
    .filter({ hasText: TITLE })
    .filter({ hasText: /🌐 ((www|shop)\.)?example\.com/ })
    .first();
  await expect(authorItem).toBeVisible({ timeout: 20_000 });
  await expect(authorItem.getByTestId('others-reported')).toHaveCount(0);
  await proposal.getByRole('button', { name: /^Confirm topic/ }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toContainText('11 feedback');
  await expect(dialog).toContainText('2 contributors');
  // ... and hears it at once, without a reload.
  await expect(authorItem.getByTestId('others-reported')).toHaveText(
    '👥 1 other reported this',
    { timeout: 15_000 },
  );
  await authorContext.close();
  // The open topic is in the URL, as the tracker's link back is.
  await expect(page).toHaveURL(/topic=[0-9a-f-]{36}/);
  const topicUrl = page.url();
  await shoot(page, 'topics-detail');
  // A feedback of the topic opens as from the list (through the allowance),
  // and its detail names its topic.
  await dialog.getByRole('button', { name: TITLE }).first().click();
  await expect(page).toHaveURL(/feedback=/);
  const detail = page.getByRole('dialog', { name: TITLE });
  await expect(detail).toContainText(`Topic: ${TITLE}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page
    .getByRole('list', { name: 'Topics' })
    .getByRole('listitem')
    .filter({ hasText: TITLE });
  await expect(row).toContainText('2 contributors');
  await expect(row).toContainText('11 feedback');
  await expect(
    page.getByText('These 11 look like the same request'),
  ).toHaveCount(0);
  await shoot(page, 'topics-list');

  // --- The owner connects GitHub.
  await page.goto('/company-settings#integrations');
  const github = page
    .locator('#integrations')
    .getByTestId('integration-github');
  await github
    .getByRole('button', { name: 'Connect' })
    .click({ timeout: 20_000 });
  const form = github.getByRole('form', { name: 'Connect GitHub' });
  await form.getByLabel('Owner').fill('example');
  await form.getByLabel('Repository').fill('website');
  await form.getByLabel(/access token/).fill('github_pat_topic_journey_4321');
  await form.getByRole('button', { name: 'Connect GitHub' }).click();
  await expect(github.getByText('Connected', { exact: true })).toBeVisible();
  const card = page.locator('#integrations');
  const hookUrl = (await card
    .getByTestId('integration-webhook-url')
    .textContent())!;
  const secret = (await card
    .getByTestId('integration-webhook-secret')
    .textContent())!;

  // --- An issue from the topic.
  await page.goto(topicUrl);
  const topic = page.getByRole('dialog', { name: TITLE });
  await topic.getByRole('button', { name: 'Create GitHub issue' }).click();
  await expect(topic.getByTestId('issue-link')).toContainText('GitHub #7');
  const call = fakeGitHub.seen.at(-1)!;
  expect(call.path).toBe('/github/repos/example/website/issues');
  expect(call.authorization).toBe('Bearer github_pat_topic_journey_4321');
  expect(call.body.title).toBe(TITLE);
  expect(call.body.body).toContain('11');
  expect(call.body.body).not.toMatch(/consumer2?@example\.com|Casey|Robin/);
  await shoot(page, 'topics-issue-created');

  // --- GitHub closes it; the signed webhook completes the topic.
  const body = JSON.stringify({
    action: 'closed',
    issue: { number: 7, state: 'closed' },
  });
  const signed = await request.post(hookUrl, {
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    data: body,
  });
  expect(signed.status()).toBe(200);
  await page.reload();
  const closed = page.getByRole('dialog', { name: TITLE });
  await expect(closed.getByTestId('issue-link')).toHaveAttribute(
    'data-state',
    'closed',
    { timeout: 20_000 },
  );
  await expect(closed.getByText('Completed').first()).toBeVisible();
  // #40 item 1: the topic says what the close changed.
  // (How many depends on what other journeys of this backend decided.)
  await expect(closed.getByTestId('issue-close-summary')).toHaveText(
    /^GitHub #7 was closed\. Closing it completed (\d+ feedback|nothing)(; \d+ rejected stays? rejected)?[.:]/,
  );
  // Completed: it can go on the company's public page from here.
  await expect(closed.getByRole('button', { name: 'Publish' })).toBeVisible();
  await shoot(page, 'topics-completed');

  // --- Insights: this week, and the topic among the top ones.
  await page.goto('/company-dashboard/insights');
  await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
  await page.getByLabel('Period').selectOption('52');
  const table = page.getByRole('table', {
    name: 'Feedback per week by category',
  });
  await expect(table.getByRole('row').last()).toContainText(
    new Date(
      Date.UTC(
        new Date().getUTCFullYear(),
        new Date().getUTCMonth(),
        new Date().getUTCDate() - ((new Date().getUTCDay() + 6) % 7),
      ),
    ).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
  );
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: TITLE }).first(),
  ).toContainText('Completed');
  await shoot(page, 'topics-insights');
  await companyContext.close();

  // --- Both contributors: completed, "others reported this", the XP.
  await contributorSees(browser, 'consumer@example.com', 'topics-author');
  await contributorSees(browser, 'consumer2@example.com', 'topics-author-2');
});
