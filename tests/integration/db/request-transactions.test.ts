import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, TxOptions } from '../../../supabase/local/db/types.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

// The request-shaped calls of the database layer (on PostgreSQL: role,
// settings, statement and commit pipelined in one round trip, with named
// statements per connection) keep a transaction's semantics: settings are
// local to it, errors roll it back and leave the connection usable, and a
// statement that failed once runs again.
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
const asAlice: TxOptions = {
  role: 'authenticated',
  settings: {
    'request.jwt.claims': JSON.stringify({ sub: ALICE, role: 'authenticated' }),
    'request.method': 'GET',
  },
};
const WHO =
  "select current_user::text as who, current_setting('request.jwt.claims', true) as claims, current_setting('request.method', true) as method";

describe(`db.statement on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs as the role with the settings, and they end with it', async () => {
    const r = await db.statement<{
      who: string;
      claims: string;
      method: string;
    }>(WHO, [], asAlice);
    expect(r.rows).toEqual([
      {
        who: 'authenticated',
        claims: JSON.stringify({ sub: ALICE, role: 'authenticated' }),
        method: 'GET',
      },
    ]);
    for (let i = 0; i < 12; i++) {
      const after = await db.query<{ who: string; claims: string | null }>(WHO);
      expect(after.rows[0]?.who).not.toBe('authenticated');
      expect(after.rows[0]?.claims ?? '').toBe('');
    }
  });

  it('binds parameters as values, text or null', async () => {
    const r = await db.statement<{ a: string; b: string | null; n: number }>(
      'select $1::text as a, $2::text as b, count(*)::int8 as n from public.messages where channel_id = $3',
      ["it's ; drop table x", null, '1'],
      asAlice,
    );
    expect(r.rows[0]?.a).toBe("it's ; drop table x");
    expect(r.rows[0]?.b).toBeNull();
    expect(typeof r.rows[0]?.n).toBe('number');
  });

  it('a statement that failed (at parse or at run time) runs again, and so do others', async () => {
    const bad = 'select 1 from public.no_such_table where id = $1';
    for (let i = 0; i < 3; i++)
      await expect(db.statement(bad, ['1'], asAlice)).rejects.toMatchObject({
        code: '42P01',
      });
    const cast = 'select $1::int as n';
    await expect(db.statement(cast, ['x'], asAlice)).rejects.toMatchObject({
      code: '22P02',
    });
    for (let i = 0; i < 12; i++)
      expect((await db.statement(cast, [String(i)], asAlice)).rows).toEqual([
        { n: i },
      ]);
    expect((await db.statement(WHO, [], asAlice)).rows[0]?.who).toBe(
      'authenticated',
    );
  });

  it('a bad role fails the request and nothing else', async () => {
    await expect(
      db.statement('select 1 as one', [], { role: 'no_such_role' }),
    ).rejects.toMatchObject({ code: '22023' });
    expect((await db.statement('select 1 as one', [], asAlice)).rows).toEqual([
      { one: 1 },
    ]);
  });

  it('read-only settings refuse writes', async () => {
    await expect(
      db.statement(
        "update public.messages set message = 'x' where id = $1",
        ['1'],
        { role: 'service_role', settings: { transaction_read_only: 'on' } },
      ),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('many distinct statements still answer right', async () => {
    for (let i = 0; i < 260; i++) {
      const r = await db.statement<{ n: number }>(
        `select ${i}::int + $1::int as n`,
        ['1'],
        asAlice,
      );
      expect(r.rows[0]?.n).toBe(i + 1);
    }
  });

  it('the same statement again, on every connection, keeps its columns and types', async () => {
    // After its first run a connection no longer asks Postgres to describe
    // the statement: the columns (and the int8 → number parsing) must stay.
    const sql =
      'select $1::int8 as n, $2::text as t, $3::jsonb as j, current_user::text as who';
    for (let round = 0; round < 4; round++) {
      const all = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          db.statement(sql, [String(i), `t${i}`, '{"a":1}'], asAlice),
        ),
      );
      all.forEach((r, i) => {
        expect(r.rows).toEqual([
          { n: i, t: `t${i}`, j: { a: 1 }, who: 'authenticated' },
        ]);
        expect(r.fields.map((f) => f.name)).toEqual(['n', 't', 'j', 'who']);
      });
    }
  });

  it('a statement whose table changed its columns answers again after one refusal', async () => {
    await db.exec(
      'create table public.reshaped (a int); insert into public.reshaped values (1); grant select on public.reshaped to authenticated',
    );
    const sql = 'select a from public.reshaped';
    // On every pooled connection, so each has it parsed under a name.
    await Promise.all(
      Array.from({ length: 12 }, () => db.statement(sql, [], asAlice)),
    );
    await db.exec('alter table public.reshaped alter column a type text');
    let answered: unknown;
    for (let i = 0; i < 40 && answered === undefined; i++) {
      try {
        answered = (await db.statement(sql, [], asAlice)).rows;
      } catch (e) {
        // Postgres's refusal of the old plan, once per connection at most.
        expect(e).toMatchObject({ code: '0A000' });
      }
    }
    expect(answered).toEqual([{ a: '1' }]);
    for (let i = 0; i < 5; i++)
      expect((await db.statement(sql, [], asAlice)).rows).toEqual([{ a: '1' }]);
  });

  it('settings whose names are not plain identifiers still apply', async () => {
    const r = await db.statement<{ odd: string; method: string }>(
      "select current_setting('my.name$1', true) as odd, current_setting('request.method', true) as method",
      [],
      { ...asAlice, settings: { ...asAlice.settings, 'my.name$1': "it's" } },
    );
    expect(r.rows).toEqual([{ odd: "it's", method: 'GET' }]);
  });
});

describe('db.transaction', () => {
  it('applies role and settings before the first statement, and counts affected rows', async () => {
    const r = await db.transaction(
      async (tx) => {
        const who = await tx.query<{ who: string; method: string }>(WHO);
        const upd = await tx.query(
          'update public.messages set message = message where channel_id = $1',
          ['1'],
        );
        return { who: who.rows[0], affected: upd.affectedRows };
      },
      { role: 'service_role', settings: { 'request.method': 'PATCH' } },
    );
    expect(r.who).toMatchObject({ who: 'service_role', method: 'PATCH' });
    const n = await db.query<{ n: number }>(
      'select count(*) as n from public.messages where channel_id = 1',
    );
    expect(r.affected).toBe(n.rows[0]?.n);
  });

  it('the first statement alone reports its own row count', async () => {
    const affected = await db.transaction(
      async (tx) =>
        (
          await tx.query(
            'update public.messages set message = message where id = $1',
            ['-1'],
          )
        ).affectedRows,
      asAlice,
    );
    expect(affected).toBe(0);
  });

  it('rolls back when the function throws, even after its first statement', async () => {
    const before = await db.query<{ m: string }>(
      'select message as m from public.messages where id = 1',
    );
    await expect(
      db.transaction(
        async (tx) => {
          await tx.query(
            "update public.messages set message = 'changed' where id = $1",
            ['1'],
          );
          throw new Error('no');
        },
        { role: 'service_role' },
      ),
    ).rejects.toThrow('no');
    const after = await db.query<{ m: string }>(
      'select message as m from public.messages where id = 1',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('takes non-text parameters and a transaction with no statement', async () => {
    const r = await db.transaction(
      (tx) =>
        tx.query<{ n: number; j: { a: number } }>(
          'select $1::int as n, $2::jsonb as j',
          [7, { a: 1 }],
        ),
      asAlice,
    );
    expect(r.rows).toEqual([{ n: 7, j: { a: 1 } }]);
    await expect(db.transaction(async () => 'none', asAlice)).resolves.toBe(
      'none',
    );
  });
});
