import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { AuthPage } from './pages/auth.page.ts';
import { DEMO_PASSWORD, newEmail } from './support.ts';

// Issue #19 item 11: a badge earned outside the dashboard (the extension
// sends feedback through supabase-js) is celebrated once on the next visit,
// with confetti drawn above the dialog's backdrop.

async function signIn(page: Page, email: string) {
  const auth = new AuthPage(page);
  await auth.goto('?mode=signin');
  await auth.field('Email').fill(email);
  await auth.field('Password').fill(DEMO_PASSWORD);
  await auth.submit().click();
  await expect(page).toHaveURL('/app');
}

/** Painted confetti pixels on the canvas inside the open dialog. */
const paintedConfetti = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      'dialog[open] canvas[data-testid="confetti"]',
    );
    if (!canvas?.width) return 0;
    const data = canvas
      .getContext('2d')!
      .getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
    return painted;
  });

test('a badge earned in the extension is celebrated once on the next visit, on any device', async ({
  page,
  browser,
}) => {
  const email = newEmail('away');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: DEMO_PASSWORD,
    options: { data: { full_name: 'Away User' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  // The extension's submit: the first feedback earns First Shot.
  const sent = await client.from('feedback').insert({
    user_id: data.user.id,
    title: 'Newsletter popup hides the page',
    description: 'It opens on every page and the close button is tiny.',
    category: 'bug',
    company_name: 'Example',
    website_url: 'https://example.com/news',
  });
  expect(sent.error).toBeNull();

  // Nobody else can mark it as seen.
  const other = createTestClient(baseURL, DEMO_ANON_KEY);
  await other.auth.signInWithPassword({
    email: 'consumer@example.com',
    password: DEMO_PASSWORD,
  });
  await other.rpc('mark_badges_celebrated', { p_badge_keys: ['first_shot'] });
  const before = await client
    .from('user_badges')
    .select('badge_key, celebrated_at')
    .eq('user_id', data.user.id);
  expect(before.data).toEqual([
    { badge_key: 'first_shot', celebrated_at: null },
  ]);

  await signIn(page, email);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Congratulations!')).toBeVisible();
  await expect(
    dialog.getByText("You've earned the First Shot badge!"),
  ).toBeVisible();
  // Confetti is drawn in the dialog's top layer, over its backdrop.
  await expect.poll(() => paintedConfetti(page)).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Awesome!' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => {
      const { data: row } = await client
        .from('user_badges')
        .select('celebrated_at')
        .eq('user_id', data.user!.id)
        .single();
      return row?.celebrated_at ?? null;
    })
    .not.toBeNull();

  // Once: not again after a reload, nor on another device.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'My Activity' }),
  ).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toBeHidden();
  const second = await browser.newContext();
  const phone = await second.newPage();
  await signIn(phone, email);
  await expect(
    phone.getByRole('heading', { level: 1, name: 'My Activity' }),
  ).toBeVisible();
  await phone.waitForTimeout(1000);
  await expect(phone.getByRole('dialog')).toBeHidden();
  await second.close();
});
