import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { applyTxOptions } from './settings.ts';
import type { Db, Queryable, QueryResult, TxOptions } from './types.ts';

type PgliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

// PGlite parses numeric into a JS number, pg keeps it as text; text keeps precision.
// Given once at creation: per-query parsers are merged into PGlite's whole
// parser table on every query, a fifth of a small query's cost.
const parsers = { [types.NUMERIC]: (v: string) => v };

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await target.query<T>(sql, params);
      return {
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows ?? r.rows.length,
      };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Opens PGlite in `dataDir` (a folder) or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create({
    dataDir,
    extensions: { pgcrypto, pg_trgm, uuid_ossp },
    parsers,
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(fn, options: TxOptions = {}) {
      return pg.transaction(async (t) => {
        const tx = wrap(t);
        if (options.readOnly) await tx.query('set transaction read only');
        await applyTxOptions(tx, options);
        return fn(tx);
      });
    },
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => unsub();
    },
    async close() {
      await pg.close();
    },
  };
}
