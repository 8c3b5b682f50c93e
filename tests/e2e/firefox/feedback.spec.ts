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
import { SHOP_HTML } from '../extension/pages/popup.page.ts';
import { newEmail } from '../web/support.ts';
import { FirefoxExtension, startShop } from './firefox.ts';

// The Firefox build (npm run build:ext:firefox) in Debian's firefox-esr,
// through the same two clicks as Chromium's e2e: the toolbar button, a
// category, Send. Puppeteer drives Firefox over WebDriver BiDi (Playwright
// cannot drive a stock Firefox). BiDi reaches tabs and windows but not the
// real toolbar popup (a panel of the browser window), so the button is
// clicked through Firefox's own triggerAction (activeTab granted, the real
// popup opens) and the same popup.html is driven in its own window for
// that tab, as Chromium's e2e does. docs/extension.md "Firefox" has more.

const PASSWORD = 'a-long-password-1';
const SCREENS = path.resolve('test-results', 'screens');

test.describe.configure({ timeout: 90_000 });

let firefox: FirefoxExtension;
let shop: Awaited<ReturnType<typeof startShop>>;
test.beforeAll(async () => {
  shop = await startShop(SHOP_HTML);
  firefox = await FirefoxExtension.launch();
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

/** The first element matching a Puppeteer ARIA selector, once it is there. */
const byRole = (page: Page, role: string, name: string) =>
  page.waitForSelector(`::-p-aria([role="${role}"][name="${name}"])`);
const text = (page: Page) => page.evaluate(() => document.body.innerText);

test('a new user sends feedback with a screenshot from Firefox', async () => {
  const email = newEmail('firefox');
  const signUp = await createTestClient(baseURL, DEMO_ANON_KEY).auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Fox User' } },
  });
  expect(signUp.error).toBeNull();

  // The options page points the add-on at this backend.
  await firefox.setBackend(baseURL);

  const page = (await firefox.browser.pages())[0]!;
  await page.goto(shop.url);

  // Click 1: the toolbar button (the real popup opens, activeTab granted).
  const target = await firefox.clickToolbarButton();
  expect(target).toMatchObject({ activeTab: true, popupOpen: true });
  const popup = await firefox.open(
    `popup.html?tabId=${target.tabId}&windowId=${target.windowId}`,
    'window',
  );
  popup.setDefaultTimeout(10_000);
  await popup.setViewport({ width: 400, height: 900 });
  await popup.waitForSelector('::-p-text(Sign in to send feedback)');
  await (await byRole(popup, 'textbox', 'Email'))!.type(email);
  // A password field has no ARIA role.
  await popup.type('input[type=password]', PASSWORD);
  await (await byRole(popup, 'button', 'Sign In'))!.click();

  // The form knows the page (tab), the company (the content script, through
  // the background) and shows the screenshot captured under activeTab.
  await byRole(popup, 'textbox', 'Your feedback');
  await popup.waitForSelector('[data-testid=screenshot-preview] img');
  await expect
    .poll(async () =>
      popup.$eval('[data-testid=page-url]', (e) => e.textContent),
    )
    .toBe(shop.url);
  const company = (await byRole(popup, 'textbox', 'Company'))!;
  await expect
    .poll(() => company.evaluate((e) => (e as HTMLInputElement).value))
    .toBe('Acme Shop');
  mkdirSync(SCREENS, { recursive: true });
  await popup.screenshot({
    path: path.join(SCREENS, 'firefox-popup-form.png'),
  });

  // Click 2: a category; then Send (the background submits).
  await (await byRole(popup, 'button', 'Bug Report'))!.click();
  await (await byRole(popup, 'textbox', 'Your feedback'))!.type(
    'The checkout button does nothing in Firefox.',
  );
  await popup.click('::-p-text(Send feedback)');
  await popup.waitForSelector('[data-testid=xp-earned]');
  expect(await text(popup)).toContain('+16 XP');
  await popup.screenshot({
    path: path.join(SCREENS, 'firefox-popup-success.png'),
  });

  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: user } = await admin
    .from('profiles')
    .select('id')
    .eq('email', email)
    .single();
  const { data: row } = await admin
    .from('feedback')
    .select('*')
    .eq('user_id', user!.id)
    .single();
  expect(row).toMatchObject({
    category: 'bug',
    company_name: 'Acme Shop',
    website_url: shop.url,
    points_awarded: 16,
  });
  const { data: file } = await admin.storage
    .from('screenshots')
    .download(row!.screenshot_url!);
  const bytes = Buffer.from(await file!.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});
