import pg from 'pg';
import { openLanes } from './postgres-lanes.ts';
import {
  pipeline,
  type PipelineResult,
  type Step,
} from './postgres-pipeline.ts';
import { settingsStatement } from './settings.ts';
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

const parserOf = (oid: number) => typeParsers.getTypeParser(oid, 'text');

/** Rows of a pipeline's last statement, parsed as `wrap` parses them. */
function toResult<T>(r: PipelineResult): QueryResult<T> {
  const parsers = r.fields.map((f) => parserOf(f.dataTypeID));
  const rows = r.rows.map((values) => {
    const row: Record<string, unknown> = {};
    r.fields.forEach((f, k) => {
      const v = values[k] ?? null;
      row[f.name] = v === null ? null : parsers[k]!(v);
    });
    return row as T;
  });
  return {
    rows,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? rows.length,
  };
}

/** The role, settings and read-only mode of `options` as pipeline steps. */
function preamble(options: TxOptions): Step[] {
  const steps: Step[] = [];
  if (options.readOnly)
    steps.push({ text: 'set transaction read only', values: [] });
  const pre = settingsStatement(options);
  if (pre) steps.push({ text: pre.sql, values: pre.params });
  return steps;
}

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

/**
 * Pipelined connections for Db.statement (see postgres-lanes.ts);
 * PEEGA_PG_LANES=0 sends each on a pooled connection of its own instead.
 */
const lanesWanted = () => Number(process.env.PEEGA_PG_LANES ?? 4);

/** The refusal of a named statement whose table changed: safe to run again. */
const stalePlan = (e: unknown) =>
  (e as { code?: string }).code === '0A000' &&
  /cached plan/.test((e as Error).message);

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
  // Connections of their own for the one-statement request transactions,
  // pipelined (postgres-lanes.ts); two keep both of Postgres's cores busy
  // here while the pool stays free for transactions.
  const lanes = openLanes(url, lanesWanted(), lost);
  const listeners = new Map<string, Set<(p: string) => void>>();
  let listenClient: pg.PoolClient | undefined;

  const db: Db = {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn, options: TxOptions = {}) {
      const client = await pool.connect();
      const plain = wrap(client);
      // BEGIN, role and settings go out with the first statement, in one
      // round trip (or on their own before anything else).
      let begun = false;
      const begin = (): Step[] => {
        begun = true;
        return [{ text: 'begin', values: [] }, ...preamble(options)];
      };
      const tx: Queryable = {
        async query<T>(sql: string, params?: unknown[]) {
          if (begun) return plain.query<T>(sql, params);
          const values = params ?? [];
          if (!values.every((v) => v === null || typeof v === 'string')) {
            await pipeline(client, begin());
            return plain.query<T>(sql, params);
          }
          return toResult<T>(
            await pipeline(client, [
              ...begin(),
              {
                text: sql,
                values: values as (string | null)[],
                unnamed: true,
              },
            ]),
          );
        },
        async exec(sql: string) {
          if (!begun) await pipeline(client, begin());
          await plain.exec(sql);
        },
      };
      try {
        const result = await fn(tx);
        if (!begun) await pipeline(client, begin());
        await client.query('commit');
        return result;
      } catch (e) {
        if (begun) await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async statement<T>(
      sql: string,
      params: (string | null)[],
      options: TxOptions,
    ): Promise<QueryResult<T>> {
      // Role, settings, the statement and the implicit COMMIT of Sync: one
      // round trip instead of four (BEGIN, settings, statement, COMMIT).
      const steps = [...preamble(options), { text: sql, values: params }];
      const onLane = lanes.run(steps);
      if (onLane) {
        try {
          return toResult<T>(await onLane);
        } catch (e) {
          // The statements of this lane were forgotten and are parsed afresh:
          // nothing ran (the refusal comes before execution), so run it again.
          if (!stalePlan(e)) throw e;
          const again = lanes.run(steps);
          if (again) return toResult<T>(await again);
        }
      }
      const client = await pool.connect();
      let released = false;
      try {
        return toResult<T>(await pipeline(client, steps));
      } catch (e) {
        // A connection that broke mid-pipeline is not given back to the pool.
        if (!(e as { code?: unknown }).code) {
          released = true;
          client.release(e as Error);
        }
        throw e;
      } finally {
        if (!released) client.release();
      }
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
      await lanes.close();
      await pool.end();
    },
  };
  return db;
}
