import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture as lint enforces it: each case lints a probe as if it lived
// at `file` (its imports resolve to real modules), or real fixture files under
// tests/fixtures/lint/ (ignored by the normal run, linted here on purpose).
const eslint = new ESLint({ cwd: process.cwd() });
const fixtures = new ESLint({ cwd: process.cwd(), ignore: false });

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

async function fixtureRuleIds(pattern: string) {
  const results = await fixtures.lintFiles([`tests/fixtures/lint/${pattern}`]);
  return results.flatMap((r) => r.messages.map((m) => m.ruleId));
}

const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'peega/no-import-cycle';

describe('lint rules: the zones', { timeout: 60_000 }, () => {
  it.each([
    [
      'a feature importing another by alias',
      'web/src/features/profile/components/probe.tsx',
      "export { AppShell } from '@web/features/consumer/components/app-shell';\n",
    ],
    [
      'a feature importing another by a relative path',
      'web/src/features/rewards/components/probe.tsx',
      "export { AppShell } from '../../consumer/components/app-shell.tsx';\n",
    ],
    [
      'a supabase/local service importing another service',
      'supabase/local/rest/probe.ts',
      "export { createAuthService } from '../auth/index.ts';\n",
    ],
    [
      "supabase/local's base importing a service",
      'supabase/local/db/probe.ts',
      "export { createRestService } from '../rest/index.ts';\n",
    ],
    [
      'supabase/local importing the web app',
      'supabase/local/probe.ts',
      "import '../../web/src/main.tsx';\n",
    ],
    [
      'supabase/local importing app data access',
      'supabase/local/probe.ts',
      "export { loadBlogBoot } from '../../shared/data/load-blog-boot.ts';\n",
    ],
    [
      'supabase/local reaching into the page server past its entry',
      'supabase/local/probe.ts',
      "export { serveWeb } from '../../server/static.ts';\n",
    ],
    [
      'the page server importing the embedded backend',
      'server/probe.ts',
      "export type { Handler } from '../supabase/local/http.ts';\n",
    ],
    [
      'the web app importing the page server',
      'web/src/lib/probe.ts',
      "export { createPageServer } from '../../../server/index.ts';\n",
    ],
    [
      'an edge function importing supabase/local',
      'supabase/functions/verify-domain/probe.ts',
      "export { json } from '../../local/http.ts';\n",
    ],
  ])('refuses %s', async (_what, file, code) => {
    expect(await ruleIds(file, code)).toContain(ZONE);
  });

  it('allows a route to compose two features', async () => {
    expect(
      await ruleIds(
        'web/src/app/routes/consumer/probe.tsx',
        "export { AppShell } from '@web/features/consumer/components/app-shell';\nexport { ProfileLayout } from '@web/features/profile/components/profile-layout';\n",
      ),
    ).toEqual([]);
  });

  it('allows the embedded backend to mount the page server by its entry', async () => {
    expect(
      await ruleIds(
        'supabase/local/probe.ts',
        "export { createPageServer } from '../../server/index.ts';\n",
      ),
    ).toEqual([]);
  });

  it('allows a service to use the shared base', async () => {
    expect(
      await ruleIds(
        'supabase/local/rest/probe.ts',
        "export type { Handler } from '../http.ts';\nexport type { Db } from '../db/types.ts';\n",
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'web/src/features/company/components/probe.ts',
      'export const h = process.env.HOME;\n',
      'no-restricted-globals',
    ],
    [
      'extension/lib/probe.ts',
      'export const h = process.env.HOME;\n',
      'no-restricted-globals',
    ],
    [
      'extension/lib/probe.ts',
      "export { readFileSync } from 'node:fs';\n",
      'no-restricted-imports',
    ],
    [
      'web/src/lib/probe.ts',
      "export { join } from 'path';\n",
      'no-restricted-imports',
    ],
  ])('refuses Node in browser code: %s %s', async (file, code, rule) => {
    expect(await ruleIds(file, code)).toContain(rule);
  });

  it('refuses react in shared/domain', async () => {
    expect(
      await ruleIds(
        'shared/domain/probe.ts',
        "import { useState } from 'react';\nexport const s = useState;\n",
      ),
    ).toContain('no-restricted-imports');
  });
});

describe('lint rules: TanStack Query', { timeout: 60_000 }, () => {
  it('refuses a query key missing what the query reads, and an unstable client', async () => {
    const ids = await ruleIds(
      'web/src/features/company/components/probe.tsx',
      `import { QueryClient, useQuery } from '@tanstack/react-query';
export function Probe({ id }: { id: string }) {
  const client = new QueryClient();
  const q = useQuery({ queryKey: ['probe'], queryFn: () => fetch(id) }, client);
  return q.data ? 'loaded' : null;
}
`,
    );
    expect(ids).toContain('@tanstack/query/exhaustive-deps');
    expect(ids).toContain('@tanstack/query/stable-query-client');
  });
});

describe('lint rules: import cycles', { timeout: 60_000 }, () => {
  it('refuses a two-file cycle of type-only imports', async () => {
    const ids = await fixtureRuleIds('type-cycle/*.ts');
    expect(ids.filter((id) => id === CYCLE)).toHaveLength(2);
  });

  it('refuses a cycle deeper than four modules', async () => {
    expect(await fixtureRuleIds('deep-cycle/step-1.ts')).toContain(CYCLE);
  });

  it('accepts shared types in a leaf module', async () => {
    expect(await fixtureRuleIds('no-cycle/*.ts')).toEqual([]);
  });
});
