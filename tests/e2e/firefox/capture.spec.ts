import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { baseURL } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import {
  BROKEN_HTML,
  CARD_HTML,
  TALL_HTML,
  measureJpeg,
  type JpegProbe,
} from '../extension/pages/capture-pages.ts';
import { SHOP_HTML } from '../extension/pages/popup.page.ts';
import { newEmail } from '../web/support.ts';
import { FirefoxExtension, SHOP_HOST, startShop } from './firefox.ts';

// Issue #26 in firefox-esr: the visible area, the whole page, one element
// picked in the page and the opted-in technical context each arrive with
// the feedback, as in Chromium's e2e (tests/e2e/extension/capture.spec.ts,
// technical-context.spec.ts). The toolbar button is clicked through
// Firefox's own triggerAction and popup.html is driven in its own window
// for that tab (feedback.spec.ts says why). The site permission is asked
// for by the popup's own permissions.request, and Firefox's prompt for it
// is answered in the browser window, as the user's Allow does.

const PASSWORD = 'a-long-password-1';
const SCREENS = process.env.PEEGA_SHOTS_DIR ?? 'test-results/screens';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let firefox: FirefoxExtension;
let shop: Awaited<ReturnType<typeof startShop>>;
let email: string;
let userId: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShop({
    '/cart': SHOP_HTML,
    '/article': TALL_HTML,
    '/product': CARD_HTML,
    '/checkout': BROKEN_HTML,
  });
  email = newEmail('firefox-cap');
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Fox Capture' } },
  });
  expect(signUp.error).toBeNull();
  userId = signUp.data.user!.id;
  firefox = await FirefoxExtension.launch();
  await firefox.setBackend(baseURL);
});
test.beforeEach(async () => {
  test.skip(
    !(await firefox.reachesBrowserWindow()),
    'This Firefox does not list its browser window to WebDriver BiDi (140.12 ESR): the popup cannot be opened from a test',
  );
});
test.afterAll(async () => {
  await firefox?.close();
  await shop?.close();
});

const byRole = (page: Page, role: string, name: string) =>
  page.waitForSelector(`::-p-aria([role="${role}"][name="${name}"])`);

/** The tab the feedback is about, on `pathname` of the shop. */
async function shopTab(pathname: string): Promise<Page> {
  const page = (await firefox.browser.pages())[0]!;
  await page.goto(`${shop.origin}${pathname}`);
  await page.bringToFront();
  return page;
}

/**
 * Click 1, the toolbar button, and the popup for that tab in its own
 * window; signed in once per browser (the session is kept in storage).
 */
async function openPopup(): Promise<Page> {
  const target = await firefox.clickToolbarButton();
  expect(target).toMatchObject({ activeTab: true, popupOpen: true });
  const popup = await firefox.open(
    `popup.html?tabId=${target.tabId}&windowId=${target.windowId}`,
    'window',
  );
  popup.setDefaultTimeout(20_000);
  await popup.setViewport({ width: 400, height: 900 });
  const screen = await Promise.race([
    popup
      .waitForSelector('::-p-text(Sign in to send feedback)')
      .then(() => 'sign-in'),
    byRole(popup, 'textbox', 'Your feedback').then(() => 'form'),
  ]);
  if (screen === 'sign-in') {
    await (await byRole(popup, 'textbox', 'Email'))!.type(email);
    await popup.type('input[type=password]', PASSWORD);
    await (await byRole(popup, 'button', 'Sign In'))!.click();
    await byRole(popup, 'textbox', 'Your feedback');
  }
  await popup.waitForSelector('[data-testid=screenshot-preview] img');
  return popup;
}

/** Whether the capture choice `name` is the one shown (a capture can take a while). */
const pressed = (popup: Page, name: string) =>
  expect
    .poll(
      () =>
        popup.$eval(
          `::-p-aria([role="button"][name="${name}"])`,
          (e) => e.getAttribute('aria-pressed') ?? '',
        ),
      {
        timeout: 30_000,
        message: `${name} chosen`,
      },
    )
    .toBe('true');

/** The preview image's natural size: what would be uploaded. */
const previewSize = (popup: Page) =>
  popup.$eval('[data-testid=screenshot-preview] img', (img) => ({
    width: (img as HTMLImageElement).naturalWidth,
    height: (img as HTMLImageElement).naturalHeight,
  }));

/** A category, a description, Send: the feedback's row and its JPEG measured. */
async function send(
  popup: Page,
  category: string,
  description: string,
  probes: JpegProbe[],
) {
  await (await byRole(popup, 'button', category))!.click();
  const field = (await byRole(popup, 'textbox', 'Your feedback'))!;
  await field.click({ count: 3 });
  await field.type(description);
  await popup.click('::-p-text(Send feedback)');
  await popup.waitForSelector('[data-testid=xp-earned]');
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: row } = await admin
    .from('feedback')
    .select('*')
    .eq('user_id', userId)
    .eq('description', description)
    .single();
  expect(row!.screenshot_url).toBeTruthy();
  const { data: file } = await admin.storage
    .from('screenshots')
    .download(row!.screenshot_url!);
  const bytes = Buffer.from(await file!.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  const image = await popup.evaluate(measureJpeg, {
    b64: bytes.toString('base64'),
    probes,
  });
  await popup.close();
  return { row: row!, image };
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

test('Firefox: the visible area arrives at the size of the viewport', async () => {
  const page = await shopTab('/cart');
  const viewport = await page.evaluate(() => ({
    width: Math.round(innerWidth * devicePixelRatio),
    height: Math.round(innerHeight * devicePixelRatio),
  }));
  const popup = await openPopup();
  await pressed(popup, 'Visible area');
  expect(await previewSize(popup)).toEqual(viewport);
  await shot(popup, 'firefox-capture-visible');
  const { row, image } = await send(
    popup,
    'Bug Report',
    'The cart stripes flicker in Firefox.',
    [{ name: 'middle', x0: 0.1, x1: 0.9, y: 0.5 }],
  );
  expect(row).toMatchObject({ website_url: `${shop.origin}/cart` });
  expect({ width: image.width, height: image.height }).toEqual(viewport);
  // SHOP_HTML's 6 px stripes, sharp.
  expect(image.probes.middle!.edges).toBeGreaterThan(20);
});

test('Firefox: the whole page of a 10,000 px article arrives, taller than the viewport, to its red end', async () => {
  const page = await shopTab('/article');
  const viewport = await page.evaluate(() => ({
    width: innerWidth,
    height: innerHeight,
  }));
  const popup = await openPopup();
  await pressed(popup, 'Visible area');
  await (await byRole(popup, 'button', 'Whole page'))!.click();
  await pressed(popup, 'Whole page');
  await popup.waitForSelector('[data-testid=capture-progress]', {
    hidden: true,
  });
  const whole = await previewSize(popup);
  // 10,000 px tall, brought within 300 KB (smaller, same shape).
  expect(whole.height / whole.width).toBeGreaterThan(7);
  // html2canvas cannot clone the page from Firefox's content-script world,
  // so the Firefox build captures by scrolling and says so
  // (docs/extension.md, "Firefox").
  await expect
    .poll(() =>
      popup
        .$eval('[data-testid=capture-note]', (e) => e.textContent)
        .catch(() => null),
    )
    .toBe('Captured by scrolling through the page.');
  await shot(popup, 'firefox-capture-whole-page');
  const { image } = await send(
    popup,
    'Bug Report',
    'The footer overlaps the last section in Firefox.',
    [
      { name: 'top', x0: 0.1, x1: 0.9, y: 0.2 },
      { name: 'bottom', x0: 0.1, x1: 0.9, y: 0.995 },
    ],
  );
  expect(image.height / image.width).toBeGreaterThan(7);
  expect(image.height / image.width).toBeGreaterThan(
    (viewport.height / viewport.width) * 5,
  );
  expect(image.probes.top!.edges).toBeGreaterThan(6);
  // The page's last 200 px (red) are in the image.
  expect(image.probes.bottom!.r).toBeGreaterThan(180);
  expect(image.probes.bottom!.g).toBeLessThan(80);
});

test('Firefox: an element picked in the page arrives at its own size', async () => {
  const page = await shopTab('/product');
  const popup = await openPopup();
  await (await byRole(popup, 'button', 'Pick an element'))!.click();
  // The popup calls window.close() so the page can be pointed at; Firefox
  // closes only windows a script opened, not this one BiDi opened (the
  // real toolbar popup does close), so the test closes it.
  await page.waitForSelector('[data-peega-picker]');
  await popup.close();
  await page.mouse.move(300, 300);
  const highlight = await page.waitForSelector(
    '[data-peega-picker] >>> [data-peega-highlight]',
    { visible: true },
  );
  expect(
    await highlight!.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  ).toEqual({ x: 200, y: 240, width: 300, height: 200 });
  await shot(page, 'firefox-capture-picking');
  await page.mouse.click(300, 300);
  await page.waitForSelector('[data-peega-picker]', { hidden: true });

  const again = await openPopup();
  await pressed(again, 'Pick an element');
  const dpr = await page.evaluate(() => devicePixelRatio);
  const size = { width: 300 * dpr, height: 200 * dpr };
  expect(await previewSize(again)).toEqual(size);
  await shot(again, 'firefox-capture-element');
  const { image } = await send(
    again,
    'Bug Report',
    'The price in this card is wrong in Firefox.',
    [{ name: 'centre', x0: 0.3, x1: 0.7, y: 0.7 }],
  );
  expect({ width: image.width, height: image.height }).toEqual(size);
  expect(image.probes.centre!.r).toBeGreaterThan(180);
  expect(image.probes.centre!.g).toBeLessThan(80);
});

test('Firefox: an allowed site records errors and failed requests, reviewed line by line, sent without the unticked one', async () => {
  const page = await shopTab('/checkout');
  const popup = await openPopup();
  const section = 'section[aria-label="Technical context"]';
  const sectionText = () => popup.$eval(section, (e) => e.textContent ?? '');
  const attach = () =>
    popup.$eval(
      `${section} label:has(> input[type=checkbox]) input`,
      (e) => (e as HTMLInputElement).checked,
    );
  expect(await attach()).toBe(false);

  // The popup's own permissions.request, in the click's task; Firefox asks.
  // From the keyboard: a click at the foot of this 900 px popup window
  // lands outside Firefox's real window; Enter is a user gesture as well.
  await (await byRole(popup, 'button', `Record on ${SHOP_HOST}`))!.focus();
  await popup.keyboard.press('Enter');
  await popup.waitForSelector(
    `::-p-text(Allow Peega to read ${SHOP_HOST} in your browser’s prompt.)`,
  );
  const asked = await firefox.answerPermissionPrompt(true);
  expect(asked.join('\n')).toContain(SHOP_HOST);
  await popup.waitForSelector('[data-testid=recording-status]');
  await expect.poll(attach).toBe(true);

  // From the page's next load, what fails is recorded and masked.
  await page.reload();
  await page.click('#pay');
  const lines = () =>
    popup.$$eval('[data-testid=context-line]', (els) =>
      els.map((e) => e.textContent ?? ''),
    );
  await expect
    .poll(async () => (await lines()).join('\n'), { timeout: 20_000 })
    .toContain('Error: Checkout failed for [email] token=[secret]');
  await expect
    .poll(async () => (await lines()).join('\n'))
    .toContain(`POST http://${SHOP_HOST}:`);
  await expect
    .poll(async () => (await lines()).join('\n'))
    .toMatch(/GET http:\/\/shop\.peega\.test:\d+\/api\/pay\/\[hex\] → 404/);
  await expect
    .poll(async () => (await lines()).join('\n'))
    .toContain('Unhandled rejection: Error: Payment service unavailable');
  const shown = await sectionText();
  expect(shown).not.toMatch(/jane@shop\.test|abc123|session=xyz/);
  expect(shown).toContain('2 console errors · 2 failed requests');

  // Untick one line: it stays in the popup, not in what is sent.
  const rejection = await popup.waitForSelector(
    `${section} label[title*="Payment service unavailable"] input`,
  );
  await rejection!.click();
  expect(
    await rejection!.evaluate((e) => (e as HTMLInputElement).checked),
  ).toBe(false);
  await shot(popup, 'firefox-popup-context');
  const { row } = await send(
    popup,
    'Bug Report',
    'Paying fails at checkout in Firefox.',
    [],
  );
  const sent = JSON.stringify(row.technical_context);
  expect(sent).toContain('Checkout failed for [email] token=[secret]');
  expect(sent).toContain(`http://${SHOP_HOST}:`);
  expect(sent).toContain('/api/cart');
  expect(sent).toContain('Firefox');
  expect(sent).not.toContain('Payment service unavailable');
  expect(sent).not.toMatch(/jane@|abc123|xyz/);
});
