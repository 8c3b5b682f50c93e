import { test as base, chromium, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '../../../playwright.config.ts';

/** The built extension (npm run build:ext) loaded unpacked into a fresh Chromium profile. */
export const test = base.extend<{
  context: BrowserContext;
  extensionId: string;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their deps
  context: async ({}, use) => {
    const extension = path.resolve('.output/chrome-mv3');
    const profile = mkdtempSync(path.join(os.tmpdir(), 'peega-ext-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        ...chromiumArgs,
        `--disable-extensions-except=${extension}`,
        `--load-extension=${extension}`,
      ],
    });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const worker =
      context.serviceWorkers()[0] ??
      (await context.waitForEvent('serviceworker'));
    await use(new URL(worker.url()).host);
  },
});

export const expect = test.expect;
