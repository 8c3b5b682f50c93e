import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifyDomainHandler } from '../../../supabase/functions/verify-domain/handler.ts';
import type { Queryable } from '../../../supabase/local/db/types.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #8: feedback content only for verified domains, verification through
// the verify-domain function against a local server, webhooks delivered
// signed by the worker, and no company ever sees another's feedback or any
// author identity.

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let t: TestBackend;
let server: Server;
let origin: string;
const files = new Map<string, string>();
const received: Received[] = [];
let hang = false;

let author: TestUser;
let x: TestCompany;
let y: TestCompany;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method === 'GET') {
        const domain = path.split('/')[1] ?? '';
        const token = files.get(domain);
        res.writeHead(token ? 200 : 404).end(token ?? 'not found');
        return;
      }
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (hang && path.includes('slow')) return; // never answers
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DOMAIN_VERIFICATION_FILE_URL = `${origin}/{domain}/.well-known/peega-verification.txt`;
  t = await startTestBackend({
    // The AI worker too: a delivery waits for the AI step (#19 item 15).
    env: {
      PEEGA_WEBHOOK_WORKER: '1',
      PEEGA_AI_WORKER: '1',
      PEEGA_WEBHOOK_TIMEOUT_MS: '300',
    },
    webhooks: { backoffMs: 50, maxAttempts: 3, pollMs: 100 },
  });
  author = await createUser(t, { fullName: 'Secret Author' });
  x = await createCompany(t, { domain: 'acme-x.com', verified: false });
  y = await createCompany(t, { domain: 'acme-y.com', plan: 'advanced' });
}, 60_000);

afterAll(async () => {
  await t?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  delete process.env.DOMAIN_VERIFICATION_FILE_URL;
});

async function until<T>(fn: () => Promise<T | undefined>, ms = 8000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('domain gate', () => {
  it('an unverified domain shows its count, not its feedback', async () => {
    const f = await insertFeedback(t, author.id, {
      websiteUrl: 'https://shop.acme-x.com/cart',
      title: 'Cart bug on X',
    });
    const summary = await x.client.rpc('get_company_domain_summary');
    expect(summary.error).toBeNull();
    expect(summary.data).toEqual([
      expect.objectContaining({
        domain: 'acme-x.com',
        verified: false,
        feedback_count: 1,
      }),
    ]);
    const list = await x.client.rpc('get_company_feedback');
    expect(list.error).toBeNull();
    expect(list.data).toEqual([]);
    const open = await x.client.rpc('get_company_feedback_detail', {
      feedback_uuid: f.id,
    });
    expect(open.error?.code).toBe('42501');
    const status = await x.client.rpc('update_feedback_status', {
      feedback_uuid: f.id,
      new_status: 'read',
    });
    expect(status.error?.code).toBe('42501');
  });

  it('verify-domain refuses a missing token, then verifies through the file', async () => {
    const miss = await x.client.functions.invoke('verify-domain', {
      body: { domain: 'acme-x.com' },
    });
    expect(miss.data).toMatchObject({ verified: false });
    expect(miss.data.error).toContain('_peega-verification.acme-x.com');

    const { data: how } = await x.client.rpc('request_domain_verification', {
      p_domain: 'acme-x.com',
    });
    files.set('acme-x.com', `${how[0].file_content}\n`);
    const hit = await x.client.functions.invoke('verify-domain', {
      body: { domain: 'ACME-X.com' },
    });
    expect(hit.data).toEqual({ verified: true, method: 'file', error: null });
    const list = await x.client.rpc('get_company_feedback');
    expect(list.data).toHaveLength(1);
    expect(list.data[0].title).toBe('Cart bug on X');
  });

  it('refuses a domain that is not the caller’s, and one verified elsewhere', async () => {
    const notMine = await x.client.functions.invoke('verify-domain', {
      body: { domain: 'acme-y.com' },
    });
    expect(notMine.error).not.toBeNull();
    const rival = await createCompany(t, {
      domain: 'acme-x.com',
      verified: false,
    });
    const { data: how } = await rival.client.rpc(
      'request_domain_verification',
      {
        p_domain: 'acme-x.com',
      },
    );
    files.set('acme-x.com', how[0].file_content);
    const taken = await rival.client.functions.invoke('verify-domain', {
      body: { domain: 'acme-x.com' },
    });
    expect(taken.error).not.toBeNull();
    const body = await (taken.error as { context: Response }).context.json();
    expect(body.error).toBe(
      'This domain is already verified by another company.',
    );
    expect((await rival.client.rpc('get_company_feedback')).data).toEqual([]);
  });

  it('company X never receives company Y’s feedback or any author identity', async () => {
    const fy = await insertFeedback(t, author.id, {
      websiteUrl: 'https://acme-y.com/',
      title: 'Only for Y',
    });
    const xs = JSON.stringify(
      (await x.client.rpc('get_company_feedback', { p_page_size: 100 })).data,
    );
    expect(xs).not.toContain('Only for Y');
    expect(
      (
        await x.client.rpc('get_company_feedback_detail', {
          feedback_uuid: fy.id,
        })
      ).error?.code,
    ).toBe('42501');
    const ys = await y.client.rpc('get_company_feedback_detail', {
      feedback_uuid: fy.id,
    });
    const all = JSON.stringify([
      ys.data,
      (await y.client.rpc('get_company_feedback')).data,
      (await y.client.rpc('get_viewed_feedback_export')).data,
    ]);
    expect(all).toContain('Only for Y');
    for (const secret of [author.id, author.email, 'Secret Author'])
      expect(all).not.toContain(secret);
  });
});

describe('verify-domain with an injected resolver', () => {
  it('verifies through the DNS TXT record, checked before the file', async () => {
    const dnsCo = await createCompany(t, {
      domain: 'dns-proof.com',
      verified: false,
    });
    const { data: how } = await dnsCo.client.rpc(
      'request_domain_verification',
      { p_domain: 'dns-proof.com' },
    );
    const asked: string[] = [];
    const verify = createVerifyDomainHandler({
      resolveTxt: async (name) => {
        asked.push(name);
        return name === '_peega-verification.dns-proof.com'
          ? [['other=1'], ['peega-verification=', how[0].file_content]]
          : [];
      },
      fetch: () => new Promise<Response>(() => undefined),
      lookup: async () => ['93.184.216.34'],
      timeoutMs: 100,
    });
    const env = {
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: t.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: t.serviceRoleKey,
    };
    const jwt = await t.ctx.jwt.sign(
      { sub: dnsCo.id, role: 'authenticated', aud: 'authenticated' },
      600,
    );
    const res = await verify(
      new Request('http://x/verify-domain', {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ domain: 'dns-proof.com' }),
      }),
      env,
    );
    expect(await res.json()).toEqual({
      verified: true,
      method: 'dns',
      error: null,
    });
    expect(asked).toEqual(['_peega-verification.dns-proof.com']);
    const bad = await verify(
      new Request('http://x/verify-domain', { method: 'POST', body: '{}' }),
      env,
    );
    expect(bad.status).toBe(401);
  });
});

describe('webhooks', () => {
  it('refuses malformed URLs; outside demo mode also http and private hosts', async () => {
    const bad = await y.client.rpc('create_company_webhook', {
      p_url: 'not a url',
    });
    expect(bad.error?.message).toContain('valid webhook URL');
    const prod = await startTestBackend({ env: { PEEGA_DEMO: '0' } });
    try {
      const c = await createCompany(prod, { domain: 'prod.example' });
      const http = await c.client.rpc('create_company_webhook', {
        p_url: 'http://hooks.example.com/x',
      });
      expect(http.error?.message).toBe('Webhook URLs must use HTTPS.');
      const local = await c.client.rpc('create_company_webhook', {
        p_url: 'https://192.168.1.4/x',
      });
      expect(local.error?.message).toBe(
        'Webhook URLs cannot point at private or local addresses.',
      );
      expect(
        await query(prod, 'select * from public.company_webhooks'),
      ).toEqual([]);
    } finally {
      await prod.stop();
    }
  }, 60_000);

  it('delivers new feedback signed with HMAC-SHA256, anonymised', async () => {
    const hook = await y.client.rpc('create_company_webhook', {
      p_url: `${origin}/hook`,
    });
    expect(hook.error).toBeNull();
    const slack = await y.client.rpc('create_company_webhook', {
      p_url: `${origin}/slack`,
      p_format: 'slack',
    });
    expect(slack.error).toBeNull();
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://acme-y.com/pricing',
      title: 'Pricing is unclear',
      description:
        'The pricing page does not say whether the plan price includes tax, so checkout is confusing.',
    });
    const got = await until(async () =>
      received.find((r) => r.path === '/hook' && r.body.includes('Pricing')),
    );
    const expected = `sha256=${createHmac('sha256', hook.data.secret).update(got.body).digest('hex')}`;
    expect(got.headers['x-peega-signature']).toBe(expected);
    const payload = JSON.parse(got.body);
    expect(payload.feedback.title).toBe('Pricing is unclear');
    // Sent after the AI step (#19 item 15): its labels are in the payload.
    const [ai] = await query<{ priority: string; tags: string[] }>(
      t,
      'select priority, tags from public.feedback where id = $1',
      [payload.feedback.id],
    );
    expect(payload.feedback.category).toBe('other');
    expect(payload.feedback.priority).toMatch(/^(high|medium|low)$/);
    expect(payload.feedback.priority).toBe(ai!.priority);
    expect(payload.feedback.tags.length).toBeGreaterThan(0);
    expect(payload.feedback.tags).toEqual(ai!.tags);
    expect(got.body).not.toContain(author.id);
    expect(got.body).not.toContain(author.email);
    const s = await until(async () =>
      received.find((r) => r.path === '/slack' && r.body.includes('Pricing')),
    );
    expect(JSON.parse(s.body).text).toContain('Pricing is unclear');
    const log = await until(async () => {
      const { data } = await y.client
        .from('company_webhook_deliveries')
        .select('status, response_status')
        .eq('webhook_id', hook.data.id);
      return data?.[0]?.status === 'done' ? data : undefined;
    });
    expect(log[0]).toEqual({ status: 'done', response_status: 200 });
    // Company X has no webhook for it and cannot read Y's log.
    const xs = await x.client.from('company_webhook_deliveries').select('id');
    expect(xs.data).toEqual([]);
  });

  it('a new feedback waits for the AI step, at most 60 seconds (#19 item 15, #23)', async () => {
    // In one transaction, rolled back: no worker sees it, so what is due
    // when is the database's decision alone (the AI worker is fast here).
    const rollback = new Error('rollback');
    let due: { before: number[]; after: number[] } | undefined;
    const dueIn = async (tx: Queryable, id: string) =>
      (
        await tx.query<{ s: number }>(
          `select extract(epoch from d.run_after - now())::int as s
             from public.company_webhook_deliveries d
            where d.feedback_id = $1 order by d.id`,
          [id],
        )
      ).rows.map((r) => r.s);
    await t.ctx.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into public.feedback (user_id, title, description, category,
             company_name, website_url)
           values ($1, 'Waits for the AI', 'This delivery waits for the AI labels.',
             'other', 'Acme Y', 'https://acme-y.com/ai')
           returning id`,
          [author.id],
        );
        const id = rows[0]!.id;
        const before = await dueIn(tx, id);
        await tx.query(
          'update public.feedback set ai_processed_at = now() where id = $1',
          [id],
        );
        due = { before, after: await dueIn(tx, id) };
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    // The JSON and the Slack webhook of company Y: due in 60 seconds, then
    // at once when the AI result is stored.
    expect(due).toEqual({ before: [60, 60], after: [0, 0] });
  });

  it('a receiver that times out is retried, then left failed; the worker keeps going', async () => {
    hang = true;
    const slow = await y.client.rpc('create_company_webhook', {
      p_url: `${origin}/slow`,
    });
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://acme-y.com/slow',
      title: 'Slow one',
    });
    const failed = await until(async () => {
      const { data } = await y.client
        .from('company_webhook_deliveries')
        .select('status, attempts, last_error')
        .eq('webhook_id', slow.data.id);
      return data?.[0]?.status === 'failed' ? data[0] : undefined;
    }, 15_000);
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toContain('did not answer');
    hang = false;
    // The other endpoint still got it.
    await until(async () =>
      received.find((r) => r.path === '/hook' && r.body.includes('Slow one')),
    );
  }, 20_000);
});

/** Runs the send-digests function as pg_cron does (optionally at another moment). */
async function sendDigests(now?: Date): Promise<number> {
  const res = await t.backend.invokeFunction(
    'send-digests',
    now ? { now: now.toISOString() } : {},
  );
  const body = (await res.json()) as { sent: number; failed: number };
  expect(res.status).toBe(200);
  expect(body.failed).toBe(0);
  return body.sent;
}

describe('daily digest', () => {
  it('mails each company with notifications on once a day, without author identity', async () => {
    const mails = () =>
      query<{ to_email: string; subject: string; body_text: string }>(
        t,
        `select to_email, subject, body_text from auth.outbox where kind = 'company_digest'`,
      );
    const quiet = await createCompany(t, { domain: 'quiet-co.com' });
    await quiet.client
      .from('companies')
      .update({ notifications_enabled: false })
      .eq('id', quiet.companyId);
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://quiet-co.com/',
      title: 'Nobody is told',
    });
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://acme-y.com/digest',
      title: 'Digest item',
    });
    // No AI worker runs here: the digest lists the feedback once the
    // 60-second wait for the AI step is over (#23).
    const sent = await sendDigests(new Date(Date.now() + 61_000));
    expect(sent).toBeGreaterThan(0);
    const forY = (await mails()).filter((m) => m.to_email === y.email);
    expect(forY).toHaveLength(1);
    expect(forY[0]!.body_text).toContain('Digest item');
    expect(forY[0]!.body_text).toContain(`${t.url}/company-dashboard`);
    expect(forY[0]!.body_text).not.toContain(author.email);
    expect(JSON.stringify(await mails())).not.toContain('Nobody is told');

    // Once a day: a new feedback waits for the next day.
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://acme-y.com/later',
      title: 'Tomorrow item',
    });
    await sendDigests();
    expect((await mails()).filter((m) => m.to_email === y.email)).toHaveLength(
      1,
    );
    await sendDigests(new Date(Date.now() + 25 * 3600_000));
    const later = (await mails()).filter((m) => m.to_email === y.email);
    expect(later).toHaveLength(2);
    expect(later.map((m) => m.body_text).join()).toContain('Tomorrow item');
  });

  // CI once saw the digest skip a company: its FOR UPDATE lock conflicted with
  // the key-share lock of an insert referencing the company (the AI worker's
  // event, a webhook delivery) running at the same moment. Two connections
  // only exist on PostgreSQL; PGlite has one.
  it.skipIf(!process.env.DATABASE_URL)(
    'is not skipped while another transaction inserts rows referencing the company',
    async () => {
      const busy = await createCompany(t, { domain: 'busy-co.com' });
      await insertFeedback(t, author.id, {
        websiteUrl: 'https://busy-co.com/',
        title: 'Busy item',
      });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const tx = t.ctx.db.transaction(async (q) => {
        // What a foreign-key check takes for an insert referencing the row.
        await q.query(
          'select 1 from public.companies where id = $1 for key share',
          [busy.companyId],
        );
        locked();
        await held;
      });
      await isLocked;
      try {
        // Past the wait for the AI step (#23): no AI worker runs here.
        await sendDigests(new Date(Date.now() + 61_000));
      } finally {
        release();
        await tx;
      }
      const got = await query<{ body_text: string }>(
        t,
        `select body_text from auth.outbox
          where kind = 'company_digest' and to_email = $1`,
        [busy.email],
      );
      expect(got).toHaveLength(1);
      expect(got[0]!.body_text).toContain('Busy item');
    },
  );
});
