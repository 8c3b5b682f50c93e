// `npm run bench -- web`: gzipped JS each route downloads and its Largest
// Contentful Paint in Chromium under 4× CPU slowdown on a fast-3G network
// (Lighthouse's definition: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up).
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { DASHBOARD_KB, PAGE_KB } from '../budgets/bundles.ts';
import { startTestBackend } from '../support/backend.ts';
import { rounds, SMOKE } from './measure.ts';
import type { BenchResult } from './types.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = rounds(3, 1);

interface Route {
  path: string;
  label: string;
  /** Demo account whose session the route is loaded with. */
  signedIn?: string;
  jsBudgetKb: number;
  lcpBudgetMs?: number;
}

const ROUTES: Route[] = [
  {
    path: '/user-feedback',
    label: 'landing',
    jsBudgetKb: PAGE_KB,
    lcpBudgetMs: 1800,
  },
  {
    path: '/app',
    label: 'dashboard',
    signedIn: 'consumer@example.com',
    jsBudgetKb: DASHBOARD_KB,
    lcpBudgetMs: 2500,
  },
  {
    path: '/company-dashboard',
    label: 'company dashboard',
    signedIn: 'company@example.com',
    jsBudgetKb: DASHBOARD_KB,
    lcpBudgetMs: 2500,
  },
  { path: '/blog', label: 'blog', jsBudgetKb: PAGE_KB, lcpBudgetMs: 1800 },
  {
    path: '/blog/what-companies-see',
    label: 'article',
    jsBudgetKb: PAGE_KB,
    lcpBudgetMs: 1800,
  },
];

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Loads a route in a fresh context; answers gzipped JS bytes and LCP. */
async function load(
  browser: Browser,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  // A smoke run only proves the code runs: no throttling, one load.
  if (!SMOKE) await throttle(context, page);
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      res.body().then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 3000);
      }),
  );
  const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { js, lcp };
}

export async function benchWeb(): Promise<BenchResult[]> {
  const dist = path.join(root, 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` first.');
  }
  // The browser side is measured; PGlite keeps the backend out of the way.
  delete process.env.DATABASE_URL;
  const t = await startTestBackend({
    seed: true,
    configure: (c) => {
      c.webDist = dist;
    },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    // Signed-in sessions for the dashboards, taken without throttling.
    const sessions = new Map<
      string,
      Awaited<ReturnType<BrowserContext['storageState']>>
    >();
    // A smoke run: one signed-out and one signed-in route are enough.
    const routes = SMOKE ? ROUTES.slice(0, 2) : ROUTES;
    for (const email of new Set(routes.flatMap((r) => r.signedIn ?? []))) {
      const login = await browser.newContext();
      const page = await login.newPage();
      await page.goto(`${t.url}/auth?mode=signin`);
      await page
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill(email);
      await page
        .getByRole('textbox', { name: 'Password', exact: true })
        .fill('demo-password');
      await page
        .getByRole('button', { name: 'Sign In', exact: true })
        .last()
        .click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      sessions.set(email, await login.storageState());
      await login.close();
    }

    const results: BenchResult[] = [];
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await load(
            browser,
            `${t.url}${route.path}`,
            route.signedIn ? sessions.get(route.signedIn) : undefined,
          ),
        );
      }
      const lcps = runs.map((r) => r.lcp).sort((a, b) => a - b);
      const jsKb = Math.round((runs[0]!.js / 1024) * 10) / 10;
      const lcp = lcps[Math.floor(lcps.length / 2)]!;
      results.push(
        {
          name: `${route.label} ${route.path}: LCP`,
          median_ms: Math.round(lcp),
          p95_ms: Math.round(lcps[lcps.length - 1]!),
          ...(route.lcpBudgetMs
            ? { target: { median_ms: route.lcpBudgetMs } }
            : {}),
          notes: `LCP, 4× CPU and fast 3G, median of ${RUNS} loads${SMOKE ? ' (smoke: unthrottled)' : ''}`,
        },
        {
          name: `${route.label} ${route.path}: JS`,
          median_ms: 0,
          p95_ms: 0,
          value: jsKb,
          unit: 'KB',
          target: { max: route.jsBudgetKb },
          notes: 'gzipped JS the page downloaded (Chromium)',
        },
      );
    }
    return results;
  } finally {
    await browser.close();
    await t.stop();
  }
}
