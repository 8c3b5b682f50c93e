import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import {
  DEMO_PASSWORD,
  newEmail,
  signedInClient,
  withSession,
} from './support.ts';

// #22 "You said, we did": the company turns its public page on and
// publishes a completed topic; an anonymous visitor reads it (no author, no
// feedback text, no internal title); the contributor sees the topic's
// notification with the XP. Topics are made as trusted server code (the
// topic screens are another part of #22).
const SHOTS = process.env.PEEGA_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({
      path: `${SHOTS}/${name}-${label}.png`,
      fullPage: (await page.locator('dialog[open]').count()) === 0,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a company publishes a completed topic; a visitor reads it; the contributor is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A contributor reports something on the company's domain.
  const email = newEmail('reporter');
  const consumer = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data: signUp, error } = await consumer.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Rita Reporter' } },
  });
  if (error || !signUp.user) throw error ?? new Error('no user');
  const secretTitle = `Dark mode hurts my eyes ${Date.now()}`;
  const { data: fb, error: sendError } = await consumer
    .from('feedback')
    .insert({
      user_id: signUp.user.id,
      title: secretTitle,
      description: 'Private detail: call me on +44 20 7946 0958.',
      category: 'feature',
      company_name: 'Example',
      website_url: 'https://example.com/settings',
    })
    .select('id')
    .single();
  expect(sendError).toBeNull();

  // The company completes it (its normal status change), inside a topic.
  const company = await signedInClient('company@example.com');
  for (const status of ['read', 'completed']) {
    const r = await company.rpc('update_feedback_status', {
      feedback_uuid: fb!.id,
      new_status: status,
    });
    expect(r.error).toBeNull();
  }
  const service = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: me } = await company
    .from('companies')
    .select('id, company_name')
    .single();
  const internal = `Internal: theme cluster ${Date.now()}`;
  const { data: topic, error: topicError } = await service
    .from('feedback_topics')
    .insert({ company_id: me!.id, title: internal, status: 'in_progress' })
    .select('id')
    .single();
  expect(topicError).toBeNull();
  const item = await service.from('feedback_topic_items').insert({
    company_id: me!.id,
    feedback_id: fb!.id,
    topic_id: topic!.id,
    state: 'confirmed',
  });
  expect(item.error).toBeNull();
  const completed = await service
    .from('feedback_topics')
    .update({ status: 'completed', completed_at: new Date().toISOString() })
    .eq('id', topic!.id);
  expect(completed.error).toBeNull();

  // The company turns its page on and publishes the topic.
  const slug = `example-${Date.now().toString(36)}`;
  await withSession(page, 'company@example.com');
  await page.goto('/company-settings#public-page');
  const card = page.locator('#public-page');
  await expect(
    card.getByRole('heading', { name: 'Public page' }),
  ).toBeVisible();
  await card.getByRole('textbox', { name: 'Address' }).fill('admin');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'The address "admin" is reserved. Please choose another.',
  );
  await card.getByRole('textbox', { name: 'Address' }).fill(slug);
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('public-page-link')).toHaveText(
    `${baseURL}/changes/${slug}`,
  );
  const row = card.getByTestId('completed-topic').filter({ hasText: internal });
  await expect(row).toContainText('Not published');
  await row.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish on your page' });
  // It starts from the team's title, to edit (#40 item 7).
  await expect(dialog.getByLabel(/Public title/)).toHaveValue(internal);
  await dialog.getByLabel(/Public title/).fill('Dark mode is here');
  await dialog
    .getByLabel(/Note/)
    .fill('Switch it on in Settings → Appearance. Questions: help@example.com');
  await shot(page, 'publish-dialog');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  const published = card
    .getByTestId('completed-topic')
    .filter({ hasText: 'Dark mode is here' });
  await expect(published).toContainText('Published');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'settings-public-page');

  // A visitor (no session) reads the page.
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const response = await anon.goto(`/changes/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(anon.getByRole('heading', { level: 1 })).toHaveText(
    `${me!.company_name} — You said, we did`,
  );
  const change = anon.getByTestId('public-change');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Dark mode is here');
  await expect(change).toContainText(
    // #40 item 3: the company's own support address, not masked.
    'Switch it on in Settings → Appearance. Questions: help@example.com',
  );
  await expect(change).toContainText('1 person reported this');
  const text = await anon.locator('body').innerText();
  for (const secret of [secretTitle, internal, email, 'Rita', '7946'])
    expect(text).not.toContain(secret);
  await expect(anon).toHaveTitle(/You said, we did/);
  await shot(anon, 'public-page');
  // An unknown slug is the not-found page, with 404.
  const missing = await anon.goto('/changes/nobody-has-this');
  expect(missing?.status()).toBe(404);
  await expect(anon.getByText('Oops! Page not found')).toBeVisible();
  await visitor.close();

  // The contributor sees the topic's notification with the XP.
  const mine = await browser.newContext();
  const reporter = await mine.newPage();
  await withSession(reporter, email);
  await reporter.goto('/app');
  await expect(reporter.getByTestId('topic-completed')).toContainText(
    `${me!.company_name} completed something you reported: “${secretTitle}” — you earned 10 XP`,
  );
  await shot(reporter, 'contributor-activity');
  await mine.close();
});
