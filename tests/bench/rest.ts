// REST overhead on one database: supabase-js selects through /rest/v1 against
// the same query sent straight to ctx.db, plus the floor of an empty HTTP
// round trip on loopback. Ratio = REST ÷ (direct SQL + empty round trip).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestBackend } from '../support/backend.ts';
import { measure, rounds } from './measure.ts';
import type { BenchResult } from './types.ts';

const ALICE = '11111111-1111-1111-1111-111111111111';

// What PostgREST runs for the two supabase-js calls below (see sql-builder.ts).
const SIMPLE_SQL = `WITH pgrst_source AS ( SELECT "public"."messages"."id", "public"."messages"."message", "public"."messages"."username" FROM "public"."messages" WHERE "public"."messages"."channel_id" = $1 LIMIT $2 OFFSET $3 ) SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
const EMBED_SQL = `WITH pgrst_source AS ( SELECT "public"."users"."username", COALESCE( "users_messages_1"."users_messages_1", '[]') AS "messages" FROM "public"."users" LEFT JOIN LATERAL ( SELECT json_agg("users_messages_1")::jsonb AS "users_messages_1" FROM (SELECT "messages_1"."id", "messages_1"."message" FROM "public"."messages" AS "messages_1" WHERE "messages_1"."username" = "public"."users"."username" LIMIT $1 OFFSET $2 ) AS "users_messages_1" ) AS "users_messages_1" ON TRUE WHERE "public"."users"."username" = $3 LIMIT $4 OFFSET $5 ) SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]')::text AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;

async function emptyServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((r) => server.close(r)),
  };
}

export async function benchRest(): Promise<BenchResult[]> {
  const backend = await startTestBackend({
    migrationsDir: fileURLToPath(new URL('../fixtures/rest', import.meta.url)),
  });
  const floor = await emptyServer();
  try {
    const token = await backend.ctx.jwt.sign(
      { sub: ALICE, role: 'authenticated', aud: 'authenticated' },
      3600,
    );
    const options = (headers: Record<string, string>) => ({
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers },
      realtime: { transport: WebSocket as never },
    });
    const auth = { Authorization: `Bearer ${token}` };
    const client = createClient(backend.url, backend.anonKey, options(auth));
    const emptyClient = createClient(floor.url, backend.anonKey, options(auth));
    const db = backend.ctx.db;
    const check = (r: { error: unknown }) => {
      if (r.error) throw new Error(JSON.stringify(r.error));
    };
    const ops = {
      simple: async () =>
        check(
          await client
            .from('messages')
            .select('id, message, username')
            .eq('channel_id', 1),
        ),
      embed: async () =>
        check(
          await client
            .from('users')
            .select('username, messages(id, message)')
            .eq('username', 'supabot'),
        ),
      sqlSimple: () => db.query(SIMPLE_SQL, ['1', '1000', '0']),
      sqlEmbed: () =>
        db.query(EMBED_SQL, ['1000', '0', 'supabot', '1000', '0']),
      fetchFloor: async () =>
        (await fetch(`${floor.url}rest/v1/messages`)).text(),
      jsFloor: async () =>
        check(await emptyClient.from('messages').select('id')),
    };
    // Warm every path first so the order of measurement does not matter.
    for (const op of Object.values(ops))
      for (let i = 0; i < rounds(100); i++) await op();

    const simple = await measure(
      'rest: authenticated select (supabase-js)',
      ops.simple,
    );
    const embed = await measure(
      'rest: embedded select (supabase-js)',
      ops.embed,
    );
    const sqlSimple = await measure(
      'sql: same select on ctx.db',
      ops.sqlSimple,
    );
    const sqlEmbed = await measure(
      'sql: same embedded select on ctx.db',
      ops.sqlEmbed,
    );
    const empty = await measure(
      'http: empty round trip (fetch → node:http)',
      ops.fetchFloor,
    );
    const emptyJs = await measure(
      'http: empty round trip (supabase-js → node:http)',
      ops.jsFloor,
    );

    const ratio = (rest: BenchResult, sql: BenchResult, floorMs: number) =>
      (rest.median_ms / (sql.median_ms + floorMs)).toFixed(2);
    for (const [r, sql] of [
      [simple, sqlSimple],
      [embed, sqlEmbed],
    ] as const) {
      r.notes =
        `${db.kind}: REST ÷ (SQL + fetch floor) = ${ratio(r, sql, empty.median_ms)}; ` +
        `REST ÷ (SQL + supabase-js floor) = ${ratio(r, sql, emptyJs.median_ms)}`;
      r.ratio = Number(ratio(r, sql, empty.median_ms));
      r.target = { ratio: db.kind === 'postgres' ? 1.3 : 1.5 };
    }
    sqlSimple.notes =
      'the statement /rest/v1 runs, as superuser, no transaction';
    return [simple, embed, sqlSimple, sqlEmbed, empty, emptyJs];
  } finally {
    await floor.close();
    await backend.stop();
  }
}
