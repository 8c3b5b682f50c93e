import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../integration/db/support.ts';
import { startWorld, type World } from '../../permissions/support.ts';
import { MATRIX_ROLES, type MatrixRole } from '../support.ts';
import { observeBucket } from './buckets.ts';
import { BUCKETS, REALTIME, RPCS, TABLES, cells } from './expectations.ts';
import type { Cell } from './cell.ts';
import {
  addFixtures,
  observeRpc,
  observeTable,
  rolesOf,
  type Fixtures,
  type Roles,
} from './observe.ts';
import { observeRealtime } from './realtime.ts';

// The access matrix: every table, RPC, bucket and realtime table of the live
// catalogue × role × operation, asserted through supabase-js against the
// declared expectations. Writes run with `Prefer: tx=rollback`, so they
// really pass policies, grants and triggers but leave nothing behind.
let w: World;
let f: Fixtures;
let roles: Roles;
beforeAll(async () => {
  // The one suite that may ask for `Prefer: tx=rollback` (demo-mode test
  // setting; the product's default ignores it).
  w = await startWorld({ PEEGA_DEMO: '1', PEEGA_ALLOW_TX_ROLLBACK: '1' });
  f = await addFixtures(w);
  roles = await rolesOf(w);
});
afterAll(() => w?.t.stop());

const names = async (sql: string) =>
  (await query<{ name: string }>(w.t, sql)).map((r) => r.name).sort();

const print = process.env.SEC_PRINT === '1';
const short: Record<Cell, string> = { allow: 'a', own: 'o', deny: 'd' };
const line = (row: Record<MatrixRole, Cell>) =>
  MATRIX_ROLES.map((r) => short[row[r]]).join(' ');

describe('the catalogue has an expectation for everything', () => {
  it('tables and views of public', async () => {
    expect(
      await names(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
      ),
    ).toEqual(Object.keys(TABLES).sort());
  });
  it('functions of public', async () => {
    expect(
      await names(
        `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f'
            and p.prorettype <> 'trigger'::regtype`,
      ),
    ).toEqual(Object.keys(RPCS).sort());
  });
  it('storage buckets', async () => {
    expect(await names('select id as name from storage.buckets')).toEqual(
      Object.keys(BUCKETS).sort(),
    );
  });
  it('realtime tables', async () => {
    expect(
      await names(
        `select tablename as name from pg_publication_tables
          where pubname = 'supabase_realtime' and schemaname = 'public'`,
      ),
    ).toEqual(Object.keys(REALTIME).sort());
  });
});

describe('tables', () => {
  for (const [table, spec] of Object.entries(TABLES)) {
    it(`${table}: select insert update delete`, async () => {
      const observed: Record<string, string> = {};
      for (const op of ['select', 'insert', 'update', 'delete'] as const) {
        const row = Object.fromEntries(
          await Promise.all(
            MATRIX_ROLES.map(async (role) => [
              role,
              await observeTable(w, f, roles, table, role, op, spec),
            ]),
          ),
        ) as Record<MatrixRole, Cell>;
        observed[op] = line(row);
      }
      if (print) console.log(table, JSON.stringify(observed));
      expect(observed).toEqual({
        select: line(cells(spec.select)),
        insert: line(cells(spec.insert)),
        update: line(cells(spec.update)),
        delete: line(cells(spec.delete)),
      });
    });
  }
});

describe('RPCs', () => {
  it('execute', async () => {
    const observed: Record<string, string> = {};
    for (const name of Object.keys(RPCS)) {
      const row = Object.fromEntries(
        await Promise.all(
          MATRIX_ROLES.map(async (role) => [
            role,
            await observeRpc(w, roles, name, role),
          ]),
        ),
      ) as Record<MatrixRole, Cell>;
      observed[name] = line(row);
    }
    if (print) console.log(JSON.stringify(observed, null, 1));
    expect(observed).toEqual(
      Object.fromEntries(
        Object.entries(RPCS).map(([n, c]) => [n, line(cells(c))]),
      ),
    );
  });
});

describe('buckets', () => {
  for (const [bucket, spec] of Object.entries(BUCKETS)) {
    it(`${bucket}: select insert delete`, async () => {
      const observed: Record<string, string> = {};
      for (const op of ['select', 'insert', 'delete'] as const) {
        const row = {} as Record<MatrixRole, Cell>;
        for (const role of MATRIX_ROLES) {
          row[role] = await observeBucket(w, roles, bucket, role, op);
        }
        observed[op] = line(row);
      }
      if (print) console.log(bucket, JSON.stringify(observed));
      expect(observed).toEqual({
        select: line(cells(spec.select)),
        insert: line(cells(spec.insert)),
        delete: line(cells(spec.delete)),
      });
    });
  }
});

describe('realtime', () => {
  it('postgres_changes reach exactly the expected roles', async () => {
    const observed = await observeRealtime(w, roles, Object.keys(REALTIME));
    const shown = Object.fromEntries(
      Object.entries(observed).map(([t, row]) => [t, line(row)]),
    );
    if (print) console.log(JSON.stringify(shown, null, 1));
    expect(shown).toEqual(
      Object.fromEntries(
        Object.entries(REALTIME).map(([t, c]) => [t, line(cells(c))]),
      ),
    );
  });
});
