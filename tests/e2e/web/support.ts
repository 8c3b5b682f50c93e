import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { baseURL } from '../../../playwright.config.ts';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';

export const DEMO_PASSWORD = 'demo-password';

let counter = 0;
/** A fresh address per call, unique across runs of the in-memory backend. */
export function newEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.net`;
}

/** supabase-js in the test process, signed in as a seeded account. */
export async function signedInClient(email: string, password = DEMO_PASSWORD) {
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/**
 * Signs in through supabase-js and puts the session where the app keeps it,
 * for every page of the context: screens open signed in, no form filled.
 */
export async function withSession(
  target: BrowserContext | Page,
  email: string,
  password = DEMO_PASSWORD,
) {
  const client = createTestClient(baseURL, DEMO_ANON_KEY);
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password,
  });
  if (error) throw error;
  const key = `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
  await target.addInitScript(
    ([k, v]) => localStorage.setItem(k!, v!),
    [key, JSON.stringify(data.session)],
  );
}

const SCREENS = path.resolve('test-results', 'screens');
/**
 * The screens are for people to look at; `npm test` asserts and skips them
 * (PEEGA_E2E_SHOTS=0): two resizes and two captures per screen were about a
 * tenth of the journeys' CPU. `npx playwright test` saves them.
 */
const saveScreens = process.env.PEEGA_E2E_SHOTS !== '0';

/** Saves the page at desktop (1280) and phone (375) width as an artefact. */
export async function snap(page: Page, name: string) {
  if (!saveScreens) return;
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  // An open modal covers the viewport only: a full-page capture would show
  // it cut off mid-page, so it gets what the user sees.
  const fullPage = (await page.locator('dialog[open]').count()) === 0;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({
    path: path.join(SCREENS, `${name}-desktop.png`),
    fullPage,
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({
    path: path.join(SCREENS, `${name}-phone.png`),
    fullPage,
  });
  await page.setViewportSize(size);
}

/**
 * Screens of the journeys that must be looked at (#21): the viewport at the
 * brief's desktop (1366×900) and phone (390×844) widths, into
 * PEEGA_SHOTS_DIR (default test-results/screens); the size is restored.
 */
export async function shoot(page: Page, name: string) {
  if (!saveScreens) return;
  const dir = process.env.PEEGA_SHOTS_DIR ?? SCREENS;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [label, width, height] of [
    ['desktop', 1366, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`) });
  }
  await page.setViewportSize(size);
}

/**
 * Fills and sends the sign-up form of an open company invitation page
 * (#21), for an invited address without an account.
 */
export async function signUpOnInvitation(page: Page, fullName: string) {
  await page.getByRole('textbox', { name: 'Full Name' }).fill(fullName);
  await page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill(DEMO_PASSWORD);
  await page
    .getByRole('textbox', { name: 'Confirm Password' })
    .fill(DEMO_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account and join' }).click();
}

/** A tiny valid PNG (1×1) for upload tests. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal WebM header, enough for the audio bucket's type sniffing. */
export const WEBM_AUDIO = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from(
    '9f4286810142f7810142f2810442f381084282847765626d4287810442858102',
    'hex',
  ),
  Buffer.alloc(64),
]);

/** An e-mail of the demo mailbox (`/_mail`). */
export interface Mail {
  kind: string;
  subject: string;
  body_text: string;
  body_html: string;
  link: string;
}

/** The demo mailbox's newest e-mail of `kind` to `to` matching `where`. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  kind: string,
  where: (m: Mail) => boolean = () => true,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/_mail/api/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await res.json()) as Mail[];
        found = messages.find((m) => m.kind === kind && where(m));
        return !!found;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
