// Issue #25: PostgREST's reload channel and its configuration. `NOTIFY pgrst`
// (empty or 'reload schema') re-reads the schema cache, so a migration applied
// while the backend runs is served at once; 'reload config' re-reads the
// in-database settings (`pgrst.db_schemas` on the authenticator role), which
// override the environment's (PGRST_DB_SCHEMAS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restConfigFromEnv } from '../../../supabase/local/rest/config.ts';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

const sql = (text: string) => h.backend.ctx.db.exec(text);

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Role settings are cluster-wide on PostgreSQL: set them for this test's
// database only, as `alter role … in database` does.
const roleSetting = (name: string, value: string | null) =>
  sql(`do $$ begin
         execute format(${
           value === null
             ? `'alter role authenticator in database %I reset ${name}', current_database()`
             : `'alter role authenticator in database %I set ${name} = %L', current_database(), '${value}'`
         });
       end $$;`);

describe("NOTIFY pgrst, 'reload schema'", () => {
  it('serves a table created while the backend runs once notified', async () => {
    await sql(`create table public.late_arrival (id int primary key, note text);
               grant select on public.late_arrival to anon;
               insert into public.late_arrival values (1, 'here');`);
    const before = await h.anon.from('late_arrival').select('note');
    expect(before.error?.code).toBe('PGRST205');
    await sql(`notify pgrst, 'reload schema'`);
    await eventually(
      async () =>
        (await h.anon.from('late_arrival').select('note')).data?.[0]?.note ===
        'here',
      'the new table in the schema cache',
    );
  });

  it('an empty payload reloads the schema cache too', async () => {
    await sql(`create table public.later_still (id int primary key);
               grant select on public.later_still to anon;`);
    await sql('notify pgrst');
    await eventually(
      async () => !(await h.anon.from('later_still').select('id')).error,
      'the table after an empty NOTIFY',
    );
  });

  it('ignores other payloads', async () => {
    await sql(`create table public.not_announced (id int primary key);
               grant select on public.not_announced to anon;`);
    await sql(`notify pgrst, 'something else'`);
    await new Promise((r) => setTimeout(r, 200));
    const res = await h.anon.from('not_announced').select('id');
    expect(res.error?.code).toBe('PGRST205');
  });
});

describe("NOTIFY pgrst, 'reload config'", () => {
  it('exposes the schemas of pgrst.db_schemas, and stops when it is reset', async () => {
    await sql(`create schema extra;
               grant usage on schema extra to anon;
               create table extra.things (id int primary key, name text);
               grant select on extra.things to anon;
               insert into extra.things values (1, 'thing');`);
    const refused = await h.anon.schema('extra').from('things').select('name');
    expect(refused.error?.code).toBe('PGRST106');
    expect(refused.error?.message).toBe('Invalid schema: extra');

    await roleSetting('pgrst.db_schemas', 'public, graphql_public, extra');
    await sql(`notify pgrst, 'reload config'`);
    await eventually(
      async () =>
        (await h.anon.schema('extra').from('things').select('name')).data?.[0]
          ?.name === 'thing',
      'the extra schema exposed',
    );
    // The default profile is still the first schema of the list.
    expect((await h.anon.from('todos').select('id')).error).toBeNull();

    await roleSetting('pgrst.db_schemas', null);
    await sql(`notify pgrst, 'reload config'`);
    await eventually(
      async () =>
        (await h.anon.schema('extra').from('things').select('name')).error
          ?.code === 'PGRST106',
      'the extra schema hidden again',
    );
  });
});

describe('PGRST_* settings from the environment', () => {
  it('reads db-schemas, aggregates and plans as PostgREST names them', () => {
    expect(restConfigFromEnv({})).toEqual({
      schemas: ['public', 'graphql_public'],
      aggregatesEnabled: false,
      planEnabled: false,
    });
    expect(
      restConfigFromEnv({
        PGRST_DB_SCHEMAS: ' api , public ',
        PGRST_DB_AGGREGATES_ENABLED: 'true',
        PGRST_DB_PLAN_ENABLED: 'on',
      }),
    ).toEqual({
      schemas: ['api', 'public'],
      aggregatesEnabled: true,
      planEnabled: true,
    });
  });
});

// Prefer: count=planned|estimated (Query.hs resultSetWTotal): the planner's
// row estimate of the count query; estimated keeps the exact count up to
// db-max-rows (1000 on Supabase) and takes the larger of both beyond it.
describe('planned and estimated counts', () => {
  const planRows = async (where: string) => {
    const { rows } = await h.backend.ctx.db.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) select 1 from public.numbered${where}`,
    );
    const doc = rows[0]!['QUERY PLAN'];
    const plan = (typeof doc === 'string' ? JSON.parse(doc) : doc) as {
      Plan: { 'Plan Rows': number };
    }[];
    return plan[0]!.Plan['Plan Rows'];
  };

  beforeAll(async () => {
    await sql(`create table public.numbered (n int primary key);
               grant select on public.numbered to anon;
               insert into public.numbered select g from generate_series(1, 2000) g;
               analyze public.numbered;
               notify pgrst, 'reload schema';`);
    await eventually(
      async () => !(await h.anon.from('numbered').select('n').limit(1)).error,
      'the numbered table',
    );
    // Stale statistics, so that the plan's estimate differs from the truth.
    await sql('delete from public.numbered where n > 1800');
  });

  it('planned is the EXPLAIN estimate, with 206 for a partial page', async () => {
    const res = await h.anon
      .from('numbered')
      .select('n', { count: 'planned' })
      .limit(10);
    expect(res.error).toBeNull();
    expect(res.status).toBe(206);
    expect(res.count).toBe(await planRows(''));
    expect(res.count).toBe(2000);
    const exact = await h.anon
      .from('numbered')
      .select('n', { count: 'exact' })
      .limit(10);
    expect(exact.count).toBe(1800);
  });

  it('planned applies the filters', async () => {
    const res = await h.anon
      .from('numbered')
      .select('n', { count: 'planned', head: true })
      .gt('n', 1500);
    expect(res.count).toBe(await planRows(' where n > 1500'));
  });

  it('estimated is exact up to db-max-rows and the larger of both beyond', async () => {
    const few = await h.anon
      .from('numbered')
      .select('n', { count: 'estimated', head: true })
      .gt('n', 1500);
    expect(few.count).toBe(300);
    const many = await h.anon
      .from('numbered')
      .select('n', { count: 'estimated', head: true });
    expect(many.count).toBe(2000);
  });
});

// Execution plans: `.explain()` of supabase-js, off by default as in
// PostgREST (406 PGRST107), on with pgrst.db_plan_enabled.
describe('EXPLAIN through Accept: application/vnd.pgrst.plan', () => {
  it('is refused while db-plan-enabled is off', async () => {
    const res = await h.anon.from('todos').select('id').explain();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST107');
    expect(res.error?.message).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    );
  });

  it('answers the plan of the request as JSON or text once enabled', async () => {
    await roleSetting('pgrst.db_plan_enabled', 'true');
    await sql(`notify pgrst, 'reload config'`);
    await eventually(
      async () =>
        (await h.anon.from('todos').select('id').explain()).status === 200,
      'plans enabled',
    );
    const json = await h.anon
      .from('todos')
      .select('id, task')
      .eq('id', 1)
      .explain({ format: 'json', analyze: true, verbose: true });
    expect(json.error).toBeNull();
    const doc = json.data as unknown as {
      Plan: { 'Node Type': string; 'Actual Rows'?: number };
    }[];
    expect(doc[0]!.Plan['Node Type']).toBeTruthy();
    // analyze ran it: actual figures are there.
    expect(doc[0]!.Plan['Actual Rows']).toBeTypeOf('number');

    const raw = await h.http('/todos?select=id', {
      headers: {
        accept: 'application/vnd.pgrst.plan+text; for="application/json"',
      },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    );
    expect(raw.text).toMatch(/cost=\d/);
    await roleSetting('pgrst.db_plan_enabled', null);
    await sql(`notify pgrst, 'reload config'`);
  });
});
