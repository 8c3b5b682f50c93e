import { expect, test, type Locator } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../playwright.config.ts';
import { AuthPage } from './pages/auth.page.ts';
import { CompanyPage } from './pages/company.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { SubmitFeedbackPage } from './pages/submit-feedback.page.ts';
import { DEMO_PASSWORD, newEmail, shoot, signedInClient } from './support.ts';

// Issue #19 item 1: a voice note recorded in Chrome (MediaRecorder gives
// `audio/webm;codecs=opus`) uploads, earns its XP and plays for the author
// and for the company. Chromium's fake microphone records a real tone.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['microphone'],
});

/** Waits until the element has loaded its media's metadata (it can play). */
async function expectPlayable(audio: Locator) {
  await expect
    .poll(() =>
      audio.evaluate((el: HTMLAudioElement) => {
        if (el.readyState === 0) el.load();
        return el.readyState >= 1 && !el.error;
      }),
    )
    .toBe(true);
}

test('a voice note recorded in Chrome uploads, earns +1 XP and plays for author and company', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signUp('Voice User', newEmail('voice'), DEMO_PASSWORD);
  await new DashboardPage(page).expectLoaded();

  const form = new SubmitFeedbackPage(page);
  await form.goto();
  const title = `Voice note about checkout ${Date.now().toString(36)}`;
  await form.field('Company Name').fill('Example Inc.');
  await form.field('Website URL').fill('https://example.com/voice');
  await form.field('Feedback Title').fill(title);
  await form
    .field('Detailed Description')
    .fill('I recorded what happened when I tried to pay.');
  await expect(form.submit()).toHaveText('Submit Feedback (+15 XP)');

  const uploads = page.waitForRequest((r) =>
    r.url().includes('/storage/v1/object/audio/'),
  );
  await page.getByRole('button', { name: /Record/ }).click();
  await expect(page.getByRole('button', { name: /^Stop/ })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: /^Stop/ }).click();
  await expect(page.getByText('Audio uploaded!')).toBeVisible();
  const objectUrl = (await uploads).url();
  expect(objectUrl).toMatch(/\.webm$/);
  await expect(form.submit()).toHaveText('Submit Feedback (+16 XP)');

  // #40 item 14: a reload keeps the voice note with the text, playable,
  // and its XP still counted.
  await page.reload();
  await expect(form.field('Feedback Title')).toHaveValue(title);
  const kept = page.locator('form audio');
  await expectPlayable(kept);
  await expect(kept).toHaveAttribute('src', /\/storage\/v1\/object\/sign\//);
  await expect(form.submit()).toHaveText('Submit Feedback (+16 XP)');
  await shoot(page, 'voice-note-kept-after-reload');

  await form.submit().click();
  await expect(
    page.getByText('Thank you for your feedback. You earned 16 points!'),
  ).toBeVisible();
  // A first feedback also earns First Shot.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Awesome!' }).click();
  await expect(dialog).toBeHidden();
  const dashboard = new DashboardPage(page);
  await dashboard.expectLoaded();
  const item = dashboard.item(title);
  await item.getByRole('button', { name: 'See more' }).click();
  await expectPlayable(item.locator('audio'));

  // The company that owns example.com opens it and can play it too. Its
  // free daily views are shared with the other journeys of this run: start
  // from a fresh allowance (demo mode), so opening this one never depends on
  // what ran before.
  await (
    await signedInClient('company@example.com')
  ).rpc('reset_daily_feedback_views', {});
  const companyContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  const company = new CompanyPage(companyPage);
  await company.signIn('company@example.com', DEMO_PASSWORD);
  await companyPage.getByRole('searchbox').first().fill(title);
  await company.open(title);
  const voice = company.detail().getByLabel('Voice note');
  await expect(voice).toHaveAttribute('src', /\/storage\/v1\/object\/sign\//);
  await expectPlayable(voice);
  await companyContext.close();
});

test('an attachment the draft kept but the bucket lost is said, not dropped silently (#40 item 14)', async ({
  page,
}) => {
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signUp('Lost Voice', newEmail('lostvoice'), DEMO_PASSWORD);
  await new DashboardPage(page).expectLoaded();
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) =>
      k.endsWith('-auth-token'),
    )!;
    const userId = JSON.parse(localStorage.getItem(key)!).user.id as string;
    localStorage.setItem(
      `peega:feedback-draft:${userId}`,
      JSON.stringify({
        title: 'Kept title',
        audio: {
          name: 'voice-note.webm',
          path: `${crypto.randomUUID()}/${crypto.randomUUID()}.webm`,
        },
      }),
    );
  });
  const form = new SubmitFeedbackPage(page);
  await form.goto();
  await expect(form.field('Feedback Title')).toHaveValue('Kept title');
  await expect(
    page.getByText(
      'Your voice note could not be kept: record or add it again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Record/ })).toBeVisible();
});
