import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, TxOptions } from '../../../supabase/local/db/types.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

// Many request transactions at once (issue #25). On PostgreSQL they share a
// few pipelined connections: one turn's requests leave in one write, each
// ended by its own Sync. Each must still be a transaction of its own: its
// role and claims seen by it alone, its failure failing it alone.
let t: TestBackend;
let db: Db;
beforeAll(async () => {
  t = await startTestBackend({
    migrationsDir: fileURLToPath(
      new URL('../../fixtures/rest', import.meta.url),
    ),
  });
  db = t.ctx.db;
});
afterAll(() => t?.stop());

const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';
const CAROL = '33333333-3333-3333-3333-333333333333';
const as = (sub: string | null, extra: Record<string, string> = {}) =>
  ({
    role: sub ? 'authenticated' : 'anon',
    settings: {
      'request.jwt.claims': JSON.stringify(
        sub ? { sub, role: 'authenticated' } : { role: 'anon' },
      ),
      ...extra,
    },
  }) satisfies TxOptions;

const WHO =
  "select current_user::text as who, current_setting('request.jwt.claims', true) as claims, auth.uid()::text as uid";
const TODOS =
  "select coalesce(string_agg(task, ',' order by task), '') as tasks from public.todos";
const LEFT =
  "select coalesce(current_setting('request.jwt.claims', true), '') as claims, coalesce(current_setting('request.method', true), '') as m, current_setting('transaction_read_only') as ro";
const SEES: Record<string, string> = {
  [ALICE]: 'alice private,alice public',
  [BOB]: 'alice public,bob private',
  [CAROL]: 'alice public',
  anon: 'alice public',
};
const users = [ALICE, BOB, null, CAROL];

describe(`concurrent request transactions on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('interleaved users each see their own claims and RLS rows, one failure in the middle', async () => {
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 50 }, (_, i) => {
        const sub = users[i % users.length]!;
        if (i === 25)
          return db.statement('select $1::int as n', ['x'], as(sub));
        // No role, no settings: nothing of another request may show here.
        if (i % 5 === 4) return db.statement(LEFT, [], {});
        return i % 2
          ? db.statement<{ who: string; claims: string; uid: string | null }>(
              WHO,
              [],
              as(sub, { 'request.method': `GET ${i}` }),
            )
          : db.statement<{ tasks: string }>(TODOS, [], as(sub));
      });
      const settled = await Promise.allSettled(calls);
      settled.forEach((s, i) => {
        const sub = users[i % users.length]!;
        if (i === 25) {
          expect(s).toMatchObject({
            status: 'rejected',
            reason: { code: '22P02' },
          });
          return;
        }
        expect(s.status).toBe('fulfilled');
        const row = (s as PromiseFulfilledResult<{ rows: unknown[] }>).value
          .rows[0];
        if (i % 5 === 4) expect(row).toEqual({ claims: '', m: '', ro: 'off' });
        else if (i % 2)
          expect(row).toEqual({
            who: sub ? 'authenticated' : 'anon',
            claims: as(sub).settings['request.jwt.claims'],
            uid: sub,
          });
        else expect(row).toEqual({ tasks: SEES[sub ?? 'anon'] });
      });
    }
    // Nothing of theirs is left on the connections afterwards.
    for (let i = 0; i < 12; i++) {
      const r = await db.query<{ claims: string | null; m: string | null }>(
        "select current_setting('request.jwt.claims', true) as claims, current_setting('request.method', true) as m",
      );
      expect(r.rows[0]?.claims ?? '').toBe('');
      expect(r.rows[0]?.m ?? '').toBe('');
    }
  });

  it('a request whose settings fail does not take a statement it never parsed from the others', async () => {
    for (let round = 0; round < 5; round++) {
      // A text no connection has parsed yet, first sent by a request that
      // fails before its Parse runs (its role does not exist).
      const sql = `select $1::int + ${round} as n, current_user::text as who`;
      const calls = [
        db.statement(sql, ['1'], { role: 'no_such_role' }),
        ...Array.from({ length: 30 }, (_, i) =>
          db.statement<{ n: number; who: string }>(sql, [String(i)], as(BOB)),
        ),
      ];
      const [bad, ...good] = await Promise.allSettled(calls);
      expect(bad).toMatchObject({
        status: 'rejected',
        reason: { code: '22023' },
      });
      good.forEach((s, i) =>
        expect(s).toEqual({
          status: 'fulfilled',
          value: expect.objectContaining({
            rows: [{ n: i + round, who: 'authenticated' }],
          }),
        }),
      );
    }
  });

  // PGlite in WebAssembly has no timer to cancel a running statement.
  it.skipIf(!process.env.DATABASE_URL)(
    'a statement cancelled by its statement_timeout fails alone, the others answer',
    async () => {
      const slow = db.statement('select pg_sleep(5)', [], {
        ...as(ALICE),
        settings: { ...as(ALICE).settings, statement_timeout: '200' },
      });
      const others = Array.from({ length: 40 }, (_, i) =>
        db.statement<{ tasks: string }>(TODOS, [], as(users[i % 4]!)),
      );
      const started = Date.now();
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      const rows = await Promise.all(others);
      rows.forEach((r, i) =>
        expect(r.rows[0]?.tasks).toBe(SEES[users[i % 4] ?? 'anon']),
      );
      expect(Date.now() - started).toBeLessThan(4000);
    },
  );

  it('a transaction that failed mid-way leaves nothing open for the next ones', async () => {
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 3
        ? db.statement(
            "update public.todos set task = 'x' where id = $1",
            ['1'],
            { ...as(ALICE), settings: { transaction_read_only: 'on' } },
          )
        : db.statement<{ one: number; ro: string }>(
            "select 1 as one, current_setting('transaction_read_only') as ro",
            [],
            as(BOB),
          ),
    );
    const settled = await Promise.allSettled(calls);
    settled.forEach((s, i) => {
      if (i % 10 === 3)
        expect(s).toMatchObject({
          status: 'rejected',
          reason: { code: '25006' },
        });
      else
        expect(s).toMatchObject({
          status: 'fulfilled',
          value: { rows: [{ one: 1, ro: 'off' }] },
        });
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'connections killed under it are replaced, and requests answer again',
    async () => {
      await Promise.all(
        Array.from({ length: 30 }, () => db.statement(TODOS, [], as(BOB))),
      );
      await db.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      // A request on a killed connection fails (as on a pooled one); the
      // lane is dropped and opened again, so soon they all answer again.
      let ok = false;
      for (let i = 0; i < 50 && !ok; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const settled = await Promise.allSettled(
          Array.from({ length: 20 }, (_, k) =>
            db.statement<{ tasks: string }>(TODOS, [], as(users[k % 4]!)),
          ),
        );
        ok = settled.every(
          (s, k) =>
            s.status === 'fulfilled' &&
            s.value.rows[0]?.tasks === SEES[users[k % 4] ?? 'anon'],
        );
      }
      expect(ok).toBe(true);
    },
  );
});
