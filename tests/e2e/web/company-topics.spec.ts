import { expect, test } from '@playwright/test';
import { shoot, withSession } from './support.ts';

// #22 Topics as the demo company lives it: the eleven copies of one request
// are proposed as one topic, a member confirms them, sees the rolled-up
// counts and completes the topic; the authors see their feedback completed
// and that others reported it (a count, never who).
const TITLE = 'Make the pricing table easier to compare';

test('a member confirms the eleven duplicates as a topic and completes it; authors see it', async ({
  browser,
}) => {
  const companyContext = await browser.newContext();
  await withSession(companyContext, 'company@example.com');
  const page = await companyContext.newPage();
  await page.goto('/company-dashboard');
  await page.getByRole('button', { name: 'Topics', exact: true }).click();
  await expect(page).toHaveURL(/view=topics/);

  const proposal = page
    .getByRole('listitem')
    .filter({ hasText: 'These 11 look like the same request' });
  await expect(proposal).toContainText(TITLE);
  await shoot(page, 'topics-proposals');
  await proposal.getByRole('button', { name: /^Confirm topic/ }).click();

  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toContainText('11 feedback');
  await expect(dialog).toContainText('2 contributors');
  await shoot(page, 'topics-detail');
  await dialog
    .getByRole('combobox', { name: 'Status of every feedback in this topic' })
    .selectOption('completed');
  await expect(
    page.getByText(/Topic Completed: \d+ feedback moved/),
  ).toBeVisible();
  await expect(dialog.getByText('Completed').first()).toBeVisible();
  // A feedback of the topic opens as from the list (through the allowance),
  // and its detail names its topic.
  await dialog.getByRole('button', { name: TITLE }).first().click();
  await expect(page).toHaveURL(/feedback=/);
  const detail = page.getByRole('dialog', { name: TITLE });
  await expect(detail).toContainText(`Topic: ${TITLE}`);
  await detail.getByText(`Topic: ${TITLE}`).scrollIntoViewIfNeeded();
  await shoot(page, 'topics-feedback-detail');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const row = page
    .getByRole('list', { name: 'Topics' })
    .getByRole('listitem')
    .filter({ hasText: TITLE });
  await expect(row).toContainText('2 contributors');
  await expect(row).toContainText('11 feedback');
  await expect(row).toContainText('Completed');
  // The proposal is gone once confirmed.
  await expect(
    page.getByText('These 11 look like the same request'),
  ).toHaveCount(0);
  await shoot(page, 'topics-list');
  await companyContext.close();

  // Casey, one of the two authors: completed, and one other reported it.
  const authorContext = await browser.newContext();
  await withSession(authorContext, 'consumer@example.com');
  const author = await authorContext.newPage();
  await author.goto('/app');
  const item = author
    .getByTestId('feedback-item')
    .filter({ hasText: TITLE })
    // On Example Inc.'s site (not notexample.com, another company).
    .filter({ hasText: /🌐 ((www|shop)\.)?example\.com/ })
    .first();
  await expect(item).toContainText('Completed');
  await expect(item.getByTestId('others-reported')).toHaveText(
    '👥 1 other reported this',
  );
  await item.screenshot({
    path: `${process.env.PEEGA_SHOTS_DIR ?? 'test-results/screens'}/topics-author-item.png`,
  });
  await shoot(author, 'topics-author');
  await authorContext.close();
});
