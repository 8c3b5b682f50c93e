import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { newEmail } from '../web/support.ts';
import { expect, test } from './fixtures.ts';
import { PopupPage, setBackend } from './pages/popup.page.ts';

// Promises at the edges (issue #19): pages a developer tests, a popup of
// its real size, the network gone, two accounts on one browser.

const PASSWORD = 'a-long-password-1';
/** The most a Chrome toolbar popup can be tall. */
const POPUP = { width: 400, height: 600 };

async function newUser() {
  const email = newEmail('edge');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Edge User' } },
  });
  if (error) throw error;
  return { email, id: data.user!.id };
}

/** Serves a small page at `url` (no server needed) and opens it. */
async function openPage(context: BrowserContext, url: string, title: string) {
  await context.route(`${new URL(url).origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>${title}</title><h1>${title}</h1>`,
    }),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  return page;
}

async function feedbackOf(userId: string) {
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data } = await admin
    .from('feedback')
    .select('website_url, website_host, company_name')
    .eq('user_id', userId);
  return data;
}

/** Send's box lies in the 600 px viewport (at the top of the page unless `scrolled`). */
async function sendIsInView(popup: Page, { scrolled = false } = {}) {
  const box = (await popup
    .getByRole('button', { name: /^(Send feedback|Try again)/ })
    .boundingBox())!;
  const scrollY = await popup.evaluate(() => window.scrollY);
  return (
    (scrolled || scrollY === 0) &&
    box.y >= 0 &&
    box.y + box.height <= POPUP.height
  );
}

test('feedback about a localhost page is sent from a 600 px popup with Ctrl+Enter', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const url = 'http://localhost:5173/x';
  const site = await openPage(context, url, 'My dev build');

  const popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.page.setViewportSize(POPUP);
  await expect(popup.page.getByTestId('page-url')).toHaveText(url);
  await expect(popup.preview().getByRole('img')).toBeVisible();

  // Send and the XP it earns are visible without scrolling.
  expect(await sendIsInView(popup.page)).toBe(true);
  await expect(popup.submit()).toHaveText('Send feedback · +16 XP');
  await popup.page.screenshot({
    path: 'test-results/screens/ext-popup-600.png',
  });

  await popup.field('Company').fill('My dev build');
  await popup.field('Your feedback').fill('The header overlaps the menu.');
  await popup.field('Your feedback').press('Control+Enter');
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+16 XP');

  expect(await feedbackOf(user.id)).toEqual([
    {
      website_url: url,
      website_host: 'localhost',
      company_name: 'My dev build',
    },
  ]);
});

test('IP-address and intranet pages are accepted too', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  for (const url of ['http://192.168.1.20/', 'http://intranet/']) {
    const site = await openPage(context, url, 'Intranet');
    const popup = await PopupPage.open(context, extensionId, site);
    if (url.startsWith('http://192')) await popup.signIn(user.email, PASSWORD);
    await expect(popup.page.getByTestId('page-url')).toHaveText(url);
    await popup.field('Your feedback').fill('Search gives no results.');
    await popup.field('Company').fill('');
    await popup.submit().click();
    // A field that is really empty is named.
    await expect(popup.page.getByRole('alert')).toHaveText(
      'Missing informationPlease fill in the company name.',
    );
    await popup.field('Company').fill('Intranet');
    await popup.submit().click();
    await expect(popup.page.getByTestId('xp-earned')).toBeVisible();
    await popup.page.close();
  }
  const rows = await feedbackOf(user.id);
  expect(rows?.map((r) => r.website_host).sort()).toEqual([
    '192.168.1.20',
    'intranet',
  ]);
});

test("the next account on this browser never sees the previous one's draft", async ({
  context,
  extensionId,
}) => {
  const ada = await newUser();
  const bob = await newUser();
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/a', 'Shop');

  let popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(ada.email, PASSWORD);
  await popup.field('Your feedback').fill('Ada: my card number shows.');
  await expect(popup.preview().getByRole('img')).toBeVisible();
  await popup.blur(0.1, 0.1, 0.3, 0.3);
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await popup.page.close();

  popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(bob.email, PASSWORD);
  await expect(popup.field('Your feedback')).toHaveValue('');
  await expect(popup.preview().getByRole('img')).toBeVisible();
  await expect(popup.page.getByText(/region blurred/)).toHaveCount(0);
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  // Asked for: no "Your session has ended".
  await expect(popup.page.getByText('Sign in to send feedback')).toBeVisible();
  await expect(popup.page.getByRole('alert')).toHaveCount(0);
  await popup.page.close();

  // Ada's draft is still hers after signing in again.
  popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(ada.email, PASSWORD);
  await expect(popup.field('Your feedback')).toHaveValue(
    'Ada: my card number shows.',
  );
  await expect(popup.page.getByText(/1 region blurred/)).toBeVisible();
});

/**
 * A front for the backend that can stop answering without closing
 * connections: requests hang, as they do when the network drops.
 */
async function hangableBackend() {
  let hanging = false;
  const upstream = new URL(baseURL);
  const server = http.createServer((req, res) => {
    if (hanging) return; // never answered
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        if (req.url === '/config.json') {
          let body = '';
          up.on('data', (c: Buffer) => (body += c.toString()));
          up.on('end', () => {
            const json = JSON.parse(body) as Record<string, unknown>;
            json.supabaseUrl = url;
            res.writeHead(200, {
              'content-type': 'application/json',
              'access-control-allow-origin': '*',
            });
            res.end(JSON.stringify(json));
          });
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hang: () => void (hanging = true),
    answer: () => void (hanging = false),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

test('a submit that hangs times out with a clear message, keeps the form and is sent when back online', async ({
  context,
  extensionId,
}) => {
  test.setTimeout(90_000);
  const user = await newUser();
  const backend = await hangableBackend();
  await setBackend(context, extensionId, backend.url);
  const site = await openPage(context, 'http://shop.peega.test/b', 'Shop');
  const popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.field('Company').fill('Shop');
  await popup.field('Your feedback').fill('Prices jump after login.');
  await expect(popup.preview().getByRole('img')).toBeVisible();
  await popup.page.setViewportSize(POPUP);

  backend.hang();
  const started = Date.now();
  await popup.submit().click();
  await expect(
    popup.page.getByTestId('send-footer').getByRole('button'),
  ).toHaveText('Sending…');
  const alert = popup.page.getByRole('alert');
  await expect(alert).toContainText('Peega did not answer in time', {
    timeout: 40_000,
  });
  expect(Date.now() - started).toBeLessThan(40_000);
  await expect(alert).toContainText('sent again when your connection is back');
  await expect(popup.field('Your feedback')).toHaveValue(
    'Prices jump after login.',
  );
  await expect(popup.submit()).toHaveText(/^Try again/);
  await expect(alert).toBeInViewport();
  expect(await sendIsInView(popup.page, { scrolled: true })).toBe(true);
  await popup.page.screenshot({
    path: 'test-results/screens/ext-popup-timed-out.png',
  });

  // The connection comes back: the browser says so, the popup sends.
  backend.answer();
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+16 XP', {
    timeout: 20_000,
  });
  expect(await feedbackOf(user.id)).toHaveLength(1);
  backend.close();
});

test('a session whose account was deleted is signed out with a clear message', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/c', 'Shop');
  let popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.field('Company').fill('Shop');
  await popup.field('Your feedback').fill('The search box is hidden.');

  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { error } = await admin.auth.admin.deleteUser(user.id);
  expect(error).toBeNull();

  // While the popup is open: the submit finds out.
  await popup.submit().click();
  const ended = popup.page.getByRole('alert');
  await expect(ended).toHaveText('Your session has endedPlease sign in again.');
  await expect(popup.page.getByText('Sign in to send feedback')).toBeVisible();
  await popup.page.screenshot({
    path: 'test-results/screens/ext-popup-session-ended.png',
  });
  await popup.page.close();

  // Signed out for good: the next popup asks to sign in.
  popup = await PopupPage.open(context, extensionId, site);
  await expect(popup.page.getByText('Sign in to send feedback')).toBeVisible();
});

test('a popup opened with a deleted account signs it out at once', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/d', 'Shop');
  let popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.page.close();

  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  await admin.auth.admin.deleteUser(user.id);
  context.on('page', (p) => p.on('console', (m) => console.log('D', m.text())));
  popup = await PopupPage.open(context, extensionId, site);
  await expect(popup.page.getByRole('alert')).toHaveText(
    'Your session has endedPlease sign in again.',
  );
  await expect(popup.page.getByLabel('Email')).toBeVisible();
});

test('past the daily XP cap the popup promises no XP', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  await admin
    .from('user_stats')
    .update({
      day_feedback_date: new Date().toISOString().slice(0, 10),
      day_feedback_count: 20,
      feedback_count: 20,
    })
    .eq('user_id', user.id);
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/e', 'Shop');
  const popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await expect(popup.submit()).toHaveText('Send feedback');
  await expect(popup.page.getByTestId('send-footer')).toContainText(
    'this one earns 0 XP',
  );
  await expect(popup.page.getByText(/\+\d+ XP/)).toHaveCount(0);
});

test('the confirmation names the badge this feedback earned, and only that one', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/f', 'Shop');
  const popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.page.setViewportSize(POPUP);
  await popup.field('Company').fill('Shop');
  await popup.field('Your feedback').fill('The filters reset on back.');
  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+16 XP');
  const badges = popup.page.getByRole('list', { name: 'New badge' });
  await expect(badges).toContainText('New badge: First Shot');
  await expect(badges).toContainText('Submit first feedback');
  await popup.page.screenshot({
    path: 'test-results/screens/ext-popup-badge.png',
  });

  // The next feedback earns no badge: nothing is celebrated.
  await popup.page.getByRole('button', { name: 'Send another' }).click();
  await popup.field('Your feedback').fill('Prices lack the currency.');
  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+5 XP');
  await expect(popup.page.getByTestId('level-progress')).toBeVisible();
  await expect(popup.page.getByTestId('badges-earned')).toHaveCount(0);
});

test('a stored session that can no longer be refreshed ends with a clear message', async ({
  context,
  extensionId,
}) => {
  const user = await newUser();
  await setBackend(context, extensionId, baseURL);
  const site = await openPage(context, 'http://shop.peega.test/g', 'Shop');
  let popup = await PopupPage.open(context, extensionId, site);
  await popup.signIn(user.email, PASSWORD);
  await popup.page.close();

  // The session was revoked elsewhere: its access token has expired and
  // its refresh token is no longer known to the server.
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(async () => {
    const all = await chrome.storage.local.get(null);
    const key = Object.keys(all).find((k) => k.endsWith('-auth-token'))!;
    const session = JSON.parse(all[key] as string) as Record<string, unknown>;
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    session.refresh_token = 'revoked-refresh-token';
    await chrome.storage.local.set({ [key]: JSON.stringify(session) });
  });

  popup = await PopupPage.open(context, extensionId, site);
  await expect(popup.page.getByRole('alert')).toHaveText(
    'Your session has endedPlease sign in again.',
  );
  await expect(popup.page.getByLabel('Email')).toBeVisible();
});
