import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { fileURLToPath } from 'node:url';

// Files of the integration and permission suites at a time. Vitest's default
// is one worker per core but one, i.e. a single worker on CI's two cores; each
// file runs its own backend and database, so two keep both cores busy.
// PEEGA_TEST_WORKERS overrides it (1 to compare, more on a bigger machine).
const testWorkers = Number(process.env.PEEGA_TEST_WORKERS) || 2;

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@shared': r('./shared'),
  '@web': r('./web/src'),
  '@ext': r('./extension'),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          environment: 'node',
          include: [
            'tests/unit/shared/**/*.test.ts',
            'tests/unit/tooling/**/*.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/web/**/*.test.{ts,tsx}'],
        },
      },
      {
        plugins: [WxtVitest()],
        resolve: { alias },
        test: {
          name: 'extension',
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup-zustand.ts'],
          include: ['tests/unit/extension/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          // Each file starts backends of its own; sharing the module graph
          // between files spares re-importing it for each (the files restore
          // what they change of process.env).
          isolate: false,
          globalSetup: ['tests/support/template-setup.ts'],
          maxWorkers: testWorkers,
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'permissions',
          environment: 'node',
          // Each file starts backends of its own; sharing the module graph
          // between files spares re-importing it for each (the files restore
          // what they change of process.env).
          isolate: false,
          globalSetup: ['tests/support/template-setup.ts'],
          maxWorkers: testWorkers,
          include: ['tests/permissions/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Supabase's own CLI on a database `supabase db push` migrated; needs
        // PostgreSQL (npm run test:supabase).
        test: {
          name: 'supabase',
          environment: 'node',
          include: ['tests/supabase/**/*.test.ts'],
          globalSetup: ['tests/supabase/setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // Reads web/dist and .output: run after the builds (npm run test:budgets).
        test: {
          name: 'budgets',
          environment: 'node',
          include: ['tests/budgets/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'security',
          environment: 'node',
          // Each file starts backends of its own; sharing the module graph
          // between files spares re-importing it for each (the files restore
          // what they change of process.env).
          isolate: false,
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/support/template-setup.ts'],
          maxWorkers: testWorkers,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
