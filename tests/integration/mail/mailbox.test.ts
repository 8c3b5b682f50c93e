import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

interface Listed {
  id: string;
  to_email: string;
  subject: string;
  link: string | null;
}

describe('mailbox (/_mail)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      migrationsDir: 'tests/fixtures/none',
      env: { PEEGA_AUTH_AUTOCONFIRM: 'false' },
    });
  });
  afterAll(() => t?.stop());

  it('captures the sign-up confirmation, lists it and its link confirms the account', async () => {
    const email = 'mailbox-user@example.com';
    const { error } = await t
      .client()
      .auth.signUp({ email, password: 'a-long-unusual-passphrase' });
    expect(error).toBeNull();

    const res = await fetch(
      `${t.url}/_mail/api/messages?to=${encodeURIComponent(email)}`,
    );
    const messages = (await res.json()) as Listed[];
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message!.link).toContain('/auth/v1/verify?');

    const inbox = await (await fetch(`${t.url}/_mail`)).text();
    expect(inbox).toContain(email);
    expect(inbox).toContain(message!.subject);
    const detail = await fetch(`${t.url}/_mail/${message!.id}`);
    expect(detail.headers.get('content-security-policy')).toContain(
      "default-src 'none'",
    );
    expect(await detail.text()).toContain(
      message!.link!.replaceAll('&', '&amp;'),
    );

    const verify = await fetch(message!.link!, { redirect: 'manual' });
    expect(verify.status).toBe(303);
    expect(verify.headers.get('location')).toContain('access_token=');
    const signIn = await t.client().auth.signInWithPassword({
      email,
      password: 'a-long-unusual-passphrase',
    });
    expect(signIn.error).toBeNull();
  });

  it('escapes what users typed', async () => {
    await t.ctx.db.query(
      `insert into auth.outbox (to_email, subject, kind, body_text, body_html) values ($1, $2, 'test', 'x', '<p>x</p>')`,
      ['<script>alert(1)</script>@example.com', '<img src=x onerror=alert(1)>'],
    );
    const inbox = await (await fetch(`${t.url}/_mail`)).text();
    expect(inbox).not.toContain('<script>alert(1)</script>');
    expect(inbox).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('mailbox outside demo mode', () => {
  it('is not served', async () => {
    const t = await startTestBackend({
      migrationsDir: 'tests/fixtures/none',
      env: {
        PEEGA_DEMO: 'false',
        PEEGA_JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256!',
      },
    });
    try {
      expect((await fetch(`${t.url}/_mail`)).status).toBe(404);
    } finally {
      await t.stop();
    }
  });
});

describe('SMTP delivery', () => {
  it('sends outbox messages through SMTP_URL and records them as sent', async () => {
    const received: { to: string; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            data,
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as AddressInfo).port;
    const t = await startTestBackend({
      migrationsDir: 'tests/fixtures/none',
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        PEEGA_AUTH_AUTOCONFIRM: 'false',
      },
    });
    try {
      await t.client().auth.signUp({
        email: 'smtp-user@example.com',
        password: 'a-long-unusual-passphrase',
      });
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(received[0]!.to).toBe('smtp-user@example.com');
      await expect
        .poll(
          async () =>
            (await t.ctx.db.query(`select status from auth.outbox`)).rows,
          { timeout: 5000 },
        )
        .toEqual([{ status: 'done' }]);
    } finally {
      await t.stop();
      smtp.close();
    }
  });
});
