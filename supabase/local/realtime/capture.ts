// Change capture without logical replication (PGlite has none): a row
// trigger on every table of the `supabase_realtime` publication appends the
// change to `realtime.captured_changes` and signals the transaction id. NOTIFY
// is delivered at commit, in commit order, once per transaction (identical
// payloads are folded), so reading a transaction's rows on its signal yields
// committed changes in commit order; rolled-back ones never signal or persist.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from '../db/types.ts';
import type { CapturedChange, ChangeType } from './types.ts';

export const CHANGES_CHANNEL = 'realtime_changes';

const INSTALL = readFileSync(
  fileURLToPath(new URL('./capture.sql', import.meta.url)),
  'utf8',
);

/**
 * Installs the capture objects and triggers; `purge` drops changes left by a
 * previous run, which no subscriber of this one can be waiting for.
 */
export async function installCapture(db: Db, purge: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    // Two backends sharing a database must not install at the same time.
    await tx.query('select pg_advisory_xact_lock(727275)');
    await tx.exec(INSTALL);
    await tx.query('select realtime.sync_capture()');
    if (purge) await tx.query('truncate realtime.captured_changes');
  });
}

/** Captures tables added to the publication since the last install. */
export async function ensureCapture(db: Db): Promise<void> {
  await db.query('select realtime.sync_capture()');
}

interface ChangeRow {
  xid: number;
  id: number;
  schema_name: string;
  table_name: string;
  action: ChangeType;
  record: string | null;
  old_record: string | null;
  ts: string;
}

/** Reads and deletes the changes of the given transactions, in commit then statement order. */
export async function takeChanges(
  db: Queryable,
  xids: number[],
): Promise<CapturedChange[]> {
  const { rows } = await db.query<ChangeRow>(
    `delete from realtime.captured_changes where xid = any($1::bigint[])
     returning xid, id, schema_name, table_name, action,
       record::text as record, old_record::text as old_record,
       to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts`,
    [xids],
  );
  const rank = new Map(xids.map((x, i) => [x, i]));
  rows.sort((a, b) => rank.get(a.xid)! - rank.get(b.xid)! || a.id - b.id);
  return rows.map((r) => ({
    schema: r.schema_name,
    table: r.table_name,
    type: r.action,
    record: r.record,
    oldRecord: r.old_record,
    commitTimestamp: r.ts,
  }));
}

/** Transactions whose changes were never signalled to us (e.g. a dropped LISTEN connection). */
export async function strandedTransactions(
  db: Queryable,
  olderThanMs: number,
): Promise<number[]> {
  const { rows } = await db.query<{ xid: number }>(
    `select xid from realtime.captured_changes group by xid
     having min(captured_at) < clock_timestamp() - $1 * interval '1 millisecond'
     order by min(id)`,
    [olderThanMs],
  );
  return rows.map((r) => r.xid);
}
