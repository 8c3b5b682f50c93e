import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
} from '../integration/db/support.ts';

// Every RPC the API roles may call, called with junk arguments of its own
// parameter names, by a visitor, a consumer and a company owner: wrong input
// is the caller's mistake, so never a 5xx (#40 item 23: junk tokens, a reply
// nobody asked for, another company's topic answered 500). Fixed seed, so a
// failure reproduces; every failure is listed at once.
const SEED = 4023;
const SETS = Number(process.env.FUZZ_RPC_SETS ?? 4);
let t: TestBackend;
const bearer: Record<string, string | null> = { anon: null };
const known: string[] = [];

beforeAll(async () => {
  t = await startTestBackend();
  const consumer = await createUser(t);
  const company = await createCompany(t, { domain: 'fuzz-rpc.example' });
  const own = await insertFeedback(t, consumer.id, {
    websiteUrl: 'https://fuzz-rpc.example/cart',
  });
  known.push(own.id, company.companyId, consumer.id, company.id);
  const sign = (sub: string) =>
    t.ctx.jwt.sign({ sub, role: 'authenticated', aud: 'authenticated' }, 3600);
  bearer.consumer = await sign(consumer.id);
  bearer.company = await sign(company.id);
}, 120_000);
afterAll(() => t?.stop());

interface Rpc {
  name: string;
  args: { name: string; type: string }[];
}

/** A value of roughly the declared type, or of another one. */
function junkFor(type: string): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('', ' ', "'; drop table x; --", '%00', '💥'.repeat(40)),
  );
  const wrong = fc.oneof(
    text,
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.constant({ a: [1] }),
  );
  const uuid = fc.oneof(fc.constantFrom(...known), fc.uuid(), text);
  const int = fc.oneof(
    fc.integer({ min: -5, max: 200 }),
    fc.constantFrom(0, -1, 2147483647, -2147483648, 1e12),
  );
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    uuid,
    'uuid[]': fc.array(uuid, { maxLength: 5 }),
    text,
    'text[]': fc.array(text, { maxLength: 5 }),
    integer: int,
    bigint: int,
    smallint: int,
    numeric: fc.oneof(int, fc.double({ noNaN: true })),
    boolean: fc.boolean(),
    jsonb: fc.oneof(fc.jsonValue(), text),
    json: fc.oneof(fc.jsonValue(), text),
    'timestamp with time zone': fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      text,
    ),
    date: fc.oneof(fc.constantFrom('2026-02-30', '1900-01-01'), text),
  };
  return fc.oneof(
    { arbitrary: byType[type] ?? wrong, weight: 4 },
    { arbitrary: wrong, weight: 1 },
  );
}

it('no RPC answers junk arguments with a 5xx, whoever calls it', async () => {
  const rpcs = await query<Rpc>(
    t,
    `select p.proname as name,
            coalesce((select json_agg(json_build_object('name', n, 'type', format_type(ty, null)) order by o)
                        from unnest(p.proargnames[1:p.pronargs], p.proargtypes::oid[])
                             with ordinality a(n, ty, o)), '[]') as args
       from pg_proc p join pg_namespace s on s.oid = p.pronamespace
      where s.nspname = 'public' and p.prokind = 'f'
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`,
  );
  expect(rpcs.length).toBeGreaterThan(80);
  const failures: string[] = [];
  let calls = 0;
  for (const rpc of rpcs) {
    const sets = fc.sample(
      fc.record(
        Object.fromEntries(rpc.args.map((a) => [a.name, junkFor(a.type)])),
      ),
      { seed: SEED, numRuns: SETS },
    );
    // The call with no arguments at all, too.
    for (const args of [{}, ...sets])
      for (const [who, token] of Object.entries(bearer)) {
        calls++;
        const res = await fetch(`${t.url}/rest/v1/rpc/${rpc.name}`, {
          method: 'POST',
          headers: {
            apikey: t.anonKey,
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(args),
        });
        const body = await res.text();
        if (res.status >= 500)
          failures.push(
            `${rpc.name}(${JSON.stringify(args)}) as ${who} → ${res.status} ${body.slice(0, 200)}`,
          );
      }
  }
  expect(calls).toBeGreaterThan(rpcs.length * 3);
  expect(failures).toEqual([]);
  // Still answering.
  const alive = await fetch(`${t.url}/rest/v1/badges?select=key&limit=1`, {
    headers: { apikey: t.anonKey },
  });
  expect(alive.status).toBe(200);
}, 300_000);
