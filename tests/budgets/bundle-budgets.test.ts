// JS budgets (issue #12), deterministic: gzipped JS per route from the builds.
// Needs `npm run build:web && npm run build:ext` first (`npm run test:budgets`
// runs after them in `npm test`; see docs/performance.md).
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  POPUP_BUDGET_KB,
  haveBuilds,
  popupKb,
  readManifest,
  routeFiles,
  routeKb,
  type Manifest,
} from './bundles.ts';

const table: {
  route: string;
  'JS gz KB': number;
  budget: number;
  ok: string;
}[] = [];

describe('gzipped JS per route', () => {
  if (!haveBuilds()) {
    it('needs the builds', () => {
      throw new Error(
        'Build first: npm run build:web && npm run build:ext (web/dist/.vite/manifest.json, .output/chrome-mv3/popup.html).',
      );
    });
    return;
  }
  const manifest: Manifest = readManifest();

  afterAll(() => {
    console.table(table);
  });

  it('counts a chunk shared by the entry and a route once', () => {
    const entryOnly = routeFiles(manifest, []);
    const withRoute = routeFiles(manifest, BUDGETS[0]!.modules);
    expect(entryOnly.length).toBeGreaterThan(0);
    expect(new Set(withRoute).size).toBe(withRoute.length);
    for (const f of entryOnly) expect(withRoute).toContain(f);
  });

  it.each(BUDGETS)('$route ≤ $kb KB', ({ route, modules, kb }) => {
    const size = routeKb(manifest, modules);
    table.push({
      route,
      'JS gz KB': size,
      budget: kb,
      ok: size <= kb ? 'ok' : 'OVER',
    });
    expect(size, `${route}: ${size} KB gzipped JS`).toBeLessThanOrEqual(kb);
  });

  it(`extension popup ≤ ${POPUP_BUDGET_KB} KB`, () => {
    const size = popupKb();
    table.push({
      route: 'popup',
      'JS gz KB': size,
      budget: POPUP_BUDGET_KB,
      ok: size <= POPUP_BUDGET_KB ? 'ok' : 'OVER',
    });
    expect(size, `popup: ${size} KB gzipped JS`).toBeLessThanOrEqual(
      POPUP_BUDGET_KB,
    );
  });
});
