import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { kill } from '../../support/process.ts';

// Issue #24 item 4: the page server is its own part. Here it runs as its own
// process (server/main.ts, as deployed in front of hosted Supabase) against a
// backend on another origin, which it reaches only with the anon key through
// supabase-js: the blog's served data and head tags come from that project.

let t: TestBackend;
let dist: string;
let pages: ChildProcess;
let pagesUrl: string;
let out = '';
const siteUrl = 'https://peega.example';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'peega-pages-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Peega</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestBackend({ seed: true });
  const port = await freePort();
  pagesUrl = `http://127.0.0.1:${port}`;
  pages = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: t.ctx.config.anonKey,
      PEEGA_SITE_URL: siteUrl,
      WEB_DIST: dist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pages.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  pages.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(out)), 30_000);
    pages.stdout!.on('data', () => {
      if (out.includes("Peega's pages on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    pages.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}, 60_000);

afterAll(async () => {
  if (pages) await kill(pages, 'SIGTERM');
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('the page server on its own', () => {
  it('tells the browser which Supabase project to use', async () => {
    const res = await fetch(`${pagesUrl}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, unknown>;
    expect(config.supabaseUrl).toBe(t.url);
    expect(config.supabaseAnonKey).toBe(t.ctx.config.anonKey);
    expect(config.extensionUrl).toBe(`${siteUrl}/extension`);
    expect(config.demoMode).toBe(false);
  });

  it("serves an article's head tags and data read from the project as anon", async () => {
    const { rows } = await t.ctx.db.query<{ slug: string; title: string }>(
      `select slug, title from public.blog_articles where published
        order by published_at desc limit 1`,
    );
    const article = rows[0]!;
    const res = await fetch(`${pagesUrl}/blog/${article.slug}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = await res.text();
    expect(html).toContain(
      `<link rel="canonical" href="${siteUrl}/blog/${article.slug}" />`,
    );
    expect(html).toContain('id="peega-blog-data"');
    // A draft is not public: the anon key cannot read it, so it is a 404.
    const { rows: drafts } = await t.ctx.db.query<{ slug: string }>(
      `select slug from public.blog_articles where not published limit 1`,
    );
    const draft = await fetch(`${pagesUrl}/blog/${drafts[0]!.slug}`);
    expect(draft.status).toBe(404);
  });

  it('serves app routes with the shell, unknown paths with 404, and /extension', async () => {
    const app = await fetch(`${pagesUrl}/company-dashboard`);
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<div id="root">');
    expect((await fetch(`${pagesUrl}/no-such-page`)).status).toBe(404);
    // A route whose parameter has a dot is a route (#35), a missing file is not.
    const claim = await fetch(`${pagesUrl}/claim/shop.example`);
    expect(claim.status).toBe(200);
    expect(await claim.text()).toContain('<div id="root">');
    expect((await fetch(`${pagesUrl}/assets/missing.js`)).status).toBe(404);
    const ext = await fetch(`${pagesUrl}/extension`);
    expect(ext.status).toBe(200);
    expect(await ext.text()).toContain('Install the Peega extension');
  });

  it('holds no Supabase API: /rest/v1 is not served here', async () => {
    const res = await fetch(`${pagesUrl}/rest/v1/profiles`);
    expect(res.status).toBe(404);
  });
});
