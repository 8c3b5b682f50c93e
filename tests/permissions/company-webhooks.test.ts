import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// company_webhooks, company_webhook_deliveries and the company RPCs of the
// domain-gate migration (summary, export, webhook creation).
let w: World;
let webhookX: string;
beforeAll(async () => {
  w = await startWorld();
  const created = await w.as.companyX.rpc('create_company_webhook', {
    p_url: 'https://hooks.example.net/peega',
    p_format: 'json',
  });
  allowed(created);
  webhookX = (created.data as { id: string }).id;
  // A new feedback about company X's verified domain queues one delivery.
  await insertFeedback(w.t, w.id.consumerA, {
    websiteUrl: 'https://example.com/pricing',
    title: 'Queued for the webhook',
  });
});
afterAll(() => w?.t.stop());

const NON_OWNERS = ['companyY', 'consumerA', 'consumerB', 'admin'] as const;

describe('company_webhooks', () => {
  it('the owning company reads its webhook', async () => {
    allowed(await w.as.companyX.from('company_webhooks').select('id'), 1);
  });
  it.each(NON_OWNERS)('%s reads no webhook of company X', async (role) => {
    denied(
      await w.as[role].from('company_webhooks').select('id').eq('id', webhookX),
      'hidden',
    );
  });
  it('anon cannot read webhooks', async () => {
    forbidden(await w.as.anon.from('company_webhooks').select('id'));
  });
  it('nobody inserts directly: webhooks are created through the RPC', async () => {
    forbidden(
      await w.as.companyX.from('company_webhooks').insert({
        company_id: w.company.X,
        url: 'https://hooks.example.net/direct',
      }),
    );
  });
  it('a company cannot change its webhook secret or URL directly', async () => {
    forbidden(
      await w.as.companyX
        .from('company_webhooks')
        .update({ url: 'https://evil.example.net/' })
        .eq('id', webhookX),
    );
  });
  it.each(NON_OWNERS)('%s cannot remove company X’s webhook', async (role) => {
    await w.as[role].from('company_webhooks').delete().eq('id', webhookX);
    expect(
      await rows(w, 'select 1 from public.company_webhooks where id = $1', [
        webhookX,
      ]),
    ).toHaveLength(1);
  });
  it('consumers cannot create webhooks (no company)', async () => {
    denied(
      await w.as.consumerA.rpc('create_company_webhook', {
        p_url: 'https://hooks.example.net/consumer',
      }),
      { code: '42501', message: /^Only company accounts can do this\.$/ },
    );
  });
  it('anon cannot create webhooks', async () => {
    forbidden(
      await w.as.anon.rpc('create_company_webhook', {
        p_url: 'https://hooks.example.net/anon',
      }),
    );
  });
});

describe('company_webhook_deliveries', () => {
  it('the owning company reads its delivery log', async () => {
    const log = await w.as.companyX
      .from('company_webhook_deliveries')
      .select('id, webhook_id');
    allowed(log, 1);
    expect((log.data as { webhook_id: string }[])[0]!.webhook_id).toBe(
      webhookX,
    );
  });
  it.each(NON_OWNERS)('%s reads no delivery of company X', async (role) => {
    allowed(
      await w.as[role]
        .from('company_webhook_deliveries')
        .select('id')
        .eq('webhook_id', webhookX),
      0,
    );
  });
  it('anon cannot read deliveries', async () => {
    forbidden(await w.as.anon.from('company_webhook_deliveries').select('id'));
  });
  it('a company cannot mark its own delivery done', async () => {
    forbidden(
      await w.as.companyX
        .from('company_webhook_deliveries')
        .update({ status: 'done' })
        .eq('webhook_id', webhookX),
    );
  });
  it('clients cannot record webhook responses (server only)', async () => {
    denied(
      await w.as.companyX.rpc('record_webhook_response', {
        p_delivery_id: 1,
        p_status: 200,
      }),
      { code: '42501', message: /permission denied for function/ },
    );
  });
});

describe('company RPCs of the domain gate', () => {
  it('a company reads its own domain summary', async () => {
    const summary = await w.as.companyX.rpc('get_company_domain_summary');
    allowed(summary);
    expect(JSON.stringify(summary.data)).toContain('example.com');
    expect(JSON.stringify(summary.data)).not.toContain('example.org');
  });
  it.each(['consumerA', 'anon'] as const)(
    '%s has no domain summary',
    async (role) => {
      const summary = await w.as[role].rpc('get_company_domain_summary');
      if (summary.error === null) expect(summary.data ?? []).toEqual([]);
    },
  );
  it('the export holds only feedback the company opened, without authors', async () => {
    const opened = await w.as.companyX.rpc('get_company_feedback_detail', {
      feedback_uuid: w.feedback.a,
    });
    allowed(opened);
    const mine = await w.as.companyX.rpc('get_viewed_feedback_export');
    allowed(mine, 1);
    const text = JSON.stringify(mine.data);
    expect(text).not.toContain(w.id.consumerA);
    expect(text).not.toContain(w.email.consumerA);
    allowed(await w.as.companyY.rpc('get_viewed_feedback_export'), 0);
  });
  it.each(['consumerA', 'anon'] as const)('%s gets no export', async (role) => {
    const res = await w.as[role].rpc('get_viewed_feedback_export');
    if (res.error === null) expect(res.data ?? []).toEqual([]);
  });
});
