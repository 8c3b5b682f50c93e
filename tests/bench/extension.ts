// `npm run bench -- extension`: the built extension in Chromium against the
// embedded backend.
// - Toolbar click → ready, from the click: CDP `Extensions.triggerAction`
//   opens the REAL popup (as a click does), timed from the moment the command
//   is sent (popup-timing.ts). Side by side in the same browser and run, an
//   empty extension popup that only runs one script (tests/bench/empty-popup):
//   the browser's floor. Target: Peega's popup ready within 50 ms of that
//   floor at p50 (issue #26).
//   - ready: `main[data-ready=true]` and the `peega:ready` mark, i.e. the form
//     is interactive with the page's URL/host, the categories and the text
//     box (extension/entrypoints/popup/app.tsx); it does not wait for the
//     screenshot;
//   - screenshot shown: `peega:screenshot-ready`, the preview <img>'s load
//     event (screenshot-editor.tsx), captured by the popup's first script.
// - Submit → confirmed ('+N XP') with a ~240 KB screenshot, in popup.html
//   opened in its own window for the tab (the real popup is not a page
//   Playwright can drive).
// - the gzipped size of everything the popup loads.
// PEEGA_BENCH_VERBOSE=1 prints the median of each phase of both popups from
// the click (navigation, peega:start / peega:target / peega:captured from
// lib/popup-start.ts, resources); PEEGA_BENCH_EXT=<dir> benches another
// build; PEEGA_BENCH_RUNS=<n> opens n popups of each instead of 10.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { startTestBackend } from '../support/backend.ts';
import { rounds } from './measure.ts';
import { Cdp, timePopup, unpackedExtensionId } from './popup-timing.ts';
import type { BenchResult } from './types.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** PEEGA_BENCH_RUNS: popups per run (default 10), for steadier medians. */
const RUNS = Number(process.env.PEEGA_BENCH_RUNS) || rounds(10, 1);
const PAGE_URL = 'http://noisy.peega.test/';
/** Deterministic noise (xorshift) so the JPEG is large, as on a busy page. */
const NOISY_HTML = `<!doctype html><title>Noisy | Bench Shop</title><body style="margin:0">
<canvas id="c"></canvas><script>
const c=document.getElementById('c');c.width=innerWidth;c.height=innerHeight;
const x=c.getContext('2d');const d=x.createImageData(c.width,c.height);let s=42;
for(let i=0;i<d.data.length;i+=4){s^=s<<13;s^=s>>>17;s^=s<<5;const v=(s>>>0)%256;
d.data[i]=v;d.data[i+1]=(v*7)%256;d.data[i+2]=(v*13)%256;d.data[i+3]=255;
if((i/4)%c.width>c.width*0.55){d.data[i]=d.data[i+1]=d.data[i+2]=240;}}
x.putImageData(d,0,0);</script></body>`;

function stats(name: string, times: number[], notes: string): BenchResult {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    name,
    median_ms: Math.round(at(0.5) * 10) / 10,
    p95_ms: Math.round(at(0.95) * 10) / 10,
    notes,
  };
}

/**
 * The popup's HTML and every JS/CSS file it can load: what popup.html
 * references, then every chunk or stylesheet those reference (static
 * imports, and the dynamic ones loaded after the first paint), transitively.
 */
function popupFiles(ext: string): string[] {
  const seen = new Set<string>(['popup.html']);
  const queue = ['popup.html'];
  while (queue.length) {
    const file = queue.shift()!;
    if (file.endsWith('.css')) continue;
    const text = readFileSync(path.join(ext, file), 'utf8');
    const dir = path.posix.dirname(file);
    const refs = [
      ...[...text.matchAll(/(?:chunks|assets)\/[\w.-]+\.(?:js|css)/g)].map(
        (m) => m[0],
      ),
      ...[...text.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) =>
        path.posix.join(dir, m[1]!),
      ),
      // popup.html's first, classic script (popup-start.js).
      ...[...text.matchAll(/src="\/([\w.-]+\.js)"/g)].map((m) => m[1]!),
    ];
    for (const ref of refs) {
      if (!seen.has(ref) && existsSync(path.join(ext, ref))) {
        seen.add(ref);
        queue.push(ref);
      }
    }
  }
  return [...seen];
}

async function openPopup(
  context: BrowserContext,
  extensionId: string,
  page: Page,
): Promise<Page> {
  const cdp = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets', {
    filter: [{ type: 'tab' }],
  })) as { targetInfos: { targetId: string; url: string }[] };
  const tab = targetInfos.find((t) => t.url === page.url())!;
  await cdp.send('Extensions.triggerAction', {
    id: extensionId,
    targetId: tab.targetId,
  });
  await cdp.detach();
  // The real popup captures too; stay out of Chrome's 2-captures-per-second quota.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const opened = context.waitForEvent('page');
  const worker = context
    .serviceWorkers()
    .find((w) => new URL(w.url()).host === extensionId)!;
  await worker.evaluate(async (url) => {
    const t = (await chrome.tabs.query({})).find((x) => x.url === url)!;
    await chrome.windows.create({
      url: chrome.runtime.getURL(
        `/popup.html?tabId=${t.id}&windowId=${t.windowId}`,
      ),
      type: 'popup',
      width: 400,
      height: 760,
    });
  }, page.url());
  return opened;
}

export async function benchExtension(): Promise<BenchResult[]> {
  // PEEGA_BENCH_EXT: another build to compare (default: npm run build:ext's).
  const ext = path.resolve(
    root,
    process.env.PEEGA_BENCH_EXT ?? path.join('.output', 'chrome-mv3'),
  );
  if (!existsSync(path.join(ext, 'manifest.json'))) {
    throw new Error('.output/chrome-mv3 is missing: run `npm run build:ext`.');
  }
  // PEEGA_BENCH_COMPARE: a second build (e.g. the last release's) timed in
  // the same browser and run, interleaved, for a before/after under the
  // same load.
  const compare = process.env.PEEGA_BENCH_COMPARE
    ? path.resolve(root, process.env.PEEGA_BENCH_COMPARE)
    : undefined;
  const loaded = popupFiles(ext);
  const gzipped = (files: string[]) =>
    files.reduce(
      (sum, f) =>
        sum + gzipSync(readFileSync(path.join(ext, f)), { level: 9 }).length,
      0,
    );

  delete process.env.DATABASE_URL;
  const t = await startTestBackend({ seed: true });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'peega-bench-ext-'));
  const empty = path.join(root, 'tests', 'bench', 'empty-popup');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 720 },
    args: [
      ...chromiumArgs,
      // A second, raw CDP client for the real popups (popup-timing.ts).
      '--remote-debugging-port=0',
      `--disable-extensions-except=${[ext, compare, empty].filter(Boolean).join(',')}`,
      `--load-extension=${[ext, compare, empty].filter(Boolean).join(',')}`,
    ],
  });
  const cdp = await Cdp.connect(profile);
  try {
    const peegas = [ext, ...(compare ? [compare] : [])].map(
      unpackedExtensionId,
    );
    const peegaWorkers = () =>
      context
        .serviceWorkers()
        .filter((w) => peegas.includes(new URL(w.url()).host));
    while (peegaWorkers().length < peegas.length) {
      await context.waitForEvent('serviceworker');
    }
    for (const worker of peegaWorkers()) {
      await worker.evaluate(
        (url) => chrome.storage.local.set({ backendUrl: url }),
        t.url,
      );
    }
    const [extensionId, compareId] = peegas as [string, string | undefined];
    await context.route(`${PAGE_URL}**`, (r) =>
      r.fulfill({ contentType: 'text/html', body: NOISY_HTML }),
    );
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(PAGE_URL);

    // Sign in once per build (the session then lives in its storage).
    let popup: Page;
    for (const id of peegas) {
      popup = await openPopup(context, id, page);
      await popup.getByLabel('Email').fill('consumer2@example.com');
      await popup.getByLabel('Password').fill('demo-password');
      await popup.getByRole('button', { name: 'Sign In' }).click();
      await popup.getByLabel('Your feedback').waitFor();
      await popup.close();
    }

    // The real popups from the click: the empty one and Peega's in turn, so
    // load from elsewhere on the machine falls on both alike.
    const { targetInfos } = await cdp.send<{
      targetInfos: { targetId: string; url: string }[];
    }>('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = targetInfos.find((t) => t.url === PAGE_URL)!.targetId;
    const emptyId = unpackedExtensionId(empty);
    const floorPhases: Record<string, number>[] = [];
    const phases: Record<string, number>[] = [];
    const comparePhases: Record<string, number>[] = [];
    const READY =
      "document.querySelector('main[data-ready=true]') && performance.getEntriesByName('peega:ready').length > 0 && performance.getEntriesByName('peega:screenshot-ready').length > 0";
    // One warm-up popup of each first: the first open of an extension's
    // popup also pays for starting its process.
    for (const id of [emptyId, ...peegas]) {
      await timePopup(
        cdp,
        id,
        tab,
        id === emptyId
          ? "performance.getEntriesByName('empty:script').length > 0"
          : READY,
      );
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    for (let i = 0; i < RUNS; i++) {
      floorPhases.push(
        await timePopup(
          cdp,
          emptyId,
          tab,
          "performance.getEntriesByName('empty:script').length > 0",
        ),
      );
      phases.push(await timePopup(cdp, extensionId, tab, READY));
      // Chrome allows two captures a second; Peega's popup took one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      if (compareId) {
        comparePhases.push(await timePopup(cdp, compareId, tab, READY));
        await new Promise((resolve) => setTimeout(resolve, 600));
      }
    }
    const floor = floorPhases.map((p) => p['empty:script']!);
    const floorNav = floorPhases.map((p) => p.navigation!);
    const ready = phases.map((p) => p['peega:ready']!);
    const shotReady = phases.map((p) => p['peega:screenshot-ready']!);
    const nav = phases.map((p) => p.navigation!);

    const confirmed: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      popup = await openPopup(context, extensionId, page);
      await popup
        .waitForFunction(
          () =>
            document.querySelector('main[data-ready=true]') !== null &&
            performance.getEntriesByName('peega:screenshot-ready').length > 0,
          undefined,
          { timeout: 10_000 },
        )
        .catch(async (error: unknown) => {
          throw new Error(
            `The popup is not ready with its screenshot: ${await popup.locator('main').innerText()}`,
            { cause: error },
          );
        });
      // The preview shows the capture as taken; the popup then brings it
      // within 300 KB (busy pages only). Submit once that is done.
      bytes = await popup
        .waitForFunction(
          () => {
            const src =
              document.querySelector<HTMLImageElement>(
                '[data-testid=screenshot-preview] img',
              )?.src ?? '';
            const size = Math.floor((src.length - src.indexOf(',') - 1) * 0.75);
            return size > 0 && size <= 300 * 1024 ? size : false;
          },
          undefined,
          { timeout: 10_000 },
        )
        .then((h) => h.jsonValue() as Promise<number>);
      await popup
        .getByLabel('Your feedback')
        .fill(`Bench run ${i}: the noise is loud.`);
      confirmed.push(
        await popup.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const button = [...document.querySelectorAll('button')].find(
                (b) => b.textContent?.startsWith('Send feedback'),
              )!;
              const t0 = performance.now();
              const observer = new MutationObserver(() => {
                if (document.querySelector('[data-testid=xp-earned]')) {
                  observer.disconnect();
                  resolve(performance.now() - t0);
                }
              });
              observer.observe(document.body, {
                subtree: true,
                childList: true,
              });
              button.click();
            }),
        ),
      );
      await popup.close();
    }
    const median = (xs: number[]) => stats('', xs, '').median_ms;
    if (process.env.PEEGA_BENCH_VERBOSE) {
      for (const [label, list] of [
        ['empty popup', floorPhases],
        ['Peega popup', phases],
        ['compared build (PEEGA_BENCH_COMPARE)', comparePhases],
      ] as const) {
        if (!list.length) continue;
        const names = [...new Set(list.flatMap((p) => Object.keys(p)))];
        const rows = names.map((name) => ({
          phase: name,
          median_ms: Math.round(
            median(list.map((p) => p[name]).filter((v) => v !== undefined)),
          ),
        }));
        console.log(`${label}: ms after the click (median of ${RUNS})`);
        console.table(rows.sort((a, b) => a.median_ms - b.median_ms));
      }
      console.log('floor', floor.map(Math.round).join(' '));
      console.log('ready', ready.map(Math.round).join(' '));
      if (compareId) {
        console.log(
          'compared ready',
          comparePhases.map((p) => Math.round(p['peega:ready']!)).join(' '),
        );
      }
      console.log('confirmed', confirmed.map(Math.round).join(' '));
    }
    const floorP50 = median(floor);
    const over = Math.round((median(ready) - floorP50) * 10) / 10;
    return [
      stats(
        'toolbar click → empty popup navigates (floor)',
        floorNav,
        `an extension popup with one script (tests/bench/empty-popup), ${RUNS} runs interleaved with Peega's`,
      ),
      stats(
        'toolbar click → empty popup runs its script (floor)',
        floor,
        "the browser's own floor for any popup",
      ),
      stats(
        'toolbar click → Peega popup navigates',
        nav,
        'the real popup (Extensions.triggerAction), from the click',
      ),
      {
        ...stats(
          'toolbar click → Peega popup ready (form interactive, URL/host shown)',
          ready,
          `from the click; target p50 ≤ floor + 50 ms = ${Math.round(floorP50 + 50)} ms`,
        ),
        target: { median_ms: Math.round((floorP50 + 50) * 10) / 10 },
      },
      {
        name: 'Peega popup ready − empty popup script (p50)',
        median_ms: over,
        p95_ms: over,
        value: over,
        unit: 'ms',
        target: { max: 50 },
        notes: 'what Peega adds to the floor, from the click; target ≤ 50 ms',
      },
      ...(compareId
        ? [
            stats(
              'compared build: Peega popup ready − empty popup script (p50)',
              [median(comparePhases.map((p) => p['peega:ready']!)) - floorP50],
              `PEEGA_BENCH_COMPARE=${process.env.PEEGA_BENCH_COMPARE}, interleaved in the same run`,
            ),
          ]
        : []),
      {
        ...stats(
          'toolbar click → screenshot shown',
          shotReady,
          "preview <img> loaded (captured by the popup's first script, in parallel with ready)",
        ),
      },
      {
        ...stats(
          'submit → confirmed (screenshot upload + insert)',
          confirmed,
          `screenshot ${Math.round(bytes / 1024)} KB; target p50 ≤ 400 ms, p95 ≤ 1500 ms`,
        ),
        target: { median_ms: 400, p95_ms: 1500 },
      },
      {
        name: 'popup JS gzipped',
        median_ms: 0,
        p95_ms: 0,
        value: Math.round((gzipped(loaded) / 1024) * 10) / 10,
        unit: 'KB',
        target: { max: 150 },
        notes: `HTML + every JS/CSS the popup loads (${loaded.length} files, supabase-js included); budget 150 KB`,
      },
    ];
  } finally {
    cdp.close();
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await t.stop();
  }
}
