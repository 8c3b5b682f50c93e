import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  inOneRateWindow,
  query,
  type TestUser,
} from '../integration/db/support.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// Feedback submission is limited per account (30 in any 10 minutes) and per
// address (120 per 10-minute window), and a limited client is told when to
// retry (DECISIONS.md "Rate limits", "Client address"). The address is the
// gateway's: a client that rotates X-Forwarded-For stays one address.

let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

/** The user's session, sending whatever X-Forwarded-For it likes. */
async function sessionOf(user: TestUser, forwardedFor: string) {
  const jwt = await t.ctx.jwt.sign(
    { sub: user.id, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  return t.client(undefined, {
    Authorization: `Bearer ${jwt}`,
    'X-Forwarded-For': forwardedFor,
  });
}

const row = (i: number) => ({
  title: `Limit probe ${i}`,
  description: `Probe number ${i} of the submission limit.`,
  company_name: 'Example',
  website_url: `https://limits.example/${i}`,
});

/** POSTs one feedback as REST sees it, with the status and Retry-After. */
async function submit(user: TestUser, i: number, forwardedFor: string) {
  const jwt = await t.ctx.jwt.sign(
    { sub: user.id, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  const res = await fetch(`${t.url}/rest/v1/feedback`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      authorization: `Bearer ${jwt}`,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
      // Hosted Supabase's edge header, which a client may send too.
      'cf-connecting-ip': forwardedFor,
    },
    body: JSON.stringify(row(i)),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json().catch(() => null)) as {
      message?: string;
    } | null,
  };
}

describe('feedback submission limits', () => {
  it('an account gets 429 with Retry-After after 30 in 10 minutes, whatever address it claims', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await submit(user, i, `203.0.113.${i}`)).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const limited = await submit(user, 30, '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.body?.message).toBe(
      'You are sending feedback too fast. Please wait a few minutes.',
    );
    const wait = Number(limited.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
  });

  it('one address gets 429 after 120 in a window, across accounts and rotated X-Forwarded-For and CF-Connecting-IP', async () => {
    // Earlier tests of this file spent some of this address's window; the
    // count starts afresh.
    const { users, accepted, refused } = await inOneRateWindow(t, async () => {
      const users = await Promise.all(
        Array.from({ length: 5 }, () => createUser(t)),
      );
      let accepted = 0;
      let refused: Awaited<ReturnType<typeof submit>> | undefined;
      for (let i = 0; i < 125 && !refused; i++) {
        const r = await submit(users[i % 5]!, 1000 + i, `192.0.2.${i % 250}`);
        if (r.status === 201) accepted += 1;
        else refused = r;
      }
      return { users, accepted, refused };
    });
    expect(accepted).toBe(120);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    // Nothing refused was kept.
    const [n] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from public.feedback where user_id = any($1)`,
      [users.map((u) => u.id)],
    );
    expect(n?.n).toBe(120);
  }, 180_000);

  it('the database reads the address as hosted Supabase delivers it: CF-Connecting-IP, else the rightmost X-Forwarded-For entry', async () => {
    const address = async (headers: Record<string, string>) =>
      (
        await query<{ a: string | null }>(
          t,
          `select set_config('request.headers', $1, false) as s, private.request_address() as a`,
          [JSON.stringify(headers)],
        )
      )[0]?.a;
    // Cloudflare appends the peer it saw to whatever the client typed.
    expect(
      await address({ 'x-forwarded-for': '6.6.6.6, ::ffff:198.51.100.9' }),
    ).toBe('198.51.100.9');
    expect(
      await address({
        'x-forwarded-for': '6.6.6.6, 198.51.100.9',
        'cf-connecting-ip': '198.51.100.10',
      }),
    ).toBe('198.51.100.10');
    expect(await address({})).toBeNull();
  });

  it('behind a trusted proxy, each client address has its own allowance', async () => {
    const proxied = await startTestBackend({
      env: { PEEGA_TRUSTED_PROXIES: '127.0.0.1' },
    });
    try {
      const a = await createUser(proxied);
      const b = await createUser(proxied);
      await query(
        proxied,
        `insert into private.rate_limit_hits (bucket, window_start, hits)
         values ('feedback:address:' || md5('feedback:198.51.100.7'),
                 date_bin(interval '10 minutes', now(), timestamptz '2000-01-01 00:00:00+00'), 120)`,
      );
      const jwt = (u: TestUser) =>
        proxied.ctx.jwt.sign(
          { sub: u.id, role: 'authenticated', aud: 'authenticated' },
          3600,
        );
      const full = proxied.client(undefined, {
        Authorization: `Bearer ${await jwt(a)}`,
        'X-Forwarded-For': '198.51.100.7',
      });
      const other = proxied.client(undefined, {
        Authorization: `Bearer ${await jwt(b)}`,
        'X-Forwarded-For': '198.51.100.8',
      });
      const refused = await full.from('feedback').insert(row(1));
      expect(refused.status).toBe(429);
      const fine = await other.from('feedback').insert(row(2));
      expect(fine.error).toBeNull();
    } finally {
      await proxied.stop();
    }
  });

  it('a client with a session sees the same 429 through supabase-js', async () => {
    const user = await createUser(t);
    await query(
      t,
      `insert into private.rate_limit_hits (bucket, window_start, hits)
       values ('feedback:address:' || md5('feedback:127.0.0.1'),
               date_bin(interval '10 minutes', now(), timestamptz '2000-01-01 00:00:00+00'), 120)
       on conflict (bucket, window_start) do update set hits = 120`,
    );
    const client = await sessionOf(user, '10.0.0.1');
    const r = await client.from('feedback').insert(row(3));
    expect(r.status).toBe(429);
    expect(r.error?.message).toBe(
      'You are sending feedback too fast. Please wait a few minutes.',
    );
  });
});
