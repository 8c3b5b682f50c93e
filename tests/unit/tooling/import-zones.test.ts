import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each case lints source text as if it lived at `file`; the imported targets exist
// in the repository, so the resolver sees exactly what a real import would.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

// Each lint walks the import graph (the cycle rule): seconds on a busy machine.
describe('import zones (STYLE.md §2.3)', { timeout: 60_000 }, () => {
  it.each([
    [
      'web/src/main-probe.ts',
      "import '../../extension/entrypoints/background/index.ts';\n",
    ],
    ['extension/lib/probe.ts', "import '../../web/src/main.tsx';\n"],
    ['shared/domain/probe.ts', "import '../../supabase/local/http.ts';\n"],
    ['web/src/probe.ts', "import '../../supabase/local/http.ts';\n"],
  ])('%s may not import %s', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('import-x/no-restricted-paths');
  });

  it('shared/domain may not import supabase-js', async () => {
    expect(
      await ruleIds(
        'shared/domain/probe.ts',
        "import { createClient } from '@supabase/supabase-js';\nexport const c = createClient;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('shared/domain may not read the clock', async () => {
    expect(
      await ruleIds('shared/domain/probe.ts', 'export const t = Date.now();\n'),
    ).toContain('no-restricted-properties');
  });

  it('allows shared imports from the apps', async () => {
    expect(
      await ruleIds(
        'supabase/local/probe.ts',
        "import type { Handler } from './http.ts';\nexport type H = Handler;\n",
      ),
    ).toEqual([]);
  });
});
