import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { newEmail } from '../web/support.ts';
import { expect, test } from './fixtures.ts';
import {
  CARD_HTML,
  CARD_URL,
  OKLCH_HTML,
  OKLCH_URL,
  TALL_HTML,
  TALL_URL,
  inspectJpeg,
  openFixture,
} from './pages/capture-pages.ts';
import { PopupPage, setBackend } from './pages/popup.page.ts';

// Issue #26: beside the instant capture of the visible area, the whole page
// (html2canvas, or scrolling and stitching where it cannot draw the page)
// and one element picked in the page.

const PASSWORD = 'a-long-password-1';
const SCREENS = path.resolve('test-results', 'screens');

async function newUser() {
  const email = newEmail('cap');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Capture User' } },
  });
  if (error) throw error;
  return { email, id: data.user!.id };
}

async function signedInPopup(
  context: BrowserContext,
  extensionId: string,
  url: string,
  html: string,
) {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const page = await openFixture(context, url, html);
  const popup = await PopupPage.open(context, extensionId, page);
  await popup.signIn(user.email, PASSWORD);
  await expect(popup.preview().getByRole('img')).toBeVisible();
  return { user, page, popup };
}

/** The preview image's natural size: what would be uploaded. */
function previewSize(popup: PopupPage) {
  return popup
    .preview()
    .getByRole('img')
    .evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
}

function pressed(popup: PopupPage, name: string) {
  return expect(
    popup.page.getByRole('button', { name, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
}

/** The user's one feedback row and its uploaded screenshot. */
async function sentScreenshot(userId: string) {
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: row } = await admin
    .from('feedback')
    .select('*')
    .eq('user_id', userId)
    .single();
  expect(row!.screenshot_url).toBeTruthy();
  const { data: file } = await admin.storage
    .from('screenshots')
    .download(row!.screenshot_url!);
  const bytes = Buffer.from(await file!.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  return { row: row!, bytes };
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

test('the whole page of a 10,000 px article, blurred from the keyboard, arrives with the feedback', async ({
  context,
  extensionId,
}) => {
  const { user, popup } = await signedInPopup(
    context,
    extensionId,
    TALL_URL,
    TALL_HTML,
  );
  // The instant capture is the visible area (1280×720).
  await pressed(popup, 'Visible area');
  const visible = await previewSize(popup);
  expect(visible.height).toBeLessThan(visible.width);

  await popup.page.getByRole('button', { name: 'Bug Report' }).click();
  await popup
    .field('Your feedback')
    .fill('The footer overlaps the last section.');
  await popup.page.getByRole('button', { name: 'Whole page' }).click();
  await pressed(popup, 'Whole page');
  await expect(popup.page.getByTestId('capture-progress')).toBeHidden();
  const whole = await previewSize(popup);
  // 10,000 × 1280 CSS px, brought within 300 KB (smaller, same shape).
  expect(whole.height / whole.width).toBeGreaterThan(7);
  expect(popup.page.getByTestId('capture-note')).toHaveCount(0);
  await shot(popup.page, 'ext-capture-whole-page');

  // Redaction from the keyboard: Enter places the box in the middle, Enter blurs.
  await popup.preview().focus();
  await popup.page.keyboard.press('Enter');
  await popup.page.keyboard.press('Enter');
  await expect(popup.page.getByText(/1 region blurred/)).toBeVisible();
  await expect(popup.field('Your feedback')).toHaveValue(
    'The footer overlaps the last section.',
  );

  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toBeVisible();
  const { bytes } = await sentScreenshot(user.id);
  const image = await inspectJpeg(popup.page, bytes, [
    { name: 'top', x0: 0.4, x1: 0.6, y: 0.2 },
    { name: 'middle', x0: 0.4, x1: 0.6, y: 0.5 },
    { name: 'bottom', x0: 0.1, x1: 0.9, y: 0.995 },
  ]);
  expect(image.height / image.width).toBeGreaterThan(7);
  // Far taller than the viewport the visible area showed.
  expect(image.height / image.width).toBeGreaterThan(
    (visible.height / visible.width) * 5,
  );
  // The bars stay sharp above the box and are gone inside it (no edges).
  expect(image.probes.top!.edges).toBeGreaterThan(6);
  expect(image.probes.middle!.edges).toBe(0);
  // The page's last 200 px (red) are in the image.
  expect(image.probes.bottom!.r).toBeGreaterThan(180);
  expect(image.probes.bottom!.g).toBeLessThan(80);
});

test('a page html2canvas cannot draw (oklch) is captured by scrolling, with progress, Cancel and a note', async ({
  context,
  extensionId,
}) => {
  // Several popups and page round trips (and, for the fallback, Chrome's
  // two captures a second): more than the default 30 s on a busy machine.
  test.slow();
  const { user, page, popup } = await signedInPopup(
    context,
    extensionId,
    OKLCH_URL,
    OKLCH_HTML,
  );
  await popup.page.getByRole('button', { name: 'Improvement' }).click();
  await popup.field('Your feedback').fill('The pricing table is clear.');

  // Cancel stops the scrolling and puts the page back.
  await popup.page.getByRole('button', { name: 'Whole page' }).click();
  const progress = popup.page.getByTestId('capture-progress');
  await expect(progress).toContainText(/Capturing by scrolling… \d of \d/);
  await shot(popup.page, 'ext-capture-progress');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
  await pressed(popup, 'Visible area');
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);

  await popup.page.getByRole('button', { name: 'Whole page' }).click();
  await expect(progress).toContainText(/of 5/);
  await expect(popup.page.getByTestId('capture-note')).toHaveText(
    'This page uses styles the page renderer can’t draw, so it was captured by scrolling.',
    { timeout: 15_000 },
  );
  await pressed(popup, 'Whole page');
  const size = await previewSize(popup);
  expect(size.height / size.width).toBeGreaterThan(2);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  await shot(popup.page, 'ext-capture-fallback');

  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toBeVisible();
  const { bytes } = await sentScreenshot(user.id);
  const image = await inspectJpeg(popup.page, bytes, [
    { name: 'header', x0: 0.1, x1: 0.9, y: 0.005 },
    // The top of the second slice: bars, not the header again.
    { name: 'second', x0: 0.1, x1: 0.9, y: 0.25 },
    { name: 'middle', x0: 0.1, x1: 0.9, y: 0.5 },
    { name: 'bottom', x0: 0.1, x1: 0.9, y: 0.99 },
  ]);
  expect(image.height / image.width).toBeGreaterThan(2);
  // The fixed header shows once, at the top; the bars and the red end below.
  expect(image.probes.header!.b).toBeGreaterThan(120);
  expect(image.probes.second!.edges).toBeGreaterThan(6);
  expect(image.probes.middle!.spread).toBeGreaterThan(150);
  expect(image.probes.bottom!.r).toBeGreaterThan(150);
  expect(image.probes.bottom!.g).toBeLessThan(100);
});

test('an element picked in the page (hover, click) comes back to the popup, with what the user typed; Esc cancels', async ({
  context,
  extensionId,
}) => {
  // Several popups and page round trips (and, for the fallback, Chrome's
  // two captures a second): more than the default 30 s on a busy machine.
  test.slow();
  const { user, page, popup } = await signedInPopup(
    context,
    extensionId,
    CARD_URL,
    CARD_HTML,
  );
  await popup.page.getByRole('button', { name: 'Bug Report' }).click();
  await popup.field('Your feedback').fill('The price in this card is wrong.');
  const highlight = page.locator('[data-peega-highlight]');

  // The popup closes so the page can be pointed at.
  let closed = popup.page.waitForEvent('close');
  await popup.page.getByRole('button', { name: 'Pick an element' }).click();
  await closed;
  await page.bringToFront();
  await page.mouse.move(350, 340);
  await expect(highlight).toBeVisible();

  // A popup opened meanwhile says a pick is under way, and cancels it.
  let again = await PopupPage.open(context, extensionId, page);
  const progress = again.page.getByTestId('capture-progress');
  await expect(progress).toContainText(
    'Pick an element on the page: click it, or press Esc to cancel.',
  );
  const { violations } = await new AxeBuilder({ page: again.page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  await expect(highlight).toHaveCount(0);

  // Esc in the page cancels too.
  closed = again.page.waitForEvent('close');
  await again.page.getByRole('button', { name: 'Pick an element' }).click();
  await closed;
  await page.bringToFront();
  await page.mouse.move(350, 340);
  await expect(highlight).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(highlight).toHaveCount(0);

  again = await PopupPage.open(context, extensionId, page);
  await expect(again.field('Your feedback')).toHaveValue(
    'The price in this card is wrong.',
  );
  await pressed(again, 'Visible area');
  await expect(again.page.getByTestId('capture-progress')).toHaveCount(0);

  closed = again.page.waitForEvent('close');
  await again.page.getByRole('button', { name: 'Pick an element' }).click();
  await closed;
  await page.bringToFront();
  await page.mouse.move(300, 300);
  await expect(highlight).toBeVisible();
  const box = await highlight.boundingBox();
  expect(box).toMatchObject({ x: 200, y: 240, width: 300, height: 200 });
  await shot(page, 'ext-capture-picking');
  // The page never sees the click.
  await page.evaluate(() => {
    document.addEventListener('click', () => (document.title = 'clicked'));
  });
  await page.mouse.click(300, 300);
  await expect(highlight).toHaveCount(0);
  expect(await page.title()).toBe('Product | Cards');

  // The result waits in extension storage until a popup takes it.
  const worker = context.serviceWorkers()[0]!;
  await expect
    .poll(() =>
      worker.evaluate(async () => {
        const { captureJob } = await chrome.storage.local.get('captureJob');
        return (captureJob as { status?: string } | undefined)?.status ?? null;
      }),
    )
    .toBe('done');
  again = await PopupPage.open(context, extensionId, page);
  await pressed(again, 'Pick an element');
  await expect(again.field('Your feedback')).toHaveValue(
    'The price in this card is wrong.',
  );
  // The card's own size (300×200 CSS px) at the page's pixel ratio.
  const dpr = await page.evaluate(() => devicePixelRatio);
  const cardSize = { width: 300 * dpr, height: 200 * dpr };
  expect(await previewSize(again)).toEqual(cardSize);
  await shot(again.page, 'ext-capture-element');

  await again.submit().click();
  await expect(again.page.getByTestId('xp-earned')).toBeVisible();
  const { bytes } = await sentScreenshot(user.id);
  const image = await inspectJpeg(again.page, bytes, [
    { name: 'centre', x0: 0.3, x1: 0.7, y: 0.7 },
  ]);
  expect({ width: image.width, height: image.height }).toEqual(cardSize);
  expect(image.probes.centre!.r).toBeGreaterThan(180);
  expect(image.probes.centre!.g).toBeLessThan(80);
});

test('a capture the browser refuses says so in one line and keeps the draft, which is still sent', async ({
  context,
  extensionId,
}) => {
  const { user, page, popup } = await signedInPopup(
    context,
    extensionId,
    CARD_URL,
    CARD_HTML,
  );
  await popup.page.getByRole('button', { name: 'Bug Report' }).click();
  await popup.field('Your feedback').fill('The price flickers.');
  // Another site in the same tab: the toolbar click's activeTab grant is gone.
  await context.route('http://elsewhere.peega.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Elsewhere</h1>' }),
  );
  await page.goto('http://elsewhere.peega.test/');

  await popup.page.getByRole('button', { name: 'Whole page' }).click();
  await expect(popup.page.getByRole('alert')).toHaveText(
    'The browser does not allow capturing this page. You can still send feedback.',
  );
  await expect(popup.field('Your feedback')).toHaveValue('The price flickers.');
  await pressed(popup, 'Visible area');
  await expect(
    popup.page.getByRole('button', { name: 'Whole page' }),
  ).toBeEnabled();

  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toBeVisible();
  const { row } = await sentScreenshot(user.id);
  expect(row).toMatchObject({
    description: 'The price flickers.',
    website_url: CARD_URL,
  });
});
