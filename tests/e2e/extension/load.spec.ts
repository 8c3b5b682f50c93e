import { expect, test } from './fixtures.ts';

test('the built extension loads in Chromium with least permissions', async ({
  context,
  extensionId,
}) => {
  expect(extensionId).toMatch(/^[a-p]{32}$/);
  const worker = context.serviceWorkers()[0]!;
  const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.name).toBe('Peega');
  expect([...(manifest.permissions ?? [])].sort()).toEqual([
    'activeTab',
    'contextMenus',
    'scripting',
    'storage',
  ]);
  expect(manifest.host_permissions ?? []).toEqual([]);
  // Sites only on the user's opt-in, one at a time (issue #26).
  expect(manifest.optional_host_permissions).toEqual([
    'https://*/*',
    'http://*/*',
  ]);
  expect(
    await worker.evaluate(
      async () => (await chrome.permissions.getAll()).origins,
    ),
  ).toEqual([]);
  expect(manifest.content_scripts ?? []).toEqual([]);
  expect(manifest.commands?._execute_action?.suggested_key).toBeTruthy();
  expect(manifest.options_ui?.page).toBe('options.html');
});
