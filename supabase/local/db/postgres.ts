import pg from 'pg';
import { applyTxOptions } from './settings.ts';
import type { Db, Queryable, QueryResult, TxOptions } from './types.ts';

// Match PGlite: int8 and count(*) come back as numbers (exact below 2^53), not strings.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) {
      return (v: string) => {
        const n = Number(v);
        return Number.isSafeInteger(n) ? n : v;
      };
    }
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await client.query({
        text: sql,
        values: params,
        types: typeParsers,
      });
      return {
        rows: r.rows as T[],
        fields: r.fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        })),
        affectedRows: r.rowCount ?? r.rows.length,
      };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** Connects to a real Postgres through a pool sized for a small server. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped connection (server restart, `drop database … with (force)`)
  // is emitted here; unhandled, node-postgres would crash the process.
  const lost = (e: Error) =>
    console.error('[peega] PostgreSQL connection lost:', e.message);
  pool.on('error', lost);
  const base = wrap(pool);
  await base.query('select 1');
  const listeners = new Map<string, Set<(p: string) => void>>();
  let listenClient: pg.PoolClient | undefined;

  const db: Db = {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn, options: TxOptions = {}) {
      const client = await pool.connect();
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const tx = wrap(client);
        await applyTxOptions(tx, options);
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    statement<T>(sql: string, params: (string | null)[], options: TxOptions) {
      return db.transaction((tx) => tx.query<T>(sql, params), options);
    },
    async listen(channel, onPayload) {
      if (!listenClient) {
        listenClient = await pool.connect();
        listenClient.on('error', lost);
        listenClient.on('notification', (msg) => {
          for (const cb of listeners.get(msg.channel) ?? [])
            cb(msg.payload ?? '');
        });
      }
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      listenClient?.release();
      await pool.end();
    },
  };
  return db;
}
