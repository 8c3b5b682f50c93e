import AxeBuilder from '@axe-core/playwright';
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
  PopupPage,
  SHOP_HTML,
  SHOP_URL,
  redPixels,
  setBackend,
  stripeSpread,
} from './pages/popup.page.ts';

// The popup without a mouse (issue #20, Accessibility): redaction by
// keyboard, and axe-core on every popup screen at the popup's own width.

const PASSWORD = 'a-long-password-1';

async function newUser() {
  const email = newEmail('a11y');
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Keyboard User' } },
  });
  if (error) throw error;
  return { email, id: data.user!.id };
}

async function openShop(context: BrowserContext) {
  await context.route('http://shop.peega.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: SHOP_HTML }),
  );
  const shop = context.pages()[0] ?? (await context.newPage());
  await shop.goto(SHOP_URL);
  return shop;
}

/** A new user's popup on the shop page, signed in, its screenshot shown. */
async function signedInPopup(context: BrowserContext, extensionId: string) {
  const { email, id } = await newUser();
  await setBackend(context, extensionId, baseURL);
  const shop = await openShop(context);
  const popup = await PopupPage.open(context, extensionId, shop);
  await popup.signIn(email, PASSWORD);
  await expect(popup.preview().getByRole('img')).toBeVisible();
  return { id, popup };
}

/** The screenshot the user's one feedback arrived with, as stored. */
async function uploadedShot(userId: string) {
  const admin = createTestClient(baseURL, DEMO_SERVICE_ROLE_KEY);
  const { data: row } = await admin
    .from('feedback')
    .select('screenshot_url')
    .eq('user_id', userId)
    .single();
  const { data: file } = await admin.storage
    .from('screenshots')
    .download(row!.screenshot_url!);
  return Buffer.from(await file!.arrayBuffer());
}

/** Serious and critical axe violations on the page as it is now, by rule. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

test('a keyboard user blurs a region of the screenshot and the upload is blurred there', async ({
  context,
  extensionId,
}) => {
  const { id, popup } = await signedInPopup(context, extensionId);
  const page = popup.page;

  await page.keyboard.type('The card number is shown in full.');
  // Title → Include → the screenshot: reached with Tab, like any control.
  await popup.field(/^Title/).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const preview = page.getByRole('application', { name: /^Screenshot/ });
  await expect(preview).toBeFocused();
  await expect(preview).toHaveAccessibleDescription(
    /Press Enter to place a blur box/,
  );

  // Enter places a box, Escape takes it away again.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('blur-box')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('blur-box')).toHaveCount(0);

  // The middle box (35%–65%) moved left five steps and one step wider:
  // 10%–45%, over the left panel only.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(preview).toHaveAccessibleDescription(
    /35% wide and 30% tall, 10% from the left and 35% from the top/,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 region blurred.')).toBeVisible();

  // A second box, then Delete takes the last one back.
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 regions blurred.')).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(page.getByText('1 region blurred.')).toBeVisible();

  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('xp-earned')).toBeVisible();

  const { left, right } = await stripeSpread(page, await uploadedShot(id));
  expect(right).toBeGreaterThan(150);
  expect(left).toBeLessThan(60);
});

test('a box, an arrow and a text label are drawn on the screenshot, by mouse and by keyboard, and arrive burned in (#37)', async ({
  context,
  extensionId,
}) => {
  const { id, popup } = await signedInPopup(context, extensionId);
  const page = popup.page;
  await page.keyboard.type('The total is wrong after the coupon.');
  // The shortcut that opened it is named beside the one that sends.
  await expect(page.getByTestId('send-footer')).toContainText(
    /\+Enter sends · Alt\+Shift\+F opens Peega/,
  );
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByTestId('open-shortcut')).toHaveText(
    'Alt+Shift+F opens Peega on the current page, with the screenshot taken. Change it in chrome://extensions/shortcuts.',
  );
  await options.screenshot({ path: test.info().outputPath('options.png') });
  await options.close();
  await page.bringToFront();
  const tools = page.getByRole('radiogroup', { name: 'Screenshot tool' });
  const preview = popup.preview();
  const at = async (x: number, y: number) => {
    const b = (await preview.boundingBox())!;
    return { x: b.x + b.width * x, y: b.y + b.height * y };
  };

  // A box by mouse, top left.
  await tools.getByText('Box').click();
  await expect(
    page.getByText('Drag to draw a box around what matters.'),
  ).toBeVisible();
  const a = await at(0.05, 0.05);
  const b = await at(0.3, 0.3);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByText('1 annotation.')).toBeVisible();

  // An arrow by keyboard: the middle box's diagonal, 35 % → 65 %.
  await tools.getByText('Arrow').click();
  await preview.focus();
  await page.keyboard.press('Enter');
  await expect(preview).toHaveAccessibleDescription(
    /Enter draws an arrow to its lower-right corner/,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 annotations.')).toBeVisible();

  // Text by a click, top right; Undo takes it back, Enter adds it again.
  await tools.getByText('Text').click();
  const t = await at(0.7, 0.1);
  await page.mouse.click(t.x, t.y);
  const field = page.getByLabel('Text on the screenshot');
  await expect(field).toBeFocused();
  await field.fill('Wrong total');
  await page.getByRole('button', { name: 'Add text' }).click();
  await expect(page.getByText('3 annotations.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText('2 annotations.')).toBeVisible();
  await page.mouse.click(t.x, t.y);
  await field.fill('Wrong total');
  await field.press('Enter');
  await expect(page.getByText('3 annotations.')).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('annotated-popup.png'),
  });

  await popup.submit().click();
  await expect(page.getByTestId('xp-earned')).toBeVisible();
  const jpeg = await uploadedShot(id);
  // The box's top edge, the arrow's middle, the text; nothing where no mark is.
  expect(
    await redPixels(page, jpeg, { x: 0.1, y: 0.04, w: 0.15, h: 0.03 }),
  ).toBeGreaterThan(20);
  expect(
    await redPixels(page, jpeg, { x: 0.48, y: 0.48, w: 0.04, h: 0.04 }),
  ).toBeGreaterThan(5);
  expect(
    await redPixels(page, jpeg, { x: 0.7, y: 0.09, w: 0.25, h: 0.08 }),
  ).toBeGreaterThan(20);
  expect(
    await redPixels(page, jpeg, { x: 0.02, y: 0.6, w: 0.08, h: 0.35 }),
  ).toBe(0);
});

test('every popup screen has no serious or critical axe violation at the popup width', async ({
  context,
  extensionId,
}) => {
  const { email } = await newUser();
  await setBackend(context, extensionId, baseURL);
  const shop = await openShop(context);
  const popup = await PopupPage.open(context, extensionId, shop);
  const page = popup.page;
  expect(page.viewportSize()?.width).toBe(400);

  await expect(page.getByText('Sign in to send feedback')).toBeVisible();
  expect(await seriousViolations(page), 'sign-in').toEqual([]);

  await popup.signIn(email, PASSWORD);
  await expect(popup.preview().getByRole('img')).toBeVisible();
  await page.getByRole('button', { name: 'Bug Report' }).click();
  expect(await seriousViolations(page), 'form').toEqual([]);

  // A failed submit shows the error state.
  await page.getByLabel('Company').fill('');
  await popup.submit().click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page), 'failure').toEqual([]);

  await page.getByLabel('Company').fill('Acme Shop');
  await popup.field('Your feedback').fill('The coupon field is hidden.');
  await popup.submit().click();
  await expect(page.getByTestId('level-progress')).toBeVisible();
  expect(await seriousViolations(page), 'sent').toEqual([]);

  const options = await context.newPage();
  await options.setViewportSize({ width: 400, height: 600 });
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByLabel('Backend address')).toBeVisible();
  expect(await seriousViolations(options), 'options').toEqual([]);
});
