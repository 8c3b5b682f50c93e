import { defineConfig } from 'wxt';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { EXTENSION_DESCRIPTION } from './shared/domain/extension-permissions.ts';
import {
  extensionBackendFile,
  publicUrlFromEnv,
} from './shared/domain/public-url.ts';
import { FIREFOX_ADDON_ID } from './shared/domain/extension-build.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The extension's backend is chosen at build time (ARCHITECTURE: Extension
// build) by the server's own rule (PEEGA_PUBLIC_URL, else localhost:$PORT),
// and can be changed later in its options page.
const publicUrl = publicUrlFromEnv(process.env);

/**
 * Firefox-only keys: the add-on id (MV3 needs one; storage and AMO signing
 * key on it), the oldest Firefox that has every key and API used (140: the
 * first with data_collection_permissions), and the data-consent declaration
 * AMO requires of new extensions: the account (e-mail, password), the page's
 * URL and title, and its screenshot leave the browser when feedback is sent;
 * the technical context (console errors, failed requests, environment) only
 * when the user opts in for a site, so it is an optional category.
 */
const firefoxManifest = {
  browser_specific_settings: {
    gecko: {
      id: FIREFOX_ADDON_ID,
      strict_min_version: '140.0',
      data_collection_permissions: {
        required: ['authenticationInfo', 'browsingActivity', 'websiteContent'],
        optional: ['technicalAndInteraction'],
      },
    },
    // Firefox for Android reads data_collection_permissions from 142 on.
    gecko_android: { strict_min_version: '142.0' },
  },
};

export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  // Local modules: webextension-polyfill for the Firefox build
  // (tooling/wxt-modules/firefox-polyfill.ts says why only there).
  modulesDir: 'tooling/wxt-modules',
  // MV3 for every browser: Firefox (109+, ESR 153 here) runs the same
  // action/scripting/activeTab model as Chromium, so one code path; WXT's
  // Firefox default would be MV2.
  manifestVersion: 3,
  // The backend owns port 3000 in development (npm run dev).
  dev: { server: { port: 3001 } },
  webExt: { disabled: true },
  alias: {
    '@shared': `${root}shared`,
    '@ext': `${root}extension`,
  },
  hooks: {
    // Recorded for the /extension page and for npm start's rebuild check.
    'build:done': (wxt) => {
      mkdirSync(path.join(root, '.output'), { recursive: true });
      writeFileSync(
        path.join(root, '.output', extensionBackendFile(wxt.config.browser)),
        `${publicUrl}\n`,
      );
    },
  },
  vite: () => ({
    plugins: [tailwindcss()],
    define: { __PEEGA_PUBLIC_URL__: JSON.stringify(publicUrl) },
  }),
  manifest: ({ browser }) => ({
    name: 'Peega',
    description: EXTENSION_DESCRIPTION,
    // Least privilege (docs/extension.md "Permissions"): activeTab (granted
    // by a toolbar click, the shortcut or the context menu) is enough to
    // read and capture the current page, so no host permission is asked for
    // up front. A site's host permission is optional: requested only when
    // the user opts in to recording its console errors and failed requests,
    // for that site alone, and removable in Options.
    permissions: ['activeTab', 'storage', 'scripting', 'contextMenus'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Send feedback about this page' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+F', mac: 'Alt+Shift+F' },
        description: 'Send feedback about this page',
      },
    },
    ...(browser === 'firefox' ? firefoxManifest : {}),
  }),
});
