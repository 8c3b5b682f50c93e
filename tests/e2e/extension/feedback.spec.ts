import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { DashboardPage } from '../web/pages/dashboard.page.ts';
import { newEmail } from '../web/support.ts';
import { expect, test } from './fixtures.ts';
import { inspectJpeg } from './pages/capture-pages.ts';
import {
  PopupPage,
  SHOP_HTML,
  SHOP_URL,
  setBackend,
  stripeSpread,
} from './pages/popup.page.ts';

const PASSWORD = 'a-long-password-1';
const SCREENS = path.resolve('test-results', 'screens');

async function newUser() {
  const email = newEmail('ext');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Ext User' } },
  });
  if (error) throw error;
  return email;
}

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENS, `${name}.png`),
    fullPage: true,
  });
}

async function openShop(page: Page) {
  await page
    .context()
    .route('http://shop.peega.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: SHOP_HTML }),
    );
  await page.goto(SHOP_URL);
}

test('a new user sends feedback with a blurred screenshot from the toolbar', async ({
  context,
  extensionId,
}) => {
  const email = await newUser();
  await setBackend(context, extensionId, baseURL);
  const shop = context.pages()[0] ?? (await context.newPage());
  await openShop(shop);

  const popup = await PopupPage.open(context, extensionId, shop);
  await expect(popup.page.getByText('Sign in to send feedback')).toBeVisible();
  await shot(popup.page, 'ext-popup-signed-out');
  await popup.signIn(email, PASSWORD);

  await expect(popup.page.getByTestId('page-url')).toHaveText(SHOP_URL);
  await expect(popup.page.getByTestId('page-host')).toHaveText(
    'shop.peega.test',
  );
  await expect(popup.field('Company')).toHaveValue('Acme Shop');
  // No company verified the shop (#35): the author is told before sending.
  await expect(popup.page.getByTestId('waiting-for-owner')).toContainText(
    'shop.peega.test is not on Peega yet: your feedback waits for its owner.',
  );
  await expect(popup.preview().getByRole('img')).toBeVisible();
  // First feedback: 5 + 1 (screenshot) + 10 (first) = 16 XP.
  await expect(popup.submit()).toHaveText('Send feedback · +16 XP');

  await popup.blur(0.05, 0.1, 0.4, 0.8);
  await popup.page.getByRole('button', { name: 'Bug Report' }).click();
  await popup
    .field('Your feedback')
    .fill('The checkout button does nothing. I clicked it three times.');
  await popup.page.getByLabel('Attach technical context').check();
  await shot(popup.page, 'ext-popup-form');
  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+16 XP');
  await expect(popup.page.getByTestId('level-progress')).toContainText('16 XP');
  await shot(popup.page, 'ext-popup-success');

  // "Open dashboard" (#40 item 17): signed in here, signed in there. The
  // one-time code signs the web app in and leaves neither the address bar
  // nor the tab's history.
  const [dashboardTab] = await Promise.all([
    context.waitForEvent('page'),
    popup.page.getByRole('link', { name: 'Open dashboard' }).click(),
  ]);
  await expect(dashboardTab).toHaveURL(`${baseURL}/app`);
  await expect(new DashboardPage(dashboardTab).experience()).toContainText(
    '16 XP',
  );
  expect(await dashboardTab.evaluate(() => history.length)).toBe(1);
  await shot(dashboardTab, 'ext-open-dashboard-signed-in');

  // The row and its (blurred) screenshot are in the backend.
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
    title: 'The checkout button does nothing',
    category: 'bug',
    company_name: 'Acme Shop',
    website_url: SHOP_URL,
    points_awarded: 16,
  });
  // The environment goes apart from the text (issue #26); nothing was
  // recorded on a site the user did not allow.
  expect(row!.description).not.toContain('Technical context');
  expect(row!.technical_context).toMatchObject({
    environment: { browser: expect.stringMatching(/^Chrome \d+$/) },
    consoleErrors: [],
    failedRequests: [],
  });
  const { data: file } = await admin.storage
    .from('screenshots')
    .download(row!.screenshot_url!);
  const bytes = Buffer.from(await file!.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);

  // The visible area, at the size of the tab's viewport.
  const viewport = await shop.evaluate(() => ({
    width: Math.round(innerWidth * devicePixelRatio),
    height: Math.round(innerHeight * devicePixelRatio),
  }));
  const image = await inspectJpeg(popup.page, bytes, []);
  expect({ width: image.width, height: image.height }).toEqual(viewport);

  // Blurred: the left panel's stripes are gone, the right one's remain.
  const { left, right } = await stripeSpread(popup.page, bytes);
  expect(right).toBeGreaterThan(150);
  expect(left).toBeLessThan(60);

  // The link again opens the dashboard: each click gets a code of its own.
  const [again] = await Promise.all([
    context.waitForEvent('page'),
    popup.page.getByRole('link', { name: 'Open dashboard' }).click(),
  ]);
  await expect(again).toHaveURL(`${baseURL}/app`);
});

/** A stoppable front for the backend, so the test can take it down and up. */
async function stoppableBackend() {
  const sockets = new Set<Socket>();
  const upstream = new URL(baseURL);
  const server = http.createServer((req, res) => {
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
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stop: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
    start: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
  };
}

test('a submit while the backend is down keeps the draft and succeeds after it is back', async ({
  context,
  extensionId,
}) => {
  const email = await newUser();
  const backend = await stoppableBackend();
  await setBackend(context, extensionId, backend.url);
  const shop = context.pages()[0] ?? (await context.newPage());
  await openShop(shop);

  let popup = await PopupPage.open(context, extensionId, shop);
  await popup.signIn(email, PASSWORD);
  await popup.page.getByRole('button', { name: 'Improvement' }).click();
  await popup.field('Your feedback').fill('Please show prices with tax.');
  await expect(popup.preview().getByRole('img')).toBeVisible();

  await backend.stop();
  await popup.submit().click();
  await expect(popup.page.getByRole('alert')).toContainText(
    "Can't reach Peega",
  );
  await expect(popup.page.getByRole('alert')).toContainText('saved as a draft');
  await expect(popup.submit()).toHaveText(/^Try again/);
  await shot(popup.page, 'ext-popup-offline');
  await popup.page.close();

  await backend.start();
  popup = await PopupPage.open(context, extensionId, shop);
  await expect(popup.field('Your feedback')).toHaveValue(
    'Please show prices with tax.',
  );
  await expect(
    popup.page.getByRole('button', { name: 'Improvement' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await popup.submit().click();
  await expect(popup.page.getByTestId('xp-earned')).toHaveText('+16 XP');
  await backend.stop();
});
