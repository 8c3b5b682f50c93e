import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  query,
} from '../db/support.ts';

// #22: the page server answers /changes/<slug> with the company's page head
// (read as anon through get_public_changes), and 404 for a slug no company
// has or a page turned off.
let t: TestBackend;
let dist: string;
let companyId: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'peega-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Peega default" /><title>Peega</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestBackend({
    configure(config) {
      config.webDist = dist;
    },
  });
  const company = await createCompany(t, { domain: 'head-x.test' });
  companyId = company.companyId;
  await query(
    t,
    `update public.companies set company_name = 'Acme "Quotes" </title>', public_page_slug = 'acme-head' where id = $1`,
    [companyId],
  );
  const author = await createUser(t);
  const fb = await insertFeedback(t, author.id, {
    title: 'Private feedback title',
    websiteUrl: 'https://head-x.test/a',
  });
  const topic = await one<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title, status, completed_at, public_title, public_note, published_at)
     values ($1, 'Internal only', 'completed', now(), 'Dark mode shipped', 'Thanks <script>alert(1)</script>', now())
     returning id`,
    [companyId],
  );
  await query(
    t,
    `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state) values ($1, $2, $3, 'confirmed')`,
    [companyId, fb.id, topic.id],
  );
});
afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (p: string) => {
  const res = await fetch(`${t.url}${p}`);
  return { status: res.status, html: await res.text() };
};

describe('/changes/<slug> in the served HTML', () => {
  it('carries the title, description, canonical link and social tags, escaped', async () => {
    const { status, html } = await page('/changes/acme-head');
    expect(status).toBe(200);
    expect(html).toContain(
      '<title>Acme &quot;Quotes&quot; &lt;/title&gt; — You said, we did · Peega</title>',
    );
    expect(html).toContain(
      `<link rel="canonical" href="${t.url}/changes/acme-head" />`,
    );
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toMatch(
      /<meta name="description" content="[^"]*Dark mode shipped/,
    );
    expect(html).not.toContain('Peega default');
    expect(html).not.toContain('<script>alert(1)');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [
        {
          name: 'Dark mode shipped',
          description: expect.stringContaining('1 person reported this'),
        },
      ],
    });
    expect(html).not.toContain('Internal only');
    expect(html).not.toContain('Private feedback title');
    expect(html).toContain('<div id="root">');
  });

  it('answers an unknown slug, and a page turned off, with the shell and 404', async () => {
    const unknown = await page('/changes/nobody-here');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<meta name="robots" content="noindex" />');
    expect(unknown.html).toContain('<div id="root">');
    await query(
      t,
      `update public.companies set public_page_slug = null where id = $1`,
      [companyId],
    );
    const off = await page('/changes/acme-head');
    expect(off.status).toBe(404);
    expect(off.html).not.toContain('Dark mode shipped');
  });
});
