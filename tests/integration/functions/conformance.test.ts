import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { denoChildren } from '../../support/deno-children.ts';
import { createCompany } from '../db/support.ts';
import {
  CONFORMANCE,
  type Callers,
  type ConformanceCase,
} from './conformance/sets.ts';

// Issue #24 item 2: every function's index.ts (what hosted Supabase deploys)
// runs in real Deno and answers its conformance set exactly as the
// in-process handler does. Two backends, alike but for
// PEEGA_FUNCTIONS_RUNTIME; each case goes through the functions gateway of
// both.
const FUNCTIONS_DIR = path.resolve('supabase/functions');

interface Side {
  t: TestBackend;
  callers: Callers;
}
let node: Side;
let deno: Side;

async function side(runtime: 'node' | 'deno'): Promise<Side> {
  const t = await startTestBackend({
    env: { PEEGA_FUNCTIONS_RUNTIME: runtime },
    configure(config) {
      // No LinkedIn or AI provider from the machine's environment.
      config.functionSecrets = [];
    },
  });
  const company = await createCompany(t, { domain: `conf-${runtime}.example` });
  return {
    t,
    callers: {
      anon: t.anonKey,
      service: t.serviceRoleKey,
      company: await t.ctx.jwt.sign(
        { sub: company.id, role: 'authenticated', aud: 'authenticated' },
        3600,
      ),
    },
  };
}

beforeAll(async () => {
  [node, deno] = await Promise.all([side('node'), side('deno')]);
}, 180_000);
afterAll(async () => {
  await node?.t.stop();
  await deno?.t.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

async function call(s: Side, fn: string, c: ConformanceCase): Promise<Answer> {
  const method = c.method ?? 'POST';
  const res = await fetch(`${s.t.url}/functions/v1/${fn}${c.path ?? ''}`, {
    method,
    headers: {
      apikey: s.callers.anon,
      authorization: `Bearer ${s.callers[c.as ?? 'anon']}`,
      ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body:
      c.body === undefined
        ? undefined
        : typeof c.body === 'string'
          ? c.body
          : JSON.stringify(c.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Kept as text.
  }
  return {
    status: res.status,
    headers: {
      'content-type': res.headers.get('content-type'),
      'access-control-allow-origin': res.headers.get(
        'access-control-allow-origin',
      ),
      'access-control-allow-methods': res.headers.get(
        'access-control-allow-methods',
      ),
    },
    body,
  };
}

describe('conformance of the edge functions', () => {
  it('covers every deployed function', () => {
    const deployed = readdirSync(FUNCTIONS_DIR)
      .filter((n) => existsSync(path.join(FUNCTIONS_DIR, n, 'index.ts')))
      .sort();
    expect(Object.keys(CONFORMANCE).sort()).toEqual(deployed);
  });

  for (const [fn, cases] of Object.entries(CONFORMANCE)) {
    describe(fn, () => {
      for (const c of cases) {
        it(`${c.name}: in-process and in Deno alike`, async () => {
          const [a, b] = [await call(node, fn, c), await call(deno, fn, c)];
          for (const got of [a, b]) {
            expect(got.status).toBe(c.status);
            if (c.json === null) expect(got.body).toBeNull();
            else if (c.json) expect(got.body).toMatchObject(c.json);
            for (const [k, v] of Object.entries(c.headers ?? {}))
              expect(got.headers[k]).toBe(v);
          }
          expect(b).toEqual(a);
        }, 60_000);
      }
    });
  }

  it('was answered by Deno on one side: a deno process per function', () => {
    expect(denoChildren()).toEqual(Object.keys(CONFORMANCE).sort());
  });
});
