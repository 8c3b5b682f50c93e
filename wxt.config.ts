import { defineConfig } from 'wxt';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { EXTENSION_DESCRIPTION } from './shared/domain/extension-permissions.ts';
import {
  EXTENSION_BACKEND_FILE,
  publicUrlFromEnv,
} from './shared/domain/public-url.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The extension's backend is chosen at build time (ARCHITECTURE: Extension
// build) by the server's own rule (PEEGA_PUBLIC_URL, else localhost:$PORT),
// and can be changed later in its options page.
const publicUrl = publicUrlFromEnv(process.env);

export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react'],
  // The backend owns port 3000 in development (npm run dev).
  dev: { server: { port: 3001 } },
  webExt: { disabled: true },
  alias: {
    '@shared': `${root}shared`,
    '@ext': `${root}extension`,
  },
  hooks: {
    // Recorded for the /extension page and for npm start's rebuild check.
    'build:done': () => {
      mkdirSync(path.join(root, '.output'), { recursive: true });
      writeFileSync(
        path.join(root, '.output', EXTENSION_BACKEND_FILE),
        `${publicUrl}\n`,
      );
    },
  },
  vite: () => ({
    plugins: [tailwindcss()],
    define: { __PEEGA_PUBLIC_URL__: JSON.stringify(publicUrl) },
  }),
  manifest: {
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
  },
});
