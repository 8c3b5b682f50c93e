// Gzipped JS a route downloads, computed statically from the builds:
// web/dist/.vite/manifest.json (Vite's build manifest) and the extension's
// .output/chrome-mv3/popup.html. A route loads the entry chunk, the lazy
// layouts it sits under and its route module, each with its static-import
// closure; a chunk shared by several counts once. CSS is not JS.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const webDist = path.join(root, 'web', 'dist');
export const manifestPath = path.join(webDist, '.vite', 'manifest.json');
export const extensionDir = path.join(root, '.output', 'chrome-mv3');

const DATA = 'src/app/data-layout.tsx';
const SIGNED_IN = 'src/app/signed-in-layout.tsx';

/**
 * React Router 7's own gzipped bytes in the app's build (31,202 B) minus
 * wouter's, which it replaced (2,333 B): issue #20 moved every web budget
 * by this and no more (docs/performance.md, "JS budgets").
 */
export const ROUTER_KB = 28.2;
/** Issue #12's budgets for a public page and a dashboard, plus the router. */
export const PAGE_KB = 100 + ROUTER_KB;
export const DASHBOARD_KB = 170 + ROUTER_KB;

/**
 * Issue #22: the Insights route module. Its chunk carries uPlot 1.6.32
 * (about 21 KB gzipped) and the view; no other route may load it.
 */
export const INSIGHTS_ROUTE = 'src/app/routes/company/company-insights.tsx';
/** What the Insights route adds to the JS a route already loads, gzipped. */
export const INSIGHTS_CHUNK_KB = 32;
/** A string only uPlot's code holds (its plot overlay's class). */
export const UPLOT_MARK = 'u-over';

/**
 * THE budgets (issue #12), one row each. `modules`: the lazy modules
 * web/src/app/router.tsx loads for the route, outermost layout first (paths
 * as Vite's manifest names them, relative to web/). Keep in step with the
 * router when a route moves in or out of a layout.
 */
export const BUDGETS: {
  route: string;
  modules: string[];
  kb: number;
}[] = [
  { route: '/', modules: ['src/app/routes/landing/home.tsx'], kb: PAGE_KB },
  {
    route: '/user-feedback',
    modules: ['src/app/routes/landing/user-feedback.tsx'],
    kb: PAGE_KB,
  },
  {
    route: '/companies',
    modules: ['src/app/routes/landing/companies.tsx'],
    kb: PAGE_KB,
  },
  // A visitor's blog page draws from the data the server put into it; the
  // backend client loads only on a search, a like or a move (routes/blog).
  { route: '/blog', modules: ['src/app/routes/blog/blog.tsx'], kb: PAGE_KB },
  {
    route: '/blog/:slug',
    modules: ['src/app/routes/blog/blog-article.tsx'],
    kb: PAGE_KB,
  },
  {
    route: '/app',
    modules: [DATA, SIGNED_IN, 'src/app/routes/consumer/dashboard.tsx'],
    kb: DASHBOARD_KB,
  },
  {
    route: '/company-dashboard',
    modules: [DATA, 'src/app/routes/company/company-dashboard.tsx'],
    kb: DASHBOARD_KB,
  },
  // #22: the dashboard's JS plus the Insights chunk (uPlot and the view).
  {
    route: '/company-dashboard/insights',
    modules: [DATA, INSIGHTS_ROUTE],
    kb: DASHBOARD_KB + INSIGHTS_CHUNK_KB,
  },
];
export const POPUP_BUDGET_KB = 150;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, Chunk>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

const gzCache = new Map<string, number>();
/** Gzipped size (level 9, as tests/bench/web.ts measures) of a built file. */
export function gzipBytes(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(file), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

/** The JS files a route loads: entry + modules, each with its static imports. */
export function routeFiles(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest.');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the Vite manifest.`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const key of [entry, ...modules]) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** Gzipped KB (1 decimal) of a route. */
export function routeKb(manifest: Manifest, modules: string[]): number {
  const bytes = routeFiles(manifest, modules).reduce(
    (sum, f) => sum + gzipBytes(path.join(webDist, f)),
    0,
  );
  return Math.round((bytes / 1024) * 10) / 10;
}

/**
 * Gzipped KB of the popup's JS: the scripts popup.html loads and every chunk
 * they import, statically or later (supabase-js and the redaction tool load
 * after the first screen, but the budget counts them).
 */
export function popupKb(): number {
  const html = readFileSync(path.join(extensionDir, 'popup.html'), 'utf8');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(extensionDir, file), 'utf8');
    for (const m of code.matchAll(/["`]\.\/([\w.-]+\.js)["`]/g)) {
      visit(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  };
  for (const m of html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)) visit(m[1]!);
  const bytes = [...files].reduce(
    (sum, f) => sum + gzipBytes(path.join(extensionDir, f)),
    0,
  );
  return Math.round((bytes / 1024) * 10) / 10;
}

export const haveBuilds = () =>
  existsSync(manifestPath) && existsSync(path.join(extensionDir, 'popup.html'));
