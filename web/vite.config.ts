import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { routePreload } from './build/route-preload.ts';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The embedded backend (or any Supabase-compatible origin) behind the dev server.
const backend = process.env.PEEGA_BACKEND_URL ?? 'http://127.0.0.1:3000';

const proxy: Record<string, string | ProxyOptions> = {
  '/auth/v1': backend,
  '/rest/v1': backend,
  '/storage/v1': backend,
  '/functions/v1': backend,
  '/realtime/v1': { target: backend, ws: true },
  '/config.json': backend,
};

export default defineConfig({
  root: dir('.'),
  plugins: [
    react(),
    tailwindcss(),
    routePreload(dir('./src/app/router.tsx'), dir('./src')),
  ],
  resolve: {
    alias: {
      '@web': dir('./src'),
      '@shared': dir('../shared'),
    },
  },
  build: {
    outDir: dir('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the JS budgets of tests/budgets read it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'date-fns', test: /node_modules[\\/]date-fns[\\/]/ },
            // The header menus' button rides with the button every screen
            // loads: a chunk of its own cost /app its import overhead.
            {
              name: 'button',
              test: /src[\\/]components[\\/]ui[\\/](menu-)?button\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
