import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import {
  authFetch,
  signUpUser,
  startAuthBackend,
  uniqueEmail,
} from '../integration/auth/support.ts';

// Sign-in and password recovery reveal nothing about which e-mails have an
// account: the same status and body, and similar timing (a property, not a
// budget: the medians of interleaved attempts stay within a generous factor,
// which fails when one side skips the password hash). Brute force (429),
// refresh-token reuse and server-side logout are proven in
// tests/integration/auth/{rate-limit,refresh,logout}.test.ts.
let t: TestBackend;
let known: string;
beforeAll(async () => {
  t = await startAuthBackend({
    // Recovery mails are limited per address; lift it for the samples.
    env: { PEEGA_RATE_LIMIT_EMAIL: '100000' },
  });
  known = (await signUpUser(t)).email;
});
afterAll(() => t?.stop());

const SAMPLES = 12;
/** The slower side's median may be at most this factor of the faster's. */
const FACTOR = 3;
const SLACK_MS = 50;

async function timed(fn: () => Promise<Response>) {
  const start = performance.now();
  const res = await fn();
  const body = await res.text();
  return { ms: performance.now() - start, status: res.status, body };
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function compare(
  request: (email: string) => Promise<Response>,
  knownEmail: (i: number) => string = () => known,
) {
  // Warm up both paths, then interleave so machine noise hits both alike.
  await request(knownEmail(SAMPLES));
  await request(uniqueEmail('warm'));
  const a: Awaited<ReturnType<typeof timed>>[] = [];
  const b: Awaited<ReturnType<typeof timed>>[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    a.push(await timed(() => request(knownEmail(i))));
    b.push(await timed(() => request(uniqueEmail('nobody'))));
  }
  return { known: a, unknown: b };
}

function expectAlike(r: Awaited<ReturnType<typeof compare>>) {
  const shape = (xs: typeof r.known) => [
    ...new Set(xs.map((x) => `${x.status} ${x.body}`)),
  ];
  expect(shape(r.known)).toEqual(shape(r.unknown));
  expect(shape(r.known)).toHaveLength(1);
  const mk = median(r.known.map((x) => x.ms));
  const mu = median(r.unknown.map((x) => x.ms));
  // Within the factor, or (for fast answers, where machine noise
  // dominates) within SLACK_MS: a skipped bcrypt comparison is ~300 ms.
  const alike =
    Math.max(mk, mu) / Math.max(1, Math.min(mk, mu)) < FACTOR ||
    Math.abs(mk - mu) < SLACK_MS;
  expect(
    alike,
    `medians ${mk.toFixed(1)} ms (known) vs ${mu.toFixed(1)} ms (unknown)`,
  ).toBe(true);
}

describe('no account enumeration', () => {
  it('sign-in with a wrong password: same answer, similar time', async () => {
    const r = await compare((email) =>
      authFetch(t, '/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'wrong-password-123' }),
      }),
    );
    expect(r.known[0]!.status).toBe(400);
    expectAlike(r);
  });

  it('password recovery: same answer, similar time', async () => {
    // One account per attempt: a second mail to one address within a
    // minute is refused with 429 as GoTrue does (see docs/security.md).
    const accounts: string[] = [];
    for (let i = 0; i <= SAMPLES; i++)
      accounts.push((await signUpUser(t)).email);
    const r = await compare(
      (email) =>
        authFetch(t, '/recover', {
          method: 'POST',
          body: JSON.stringify({ email }),
        }),
      (i) => accounts[i]!,
    );
    expect(r.known[0]!.status).toBe(200);
    expectAlike(r);
  });
});
