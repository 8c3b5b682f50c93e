// Fan-out of one committed change, following `realtime.apply_rls`
// (SUPABASE-PROTOCOL §4.5–4.7): filters, then for INSERT/UPDATE on RLS tables
// a visibility check of the row with each subscriber's role and claims, then
// one `postgres_changes` push per channel listing its matching ids.
import type { Db } from '../db/types.ts';
import type { Hub } from './hub.ts';
import {
  loadTableMeta,
  type ColumnMeta,
  type TableMeta,
} from './table-meta.ts';
import type { CapturedChange, Listener, Subscription } from './types.ts';

const MAX_RECORD_BYTES = 1024 * 1024;
type Row = Record<string, unknown>;

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}

/** Subscriptions whose filters the change passes (DELETE: judged on the replica identity). */
async function passFilters(
  db: Db,
  c: CapturedChange,
  meta: TableMeta,
  subs: Subscription[],
) {
  const pass = new Set(subs.filter((s) => s.params.filters.length === 0));
  const types = new Map(meta.columns.map((col) => [col.name, col.typeOid]));
  const identity = new Set(
    meta.columns.filter((col) => col.isIdentity).map((col) => col.name),
  );
  const checks = subs.flatMap((s) =>
    s.params.filters.length === 0 ||
    (c.type === 'DELETE' &&
      s.params.filters.some((f) => !identity.has(f.column)))
      ? []
      : s.params.filters.map((f) => ({ s, f })),
  );
  if (checks.length === 0) return pass;
  const { rows } = await db.query<{ ok: boolean | null }>(
    `select realtime.check_filter(f.op, f.typ::oid, ($1::jsonb) ->> f.col, f.val, f.neg) as ok
     from unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::bool[])
       with ordinality as f(op, typ, col, val, neg, i)
     order by f.i`,
    [
      c.type === 'DELETE' ? c.oldRecord : c.record,
      checks.map((k) => k.f.op),
      checks.map((k) => types.get(k.f.column) ?? 0),
      checks.map((k) => k.f.column),
      checks.map((k) => k.f.value),
      checks.map((k) => k.f.negate),
    ],
  );
  const failed = new Set(
    checks.filter((_, i) => rows[i]?.ok !== true).map((k) => k.s),
  );
  for (const k of checks) if (!failed.has(k.s)) pass.add(k.s);
  return pass;
}

/** Those subscribers who can SELECT the changed row right now, under their own role and claims. */
async function canSee(
  db: Db,
  c: CapturedChange,
  pk: ColumnMeta[],
  subs: Subscription[],
) {
  if (subs.length === 0) return [];
  const groups = [...groupBy(subs, (s) => JSON.stringify(s.listener.claims))];
  const { rows } = await db.query<{ visible: boolean[] }>(
    `select realtime.visible_to(
       format('%I.%I', $1::text, $2::text)::regclass, $3::text[], $4::jsonb, $5::jsonb[]
     ) as visible`,
    [
      c.schema,
      c.table,
      pk.map((col) => col.name),
      c.record,
      groups.map(([claims]) => claims),
    ],
  );
  const visible = rows[0]?.visible ?? [];
  return groups.flatMap(([, group], i) => (visible[i] ? group : []));
}

function payload(
  c: CapturedChange,
  meta: TableMeta,
  role: string,
  select: string[] | null,
): Row {
  const cols = meta.columns.filter(
    (col) =>
      col.readers.has(role) &&
      (!select || select.includes(col.name) || col.isPk),
  );
  const size =
    Buffer.byteLength(c.record ?? '') + Buffer.byteLength(c.oldRecord ?? '');
  const tooLarge = size > MAX_RECORD_BYTES;
  const pick = (
    json: string | null,
    keep: (col: ColumnMeta) => boolean,
  ): Row | null => {
    const row = json ? (JSON.parse(json) as Row) : {};
    const out: Row = {};
    for (const col of cols) {
      if (!keep(col) || !(col.name in row)) continue;
      const v = row[col.name];
      if (tooLarge && Buffer.byteLength(JSON.stringify(v)) > 64) continue;
      out[col.name] = v;
    }
    return Object.keys(out).length ? out : null;
  };
  const data: Row = {
    schema: c.schema,
    table: c.table,
    commit_timestamp: c.commitTimestamp,
    type: c.type,
    columns: cols.map((col) => ({ name: col.name, type: col.type })),
    errors: tooLarge ? ['Error 413: Payload Too Large'] : null,
  };
  if (c.type !== 'DELETE') data.record = pick(c.record, () => true);
  if (c.type === 'UPDATE')
    data.old_record = pick(c.oldRecord, (col) => col.isIdentity);
  if (c.type === 'DELETE') {
    // RLS cannot be checked on a deleted row, so only its key is revealed.
    data.old_record = pick(
      c.oldRecord,
      (col) => col.isIdentity && (!meta.rls || col.isPk),
    );
  }
  return data;
}

function errorPayload(c: CapturedChange, error: string): Row {
  return {
    schema: c.schema,
    table: c.table,
    type: c.type,
    columns: null,
    commit_timestamp: null,
    record: null,
    ...(c.type === 'UPDATE' ? { old_record: null } : {}),
    errors: [error],
  };
}

function send(subs: Subscription[], data: Row) {
  const byListener = new Map<Listener, number[]>();
  for (const s of subs)
    byListener.set(s.listener, [...(byListener.get(s.listener) ?? []), s.id]);
  for (const [listener, ids] of byListener) {
    listener.push('postgres_changes', { ids: [...new Set(ids)], data });
  }
}

async function deliverChange(db: Db, hub: Hub, c: CapturedChange) {
  const subs = hub
    .subscribers(c.schema, c.table)
    .filter((s) => s.params.event === '*' || s.params.event === c.type);
  if (subs.length === 0) return;
  const roles = [...new Set(subs.map((s) => s.listener.claims.role))];
  const meta = await loadTableMeta(db, c.schema, c.table, roles);
  if (!meta) return;
  const pk = meta.columns.filter((col) => col.isPk);
  const passed = await passFilters(db, c, meta, subs);
  for (const role of roles) {
    const mine = subs.filter((s) => s.listener.claims.role === role);
    if (c.type !== 'DELETE' && pk.length === 0) {
      send(mine, errorPayload(c, 'Error 400: Bad Request, no primary key'));
      continue;
    }
    if (c.type !== 'DELETE' && pk.some((col) => !col.readers.has(role))) {
      send(mine, errorPayload(c, 'Error 401: Unauthorized'));
      continue;
    }
    const candidates = mine.filter((s) => passed.has(s));
    const visible =
      meta.rls && c.type !== 'DELETE'
        ? await canSee(db, c, pk, candidates)
        : candidates;
    const bySelect = groupBy(visible, (s) =>
      [...(s.params.select ?? [])].sort().join(','),
    );
    for (const group of bySelect.values()) {
      send(group, payload(c, meta, role, group[0]!.params.select));
    }
  }
}

/** Delivers committed changes one after another, so every channel sees commit order. */
export async function deliverChanges(
  db: Db,
  hub: Hub,
  changes: CapturedChange[],
) {
  for (const c of changes) {
    if (!hub.hasSubscribers) return;
    await deliverChange(db, hub, c);
  }
}
