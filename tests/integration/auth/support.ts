import { expect } from 'vitest';
import WebSocket from 'ws';
import {
  startTestBackend,
  type TestBackend,
  type TestBackendOptions,
} from '../../support/backend.ts';

// supabase-js builds a realtime client in createClient, which on Node 20
// needs a WebSocket implementation (native only from Node 22).
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

/** A clock the backend reads through `ctx.now()`, moved by the tests. */
export function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  };
}

/**
 * A backend without the app's migrations. Sign-in limits are raised so that
 * only rate-limit.test.ts meets the default of 30 per 5 minutes.
 */
export function startAuthBackend(
  options: TestBackendOptions = {},
): Promise<TestBackend> {
  return startTestBackend({
    migrationsDir: 'tests/fixtures/none',
    ...options,
    env: { PEEGA_RATE_LIMIT_TOKEN: '1000', ...options.env },
    configure: (config) => {
      // Without the app's migrations there is no hook function to call.
      if (!options.migrationsDir)
        config.auth.hooks.mfaVerificationAttempt = null;
      options.configure?.(config);
    },
  });
}

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${++counter}@example.com`;

export const PASSWORD = 'a-long-unusual-passphrase';

/** Signs a user up (auto-confirmed backend) and returns the session. */
export async function signUpUser(t: TestBackend, email = uniqueEmail()) {
  const { data, error } = await t
    .client()
    .auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { email, session: data.session!, user: data.user! };
}

export interface OutboxMail {
  to_email: string;
  subject: string;
  kind: string;
  body_text: string;
  body_html: string;
  link: string | null;
}

/** The e-mails written to auth.outbox for an address, oldest first. */
export async function mailsTo(t: TestBackend, email: string) {
  const { rows } = await t.ctx.db.query<OutboxMail>(
    `select to_email, subject, kind, body_text, body_html, link
       from auth.outbox where to_email = $1 order by created_at, id`,
    [email],
  );
  return rows;
}

/** Follows an e-mail link without following its redirect. */
export async function openLink(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = location.includes('#') ? location.split('#')[1]! : '';
  return { res, location, fragment: new URLSearchParams(hash) };
}

/** A raw request to /auth/v1, as auth-js would send it (or without the version header). */
export function authFetch(
  t: TestBackend,
  path: string,
  init: {
    method?: string;
    body?: string;
    token?: string;
    version?: string | null;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    apikey: t.anonKey,
    authorization: `Bearer ${init.token ?? t.anonKey}`,
    'content-type': 'application/json;charset=UTF-8',
    ...init.headers,
  };
  if (init.version !== null) {
    headers['x-supabase-api-version'] = init.version ?? '2024-01-01';
  }
  return fetch(`${t.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  });
}

/** Decodes a JWT's payload without verifying it. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1]!;
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** Go's RFC 3339 timestamps in UTC. */
export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
