import {
  PGlite,
  protocol,
  types,
  type Transaction,
} from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { applyTxOptions, settingsStatement } from './settings.ts';
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

/** A PGlite database that can also hand back its data folder as a tarball. */
export interface PgliteDb extends Db {
  /** The data folder as a tarball, after a checkpoint (tests keep a migrated template). */
  dumpDataDir(): Promise<Blob>;
}

export interface OpenPgliteOptions {
  /** Start from this data folder tarball (from `dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** Opens PGlite in `dataDir` (a folder) or in memory when `dataDir` is undefined. */
export async function openPglite(
  dataDir?: string,
  options: OpenPgliteOptions = {},
): Promise<PgliteDb> {
  const pg = await PGlite.create({
    dataDir,
    extensions: { pgcrypto, pg_trgm, uuid_ossp },
    parsers,
    loadDataDir: options.loadDataDir,
  });
  const base = wrap(pg);
  const prepared = new Map<string, string>();
  // Names parsed by a call not yet answered: others parse that text unnamed
  // meanwhile (the call may fail before its Parse runs). Names of a failed
  // call are closed by the next one (closing a missing statement is no error).
  const pending = new Set<string>();
  const doubtful: string[] = [];
  let named = 0;
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
    async statement<T>(
      sql: string,
      params: (string | null)[],
      options: TxOptions,
    ): Promise<QueryResult<T>> {
      try {
        return await pipelined<T>(sql, params, options);
      } catch (e) {
        // A concurrent call's error deallocated the statements this one bound.
        if ((e as { code?: string }).code !== '26000') throw e;
        return pipelined<T>(sql, params, options);
      }
    },
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => unsub();
    },
    async close() {
      await pg.close();
    },
    async dumpDataDir() {
      await pg.exec('checkpoint');
      // Uncompressed: loading it back is a quarter of a second faster.
      return pg.dumpDataDir('none');
    },
  };

  async function pipelined<T>(
    sql: string,
    params: (string | null)[],
    options: TxOptions,
  ): Promise<QueryResult<T>> {
    // The extended protocol runs every statement up to Sync in one implicit
    // transaction, so settings, statement and commit cost one call into
    // Postgres instead of four (BEGIN, settings, statement, COMMIT).
    // Named statements are parsed and planned once per distinct text;
    // Postgres re-plans them by itself when the schema changes.
    const { serialize: wire } = protocol;
    const parts: Uint8Array[] = [];
    const parsedNow: [string, string][] = [];
    const add = (text: string, values: (string | null)[]) => {
      let name = prepared.get(text);
      if (name && pending.has(name)) {
        name = '';
        parts.push(wire.parse({ name, text, types: [] }));
      } else if (!name) {
        name = `peega_${++named}`;
        prepared.set(text, name);
        pending.add(name);
        parsedNow.push([text, name]);
        parts.push(wire.parse({ name, text, types: [] }));
      }
      parts.push(
        wire.bind({ statement: name, values }),
        wire.describe({ type: 'P' }),
        wire.execute({}),
      );
    };
    if (prepared.size > 500) {
      await pg.exec('deallocate all');
      prepared.clear();
      pending.clear();
    }
    for (const name of doubtful.splice(0))
      parts.push(wire.close({ type: 'S', name }));
    if (options.readOnly) add('set transaction read only', []);
    const pre = settingsStatement(options);
    if (pre) add(pre.sql, pre.params);
    add(sql, params);
    parts.push(wire.sync());
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      message.set(p, offset);
      offset += p.length;
    }
    // Reads write nothing, so there is nothing to sync to the data folder.
    // PGlite throws the first ErrorResponse itself (throwOnError).
    let messages: Awaited<ReturnType<typeof pg.execProtocol>>['messages'];
    try {
      ({ messages } = await pg.runExclusive(() =>
        pg.execProtocol(message, { syncToFs: !options.readOnly }),
      ));
      const error = messages.find((m) => m.name === 'error');
      if (error) throw error;
      for (const [, name] of parsedNow) pending.delete(name);
    } catch (e) {
      // Which of this call's statements got parsed before the error is not
      // worth tracking: the next call closes them and parses afresh.
      for (const [text, name] of parsedNow) {
        pending.delete(name);
        doubtful.push(name);
        if (prepared.get(text) === name) prepared.delete(text);
      }
      // A table's columns changed under a prepared statement: Postgres
      // refuses it from then on, so every statement is parsed afresh.
      const code = (e as { code?: string }).code;
      if (code === '0A000' && /cached plan/.test((e as Error).message ?? '')) {
        await pg.exec('deallocate all');
        prepared.clear();
        pending.clear();
      }
      throw e;
    }
    // Rows of the last statement: its RowDescription, then its DataRows.
    let start = -1;
    messages.forEach((m, k) => {
      if (m.name === 'rowDescription') start = k;
    });
    const description = messages[start] as
      { fields: { name: string; dataTypeID: number }[] } | undefined;
    const fields = (description?.fields ?? []).map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
    }));
    const rows: T[] = [];
    for (const m of messages.slice(start + 1)) {
      if (m.name !== 'dataRow') continue;
      const values = (m as unknown as { fields: (string | null)[] }).fields;
      const row: Record<string, unknown> = {};
      fields.forEach((f, k) => {
        row[f.name] = types.parseType(values[k] ?? null, f.dataTypeID, parsers);
      });
      rows.push(row as T);
    }
    return { rows, fields, affectedRows: rows.length };
  }
}
