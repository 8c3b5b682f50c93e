// JS budgets (issue #12), deterministic: gzipped JS per route from the builds.
// Needs `npm run build:web && npm run build:ext` first (`npm run test:budgets`
// runs after them in `npm test`; see docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  INSIGHTS_CHUNK_KB,
  INSIGHTS_ROUTE,
  UPLOT_MARK,
  gzipBytes,
  manifestPath,
  webDist,
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

// #22: the charting library comes with the Insights route only. Needs only
// the web build (`npm run build:web`).
describe('Insights chunk (uPlot)', () => {
  if (!existsSync(manifestPath)) {
    it('needs the web build', () => {
      throw new Error('Build first: npm run build:web.');
    });
    return;
  }
  const manifest: Manifest = readManifest();
  const dashboard = routeFiles(manifest, [
    'src/app/data-layout.tsx',
    'src/app/routes/company/company-dashboard.tsx',
  ]);
  const insights = routeFiles(manifest, [
    'src/app/data-layout.tsx',
    INSIGHTS_ROUTE,
  ]);
  const added = insights.filter((f) => !dashboard.includes(f));
  const holdsUplot = (f: string) =>
    readFileSync(path.join(webDist, f), 'utf8').includes(UPLOT_MARK);

  it('/company-dashboard loads no uPlot and not the Insights chunk', () => {
    expect(dashboard).not.toContain(manifest[INSIGHTS_ROUTE]!.file);
    expect(dashboard.filter(holdsUplot)).toEqual([]);
    // Nor does the entry every route loads.
    expect(routeFiles(manifest, []).filter(holdsUplot)).toEqual([]);
  });

  it(`the Insights chunk holds uPlot and adds ≤ ${INSIGHTS_CHUNK_KB} KB`, () => {
    expect(added).toContain(manifest[INSIGHTS_ROUTE]!.file);
    expect(added.some(holdsUplot)).toBe(true);
    const kb =
      Math.round(
        (added.reduce((s, f) => s + gzipBytes(path.join(webDist, f)), 0) /
          1024) *
          10,
      ) / 10;
    console.log(`Insights chunk: ${added.join(', ')} = ${kb} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(INSIGHTS_CHUNK_KB);
  });
});
