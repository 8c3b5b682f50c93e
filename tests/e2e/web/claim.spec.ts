import { expect, test } from '@playwright/test';
import { createFeedback } from '../../../shared/data/feedback.ts';
import { signedInClient, snap, withSession } from './support.ts';

// #35 waiting feedback, with two browsers: a consumer's feedback about a site
// no company verified waits for its owner, and the consumer sees that in
// their list with a way to invite the site; a visitor checks the domain on
// the company landing and reads how much waits — counts only, never what
// was written.
test('feedback about an unclaimed site waits; a visitor checks the domain and sees the count only', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const host = `waiting${process.pid}${Date.now().toString(36)}.com`;
  const title = `Secret checkout problem on ${host}`;
  const author = await signedInClient('consumer2@example.com');
  const { data: me } = await author.auth.getUser();
  await createFeedback(author as never, me.user!.id, {
    title,
    description: 'The coupon field clears itself when I type.',
    companyName: 'Waiting Shop',
    websiteUrl: `https://${host}/checkout`,
    category: 'bug',
    screenshotPath: null,
    audioPath: null,
  });

  const consumerContext = await browser.newContext();
  await withSession(consumerContext, 'consumer2@example.com');
  const consumer = await consumerContext.newPage();
  await consumer.goto('/app');
  const waiting = consumer
    .getByTestId('waiting-site')
    .filter({ hasText: host });
  await expect(waiting).toContainText(
    `${host} is not on Peega yet: your feedback waits for its owner.`,
  );
  await expect(
    waiting.getByRole('button', { name: /Invite the site/ }),
  ).toBeVisible();
  await snap(consumer, 'claim-author-waiting');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/companies');
  const check = visitor
    .getByRole('textbox', { name: 'Check your domain' })
    .first();
  await check.fill(`www.${host}`);
  await check.press('Enter');
  await expect(visitor).toHaveURL(`/claim/${host}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    `Feedback is waiting for ${host}`,
  );
  await expect(visitor.getByTestId('claim-total')).toBeVisible();
  await expect(visitor.getByTestId('claim-category-bug')).toBeVisible();
  // Counts only: nothing of what was written.
  await expect(visitor.getByText(title)).toHaveCount(0);
  await expect(visitor.getByText('coupon field')).toHaveCount(0);
  await snap(visitor, 'claim-visitor');

  await visitorContext.close();
  await consumerContext.close();
});
