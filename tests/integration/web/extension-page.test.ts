import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXTENSION_PERMISSIONS } from '../../../shared/domain/extension-permissions.ts';
import { EXTENSION_BACKEND_FILE } from '../../../shared/domain/public-url.ts';
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
  writeFileSync(path.join(output, EXTENSION_BACKEND_FILE), `${t.url}\n`);
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
    path.join(output, EXTENSION_BACKEND_FILE),
    'http://localhost:3000\n',
  );
  const html = await page();
  expect(html).toContain(
    'This build of the extension talks to <code>http://localhost:3000</code>.',
  );
  expect(html).toMatch(
    new RegExp(`role="alert">This site's backend is <code>${t.url}</code>`),
  );
  expect(html).toContain(`PEEGA_PUBLIC_URL=${t.url} npm run build:ext`);
});

it('says why the extension asks for each permission, and that no site is read up front', async () => {
  const html = await page();
  expect(html).toContain('Peega asks for no access to any website up front.');
  for (const p of EXTENSION_PERMISSIONS) {
    expect(html).toContain(`<strong>${p.permission}</strong>`);
  }
  expect(html).toContain('Remove it in Options at any time.');
});
