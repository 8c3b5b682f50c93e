import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Files of the backend suites at a time. Vitest's default is one worker per
// core but one, i.e. a single worker on CI's two cores. Each file runs its own
// backend and database. On PGlite (WebAssembly, in the worker) two keep both
// cores busy; on PostgreSQL a file mostly waits on the server, its timers and
// its sockets, so four (on the 2-core machine about a third less time than
// two: 154 s for the three suites). PEEGA_TEST_WORKERS overrides it (1 to compare, more on a bigger
// machine).
const testWorkers =
  Number(process.env.PEEGA_TEST_WORKERS) || (process.env.DATABASE_URL ? 4 : 2);

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@shared': r('./shared'),
  '@web': r('./web/src'),
  '@ext': r('./extension'),
};

// Unit files share one module graph per worker (isolate: false): a fresh
// environment and graph per file cost four fifths of the unit run (web: 31 s
// isolated, 7 s shared). A file that replaces modules (vi.mock) would leak its
// replacements into the next files, so those run isolated, in a project of
// their own, found by their text.
function replacingModules(dir: string): string[] {
  return readdirSync(r(dir), { recursive: true, encoding: 'utf8' })
    .filter(
      (f) =>
        /\.test\.tsx?$/.test(f) &&
        readFileSync(path.join(r(dir), f), 'utf8').includes('vi.mock('),
    )
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`);
}
const webMocking = replacingModules('tests/unit/web');
const extensionMocking = replacingModules('tests/unit/extension');

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          environment: 'node',
          isolate: false,
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
          isolate: false,
          include: ['tests/unit/web/**/*.test.{ts,tsx}'],
          exclude: webMocking,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web-mocks',
          environment: 'jsdom',
          include: webMocking,
        },
      },
      {
        plugins: [WxtVitest()],
        resolve: { alias },
        test: {
          name: 'extension',
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['tests/unit/setup-zustand.ts'],
          include: ['tests/unit/extension/**/*.test.{ts,tsx}'],
          exclude: extensionMocking,
        },
      },
      {
        plugins: [WxtVitest()],
        resolve: { alias },
        test: {
          name: 'extension-mocks',
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup-zustand.ts'],
          include: extensionMocking,
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
