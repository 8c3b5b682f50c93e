import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { denoChildren } from '../../support/deno-children.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
} from '../db/support.ts';

// PEEGA_FUNCTIONS_RUNTIME=deno (issue #24 item 2): the embedded backend runs
// each function's index.ts in real Deno, the background jobs included: the
// AI queue, webhook delivery, the daily digest and the author e-mail go through the Deno
// processes, called by the backend's schedulers as pg_cron and pg_net call
// them on hosted Supabase.
let t: TestBackend;
let server: Server;
let origin: string;
const received: {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestBackend({
    env: {
      PEEGA_FUNCTIONS_RUNTIME: 'deno',
      PEEGA_AI_WORKER: '1',
      PEEGA_WEBHOOK_WORKER: '1',
      // The receiver is plain http on 127.0.0.1: demo mode allows it.
      PEEGA_DEMO: '1',
    },
    webhooks: { backoffMs: 50, pollMs: 200 },
    configure(config) {
      config.functionSecrets = [];
    },
  });
}, 180_000);

afterAll(async () => {
  await t?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

async function until<T>(fn: () => Promise<T | undefined>, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('functions in Deno', () => {
  it('process the AI queue and deliver signed webhooks after it, then send the digest', async () => {
    const author = await createUser(t);
    const company = await createCompany(t, {
      domain: 'deno-co.example',
      plan: 'advanced',
    });
    const hook = await company.client.rpc('create_company_webhook', {
      p_url: `${origin}/hook`,
    });
    expect(hook.error).toBeNull();
    const f = await insertFeedback(t, author.id, {
      websiteUrl: 'https://deno-co.example/pricing',
      title: 'Pricing in Deno',
      description: 'The pricing page does not say whether taxes are included.',
    });
    const got = await until(async () =>
      received.find((r) => r.body.includes('Pricing in Deno')),
    );
    expect(got.headers['x-peega-signature']).toBe(
      `sha256=${createHmac('sha256', hook.data.secret).update(got.body).digest('hex')}`,
    );
    const [row] = await query<{ ai_processed_at: Date | null; tags: string[] }>(
      t,
      'select ai_processed_at, tags from public.feedback where id = $1',
      [f.id],
    );
    expect(row!.ai_processed_at).not.toBeNull();
    expect(JSON.parse(got.body).feedback.tags).toEqual(row!.tags);

    const res = await t.backend.invokeFunction('send-digests', {});
    expect(await res.json()).toEqual({ sent: 1, failed: 0 });
    const mails = await query<{ subject: string; body_text: string }>(
      t,
      `select subject, body_text from auth.outbox
        where kind = 'company_digest' and to_email = $1`,
      [company.email],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('Pricing in Deno');

    // The author opted in to e-mails about company messages (#21): the
    // company's question reaches them through send-message-emails.
    await author.client
      .from('profiles')
      .update({ email_on_company_message: true })
      .eq('id', author.id);
    const asked = await company.client.rpc('post_company_message', {
      p_feedback_id: f.id,
      p_body: 'Which country are you in?',
    });
    expect(asked.error).toBeNull();
    const sent = await t.backend.invokeFunction('send-message-emails', {});
    expect(await sent.json()).toEqual({ handled: 1, failed: 0 });
    const [toAuthor] = await query<{ subject: string; body_text: string }>(
      t,
      `select subject, body_text from auth.outbox
        where kind = 'company_message' and to_email = $1`,
      [author.email],
    );
    expect(toAuthor!.subject).toBe(
      'Test Company sent you a message about “Pricing in Deno”',
    );
    expect(toAuthor!.body_text).toContain('> Which country are you in?');

    // And when a topic with the feedback is completed (#22), an opted-in
    // contributor hears it through send-topic-emails.
    await author.client
      .from('profiles')
      .update({ email_on_topic_completed: true })
      .eq('id', author.id);
    await query(
      t,
      `with t as (insert into public.feedback_topics (company_id, title, status, completed_at)
                  values ($1, 'Pricing', 'completed', now()) returning id)
       insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       select $1, $2, t.id, 'confirmed' from t`,
      [company.companyId, f.id],
    );
    const done = await t.backend.invokeFunction('send-topic-emails', {});
    expect(await done.json()).toEqual({ handled: 1, failed: 0 });
    const [completed] = await query<{ subject: string }>(
      t,
      `select subject from auth.outbox
        where kind = 'topic_completed' and to_email = $1`,
      [author.email],
    );
    expect(completed!.subject).toBe('Test Company completed “Pricing in Deno”');

    // And it really was Deno that did it.
    expect(denoChildren()).toEqual([
      'deliver-webhooks',
      'process-feedback',
      'send-digests',
      'send-message-emails',
      'send-topic-emails',
    ]);
  }, 120_000);
});
