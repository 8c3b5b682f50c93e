import { defineConfig } from 'wxt';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The extension's backend is chosen at build time (ARCHITECTURE: Extension build)
// and can be changed later in its options page.
const publicUrl = process.env.PEEGA_PUBLIC_URL ?? 'http://localhost:3000';

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
