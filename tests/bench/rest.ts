// REST overhead on each database (PGlite, and PostgreSQL where DATABASE_URL is
// set): supabase-js selects through /rest/v1 against the same query sent
// straight to ctx.db, plus the floor of an empty HTTP round trip on loopback.
// Ratio = REST ÷ (direct SQL + empty round trip), all measured interleaved in
// one run so that noise from the rest of the machine falls on each alike; the
// denominator is measured as one operation (the empty round trip, then the
// SQL) and, for reference, as the sum of the two medians.
// Then throughput: many concurrent keep-alive clients doing the simple
// authenticated read: issue #25 asks for 8,000 req/s on this 2-core machine
// (PostgREST itself: 2,585 req/s on 2 vCPUs). The machine's load average is
// noted with the figure: other work on the same cores moves it a lot.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { load } from './load.ts';
import { SMOKE, measureInterleaved, rounds } from './measure.ts';
import type { BenchResult } from './types.ts';

const ALICE = '11111111-1111-1111-1111-111111111111';
const CONNECTIONS = 50;
// Issue #25: ≤ 1.2 on PostgreSQL (was 1.3); PGlite keeps 1.5.
const TARGET = { pglite: 1.5, postgres: 1.2 } as const;
const MIN_RPS = 8000;

// What /rest/v1 runs for the two supabase-js calls below (see sql-builder.ts).
const SIMPLE_SQL = `WITH pgrst_source AS ( SELECT "public"."messages"."id", "public"."messages"."message", "public"."messages"."username" FROM "public"."messages" WHERE "public"."messages"."channel_id" = $1 LIMIT $2 OFFSET $3 ) SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
const EMBED_SQL = `WITH pgrst_source AS ( SELECT "public"."users"."username", COALESCE( "users_messages_1"."users_messages_1", '[]') AS "messages" FROM "public"."users" LEFT JOIN LATERAL ( SELECT json_agg("users_messages_1")::jsonb AS "users_messages_1" FROM (SELECT "messages_1"."id", "messages_1"."message" FROM "public"."messages" AS "messages_1" WHERE "messages_1"."username" = "public"."users"."username" LIMIT $2 OFFSET $3 ) AS "users_messages_1" ) AS "users_messages_1" ON TRUE WHERE "public"."users"."username" = $1 LIMIT $4 OFFSET $5 ) SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
// The request supabase-js sends for the simple select.
const SIMPLE_PATH =
  '/rest/v1/messages?select=id%2Cmessage%2Cusername&channel_id=eq.1';

async function emptyServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': '2',
    });
    res.end('[]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** A backend on PGlite in memory, or on a fresh database of DATABASE_URL. */
async function backendOn(kind: 'pglite' | 'postgres'): Promise<TestBackend> {
  const migrationsDir = fileURLToPath(
    new URL('../fixtures/rest', import.meta.url),
  );
  if (kind === 'postgres') return startTestBackend({ migrationsDir });
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    return await startTestBackend({ migrationsDir });
  } finally {
    if (url !== undefined) process.env.DATABASE_URL = url;
  }
}

const clientOptions = (headers: Record<string, string>) => ({
  auth: { persistSession: false, autoRefreshToken: false },
  global: { headers },
  realtime: { transport: WebSocket as never },
});

/** CPU time (ms) the Postgres backends `pids` have used, from /proc (Linux). */
function backendCpuMs(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number(
        readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0],
      );
    } catch {
      // The backend is gone or /proc is not there: counted as nothing.
    }
  }
  return ns / 1e6;
}

/**
 * CPU time per call of each operation (this process, plus the database's
 * backends on PostgreSQL): unlike wall time, it hardly depends on what else
 * the machine is running.
 */
async function cpuPerCall<K extends string>(
  ops: Record<K, () => Promise<unknown>>,
  pids: number[],
  calls = rounds(300, 3),
): Promise<Record<K, { node: number; db: number }>> {
  const keys = Object.keys(ops) as K[];
  const sums = new Map(keys.map((k) => [k, { node: 0, db: 0 }]));
  for (let i = 0; i < calls; i++) {
    for (const k of keys) {
      const d0 = backendCpuMs(pids);
      const c0 = process.cpuUsage();
      await ops[k]();
      const c = process.cpuUsage(c0);
      const d = backendCpuMs(pids) - d0;
      const sum = sums.get(k);
      if (sum) {
        sum.node += (c.user + c.system) / 1000;
        sum.db += d;
      }
    }
  }
  const out = {} as Record<K, { node: number; db: number }>;
  for (const k of keys) {
    const sum = sums.get(k) ?? { node: 0, db: 0 };
    out[k] = { node: (sum.node / calls) * 1000, db: (sum.db / calls) * 1000 };
  }
  return out;
}

const check = (r: { error: unknown }) => {
  if (r.error) throw new Error(JSON.stringify(r.error));
};

async function benchOn(
  kind: 'pglite' | 'postgres',
  floorUrl: string,
): Promise<{ latency: BenchResult[]; throughput: BenchResult }> {
  const backend = await backendOn(kind);
  try {
    const token = await backend.ctx.jwt.sign(
      { sub: ALICE, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    const auth = { Authorization: `Bearer ${token}` };
    const client = createClient(
      backend.url,
      backend.anonKey,
      clientOptions(auth),
    );
    const emptyClient = createClient(
      floorUrl,
      backend.anonKey,
      clientOptions(auth),
    );
    const db = backend.ctx.db;
    const sqlSimple = () => db.query(SIMPLE_SQL, ['1', '1000', '0']);
    const sqlEmbed = () =>
      db.query(EMBED_SQL, ['supabot', '1000', '0', '1000', '0']);
    const emptyFetch = async () =>
      (await fetch(`${floorUrl}rest/v1/messages`)).text();
    const restSimple = async () =>
      check(
        await client
          .from('messages')
          .select('id, message, username')
          .eq('channel_id', 1),
      );
    const restEmbed = async () =>
      check(
        await client
          .from('users')
          .select('username, messages(id, message)')
          .eq('username', 'supabot'),
      );
    const r = await measureInterleaved(
      {
        simple: {
          name: `${kind}: REST simple authenticated select (supabase-js)`,
          fn: restSimple,
        },
        embed: {
          name: `${kind}: REST embedded select (supabase-js)`,
          fn: restEmbed,
        },
        sqlSimple: {
          name: `${kind}: SQL of the simple select on ctx.db`,
          fn: sqlSimple,
        },
        sqlEmbed: {
          name: `${kind}: SQL of the embedded select on ctx.db`,
          fn: sqlEmbed,
        },
        fetchFloor: {
          name: `${kind} run: empty round trip (fetch → node:http)`,
          fn: emptyFetch,
        },
        jsFloor: {
          name: `${kind} run: empty round trip (supabase-js → node:http)`,
          fn: async () =>
            check(await emptyClient.from('messages').select('id')),
        },
        // The sum of the two, done back to back: on a loaded machine a
        // database round trip right after HTTP I/O waits longer for the CPU
        // than one in a tight loop, and a REST request is exactly that.
        pairSimple: {
          name: `${kind}: empty round trip (fetch) then simple SQL`,
          fn: async () => {
            await emptyFetch();
            await sqlSimple();
          },
        },
        pairEmbed: {
          name: `${kind}: empty round trip (fetch) then embedded SQL`,
          fn: async () => {
            await emptyFetch();
            await sqlEmbed();
          },
        },
      },
      SMOKE ? { warmup: 2, iterations: 3 } : undefined,
    );
    const target = TARGET[kind];
    const judge = (rest: BenchResult, sql: BenchResult, pair: BenchResult) => {
      const sum = rest.median_ms / (sql.median_ms + r.fetchFloor.median_ms);
      const js = rest.median_ms / (sql.median_ms + r.jsFloor.median_ms);
      const paired = rest.median_ms / pair.median_ms;
      rest.ratio = Math.round(paired * 100) / 100;
      rest.target = { ratio: target };
      rest.notes =
        `ratio: REST ÷ (empty fetch then SQL, back to back), target ≤ ${target} ${paired <= target ? 'met' : 'NOT met'}` +
        ` | ÷ sum of medians: SQL + fetch ${sum.toFixed(2)}, SQL + supabase-js ${js.toFixed(2)}`;
    };
    judge(r.simple, r.sqlSimple, r.pairSimple);
    judge(r.embed, r.sqlEmbed, r.pairEmbed);

    const pids =
      kind === 'postgres'
        ? (
            await db.query<{ pid: number }>(
              'select pid from pg_stat_activity where datname = current_database()',
            )
          ).rows.map((row) => row.pid)
        : [];
    const cpu = await cpuPerCall(
      {
        restSimple,
        restEmbed,
        sqlSimple,
        sqlEmbed,
        emptyFetch,
      },
      pids,
    );
    const total = (c: { node: number; db: number }) => c.node + c.db;
    const cpuNote = (
      rest: BenchResult,
      restCpu: { node: number; db: number },
      sqlCpu: { node: number; db: number },
    ) => {
      const ratio = total(restCpu) / (total(sqlCpu) + total(cpu.emptyFetch));
      rest.notes +=
        ` | CPU µs/request: REST ${Math.round(restCpu.node)} node + ${Math.round(restCpu.db)} db` +
        ` ÷ (SQL ${Math.round(total(sqlCpu))} + empty fetch ${Math.round(total(cpu.emptyFetch))}) = ${ratio.toFixed(2)}`;
    };
    cpuNote(r.simple, cpu.restSimple, cpu.sqlSimple);
    cpuNote(r.embed, cpu.restEmbed, cpu.sqlEmbed);
    r.sqlSimple.notes = 'as superuser, no transaction, no settings';

    const loadBefore = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    const loaded = await load({
      url: backend.url + SIMPLE_PATH,
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        'Accept-Profile': 'public',
        'X-Client-Info': 'supabase-js-node/2',
      },
      connections: CONNECTIONS,
      warmupMs: SMOKE ? 100 : 1000,
      durationMs: SMOKE ? 300 : 5000,
    });
    if (loaded.errors > 0)
      throw new Error(`${loaded.errors} failed requests under load`);
    const throughput: BenchResult = {
      name: `${kind}: REST simple select, ${CONNECTIONS} concurrent clients`,
      median_ms: loaded.median_ms,
      p95_ms: loaded.p95_ms,
      rps: loaded.rps,
      ...(kind === 'postgres' && {
        value: loaded.rps,
        unit: 'req/s',
        target: { min: MIN_RPS },
      }),
      notes:
        (kind === 'postgres'
          ? `req/s, target ≥ ${MIN_RPS} (PostgREST: 2585, p95 6.65 ms): ${loaded.rps >= MIN_RPS ? 'met' : 'NOT met'}`
          : 'req/s (no target on PGlite: one Postgres process in WebAssembly)') +
        ` | load average before the run ${loadBefore}`,
    };
    return {
      latency: [
        r.simple,
        r.embed,
        r.sqlSimple,
        r.sqlEmbed,
        r.fetchFloor,
        r.jsFloor,
        r.pairSimple,
        r.pairEmbed,
      ],
      throughput,
    };
  } finally {
    await backend.stop();
  }
}

export async function benchRest(): Promise<BenchResult[]> {
  const floor = await emptyServer();
  try {
    const kinds = process.env.DATABASE_URL
      ? (['pglite', 'postgres'] as const)
      : (['pglite'] as const);
    const out: BenchResult[] = [];
    const loads: BenchResult[] = [];
    for (const kind of kinds) {
      const { latency, throughput } = await benchOn(kind, floor.url);
      out.push(...latency);
      loads.push(throughput);
    }
    // The same loader against the empty server: the most any HTTP API could do here.
    const empty = await load({
      url: `${floor.url}rest/v1/messages`,
      headers: {},
      connections: CONNECTIONS,
      warmupMs: SMOKE ? 100 : 500,
      durationMs: SMOKE ? 300 : 3000,
    });
    loads.push({
      name: `http: empty server, ${CONNECTIONS} concurrent clients`,
      median_ms: empty.median_ms,
      p95_ms: empty.p95_ms,
      rps: empty.rps,
      notes: 'req/s ceiling of this loader and machine',
    });
    return [...out, ...loads];
  } finally {
    await floor.close();
  }
}
