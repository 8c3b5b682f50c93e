import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { query } from '../db/support.ts';

// The embedded backend as one of the e-mail providers edge functions send
// through (docs/background-jobs.md): Resend's request shape, the service-role
// key only, stored in auth.outbox for the mailbox and the SMTP relay.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const send = (key: string | undefined, body: unknown) =>
  fetch(`${t.url}/_outbox/emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });

const mail = {
  from: 'Peega <no-reply@peega.local>',
  to: ['someone@example.net'],
  subject: 'Outbox API test',
  text: 'Hello',
  html: '<p>Hello</p>',
  tags: [{ name: 'kind', value: 'company_digest' }],
  headers: { 'X-Peega-Link': 'http://peega.test/company-dashboard' },
};

describe('/_outbox/emails', () => {
  it('refuses callers without the service-role key', async () => {
    for (const key of [undefined, t.anonKey, 'nonsense']) {
      const res = await send(key, mail);
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    expect(
      await query(t, `select 1 from auth.outbox where subject = $1`, [
        mail.subject,
      ]),
    ).toEqual([]);
  });

  it('stores a message sent with the service-role key, and refuses malformed ones', async () => {
    const bad = await send(t.serviceRoleKey, { ...mail, to: 'not an address' });
    expect(bad.status).toBe(422);
    const res = await send(t.serviceRoleKey, mail);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.any(String) });
    expect(
      await query(
        t,
        `select to_email, kind, body_text, link from auth.outbox where subject = $1`,
        [mail.subject],
      ),
    ).toEqual([
      {
        to_email: 'someone@example.net',
        kind: 'company_digest',
        body_text: 'Hello',
        link: 'http://peega.test/company-dashboard',
      },
    ]);
  });
});
