import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXTENSION_PERMISSIONS } from '../../../shared/domain/extension-permissions.ts';
import { extensionBackendFile } from '../../../shared/domain/public-url.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

// /extension says which backend the built extension talks to and how to
// change it (issue #19 item 2: `PORT=4200 npm start` built one for 3000).
const output = mkdtempSync(path.join(os.tmpdir(), 'peega-ext-out-'));
let t: TestBackend;
beforeAll(async () => {
  mkdirSync(path.join(output, 'chrome-mv3'));
  writeFileSync(path.join(output, 'chrome-mv3', 'manifest.json'), '{}');
  t = await startTestBackend({
    configure: (config) => {
      config.extensionOutputDir = output;
    },
  });
});
afterAll(async () => {
  await t?.stop();
  rmSync(output, { recursive: true, force: true });
});

const page = async () => (await fetch(`${t.url}/extension`)).text();

it('names the backend of the built extension and points to its Options', async () => {
  writeFileSync(
    path.join(output, extensionBackendFile('chrome')),
    `${t.url}\n`,
  );
  const html = await page();
  expect(html).toContain(
    `This build of the extension talks to <code>${t.url}</code>.`,
  );
  expect(html).toContain('<strong>Options</strong>');
  expect(html).toContain('<strong>Backend address</strong>');
  expect(html).not.toContain('role="alert"');
});

it('warns when the extension was built for another backend', async () => {
  writeFileSync(
    path.join(output, extensionBackendFile('chrome')),
    'http://localhost:3000\n',
  );
  const html = await page();
  expect(html).toContain(
    'This build of the extension talks to <code>http://localhost:3000</code>.',
  );
  expect(html).toMatch(
    new RegExp(`role="alert">This site's backend is <code>${t.url}</code>`),
  );
  expect(html).toContain(
    `build it again with <code>PEEGA_PUBLIC_URL=${t.url} npm run build:ext</code>`,
  );
});

// #40 item 13: the page's commands build for this server whatever its port,
// and a Firefox build does not rewrite what the Chromium build talks to.
it("gives each browser's build its own backend line and commands for this server", async () => {
  writeFileSync(
    path.join(output, extensionBackendFile('chrome')),
    `${t.url}\n`,
  );
  const before = await page();
  expect(before).toContain(
    `build it first with <code>PEEGA_PUBLIC_URL=${t.url} npm run build:ext:firefox</code>`,
  );
  expect(before).not.toContain('data-testid="extension-backend-firefox"');
  mkdirSync(path.join(output, 'firefox-mv3'), { recursive: true });
  writeFileSync(path.join(output, 'firefox-mv3', 'manifest.json'), '{}');
  writeFileSync(
    path.join(output, extensionBackendFile('firefox')),
    'http://localhost:3000\n',
  );
  const html = await page();
  expect(html).toContain(
    `<p data-testid="extension-backend-chrome">This build of the extension talks to <code>${t.url}</code>.</p>`,
  );
  expect(html).toContain(
    '<p data-testid="extension-backend-firefox">This build of the extension talks to <code>http://localhost:3000</code>.</p>',
  );
  expect(html).toContain(
    `build it again with <code>PEEGA_PUBLIC_URL=${t.url} npm run build:ext:firefox</code>`,
  );
  expect(html.match(/role="alert"/g)).toHaveLength(1);
  rmSync(path.join(output, 'firefox-mv3'), { recursive: true });
  rmSync(path.join(output, extensionBackendFile('firefox')));
});

it('says why the extension asks for each permission, and that no site is read up front', async () => {
  const html = await page();
  expect(html).toContain('Peega asks for no access to any website up front.');
  for (const p of EXTENSION_PERMISSIONS) {
    expect(html).toContain(`<strong>${p.permission}</strong>`);
  }
  expect(html).toContain('Remove it in Options at any time.');
});

// Issue #26: the Firefox build is offered next to Chromium's, each with its
// own way to load it and its own zip once `zip:ext` / `zip:ext:firefox` ran.
it('offers the Chromium and the Firefox build, each with its zip', async () => {
  const before = await page();
  expect(before).toContain('<code>chrome://extensions</code>');
  expect(before).toContain(
    '<code>about:debugging#/runtime/this-firefox</code>',
  );
  expect(before).toContain('<strong>Load Temporary Add-on…</strong>');
  // The Firefox build is not there yet: say how to make it, offer no zip.
  expect(before).toContain(
    `<code>PEEGA_PUBLIC_URL=${t.url} npm run build:ext:firefox</code>`,
  );
  expect(before).not.toContain('.zip">');
  expect((await fetch(`${t.url}/extension/peega-firefox.zip`)).status).toBe(
    404,
  );

  mkdirSync(path.join(output, 'firefox-mv3'));
  writeFileSync(path.join(output, 'firefox-mv3', 'manifest.json'), '{}');
  writeFileSync(path.join(output, 'peega-0.1.0-chrome.zip'), 'chrome zip');
  writeFileSync(path.join(output, 'peega-0.1.0-firefox.zip'), 'firefox zip');
  writeFileSync(path.join(output, 'peega-0.1.0-sources.zip'), 'sources');
  const html = await page();
  expect(html).not.toContain('npm run build:ext:firefox');
  expect(html).toContain(path.join(output, 'firefox-mv3'));
  expect(html).toContain(
    'href="/extension/peega-chrome.zip">Download for Chrome or Chromium (.zip)',
  );
  expect(html).toContain(
    'href="/extension/peega-firefox.zip">Download for Firefox (.zip)',
  );
  for (const browser of ['chrome', 'firefox']) {
    const res = await fetch(`${t.url}/extension/peega-${browser}.zip`);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="peega-${browser}.zip"`,
    );
    expect(await res.text()).toBe(`${browser} zip`);
  }
});
