import { defineConfig } from 'wxt';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
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
    description:
      'Send feedback about any website in two clicks, with a screenshot, and earn rewards for it.',
    // Least privilege: activeTab (granted by a toolbar click, the shortcut or
    // the context menu) is enough to read and capture the current page, so
    // there are no host permissions.
    permissions: ['activeTab', 'storage', 'scripting', 'contextMenus'],
    action: { default_title: 'Send feedback about this page' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+F', mac: 'Alt+Shift+F' },
        description: 'Send feedback about this page',
      },
    },
  },
});
