import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestUser,
} from '../integration/db/support.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// DECISIONS "Personal details in free text": e-mail addresses and phone
// numbers an author types are masked in everything a company receives (list,
// search, detail, CSV export, webhooks, digest); the author keeps their text.

const TITLE = 'Write to jo.doe@mail.example.net about checkout';
const DESCRIPTION =
  'Checkout fails on 2026-11-25. Call me on +33 6 12 34 56 78 or 555-123-4567, or mail jo.doe@mail.example.net.';
const MASKED_TITLE = 'Write to [email hidden] about checkout';
const MASKED_DESCRIPTION =
  'Checkout fails on 2026-11-25. Call me on [phone hidden] or [phone hidden], or mail [email hidden].';

let t: TestBackend;
let author: TestUser;
let feedbackId: string;
const domain = 'masking.example.net';

beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
  feedbackId = (
    await insertFeedback(t, author.id, {
      websiteUrl: `https://${domain}/checkout`,
      title: TITLE,
      description: DESCRIPTION,
    })
  ).id;
});
afterAll(() => t?.stop());

describe('contact details typed by an author', () => {
  it('are masked in the company list, detail and CSV export, and cannot be searched', async () => {
    const company = await createCompany(t, { domain, plan: 'advanced' });
    const list = await company.client.rpc('get_company_feedback', {});
    expect(list.error).toBeNull();
    expect(list.data).toMatchObject([
      { title: MASKED_TITLE, excerpt: MASKED_DESCRIPTION.slice(0, 160) },
    ]);
    for (const probe of ['jo.doe', 'mail.example', '+33', '555-123']) {
      const found = await company.client.rpc('get_company_feedback', {
        p_search: probe,
      });
      expect(found.data, probe).toEqual([]);
    }
    const detail = await company.client.rpc('get_company_feedback_detail', {
      feedback_uuid: feedbackId,
    });
    expect(detail.error).toBeNull();
    expect(detail.data).toMatchObject([
      { title: MASKED_TITLE, description: MASKED_DESCRIPTION },
    ]);
    const csv = await company.client.rpc('get_viewed_feedback_export');
    expect(csv.data).toMatchObject([
      { title: MASKED_TITLE, description: MASKED_DESCRIPTION },
    ]);
  });

  it('are masked in webhook payloads', async () => {
    const other = 'masking-hook.example.net';
    const company = await createCompany(t, { domain: other, plan: 'advanced' });
    await query(
      t,
      `insert into public.company_webhooks (company_id, url, format)
       values ($1, 'https://hooks.example.net/peega', 'json')`,
      [company.companyId],
    );
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: `https://${other}/checkout`,
      title: TITLE,
      description: DESCRIPTION,
    });
    const [row] = await query<{
      payload: { feedback: Record<string, unknown> };
    }>(
      t,
      `select p.payload from public.company_webhook_deliveries d,
              lateral public.get_webhook_delivery(d.id) p
        where d.feedback_id = $1`,
      [fb.id],
    );
    expect(row?.payload.feedback).toMatchObject({
      title: MASKED_TITLE,
      description: MASKED_DESCRIPTION,
    });
  });

  it('stay as typed for the author', async () => {
    const own = await author.client
      .from('feedback')
      .select('title, description')
      .eq('id', feedbackId)
      .single();
    expect(own.data).toEqual({ title: TITLE, description: DESCRIPTION });
  });
});
