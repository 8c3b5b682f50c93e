import { json } from '../../http.ts';
import { ERRORS } from '../errors.ts';
import { decodePath } from '../keys.ts';
import type { RouteHandler } from '../router.ts';
import { inScope, requestScope } from '../scope.ts';
import {
  jsonBody,
  optBoolean,
  optEnum,
  optInt,
  optObject,
  optString,
} from '../validate.ts';

interface Entry {
  id: string | null;
  name: string;
  updated_at: Date | null;
  created_at: Date | null;
  [column: string]: unknown;
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

// Storage's continuation token: base64 of `l:`, `o:`, `c:`, `a:` lines.
const PARTS = {
  l: 'startAfter',
  o: 'sortOrder',
  c: 'sortColumn',
  a: 'sortColumnAfter',
} as const;

function encodeCursor(c: Cursor): string {
  const lines = Object.entries(PARTS)
    .filter(([, field]) => c[field])
    .map(([k, field]) => `${k}:${c[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const out: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(line);
    const field = m ? PARTS[m[1] as keyof typeof PARTS] : undefined;
    if (!m || !field) throw ERRORS.invalidParameter('continuation token');
    out[field] = m[2] ?? '';
  }
  return out;
}

const COLUMNS = ['name', 'updated_at', 'created_at'] as const;

/**
 * POST /object/list-v2/:bucket: a flat listing by prefix, or (with
 * `with_delimiter`) one level with folders, paged by an opaque cursor.
 */
export const listObjectsV2: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.list_v2');
  const body = jsonBody(req, true);
  const prefix = optString(body, 'prefix') ?? '';
  const limit = Math.min(optInt(body, 'limit', 1) ?? 1000, 1000);
  const delimited = optBoolean(body, 'with_delimiter') ?? false;
  const sortBy = optObject(body, 'sortBy') ?? {};
  const raw = optString(body, 'cursor');
  const cursor = raw ? decodeCursor(raw) : undefined;
  const order =
    cursor?.sortOrder ?? optEnum(sortBy, 'order', ['asc', 'desc'] as const);
  const column =
    cursor?.sortColumn ?? optEnum(sortBy, 'column', COLUMNS) ?? 'name';
  if (
    !COLUMNS.includes(column as never) ||
    !['asc', 'desc', undefined].includes(order)
  ) {
    throw ERRORS.invalidParameter('continuation token');
  }
  const dir = order === 'desc' ? 'desc' : 'asc';
  const op = dir === 'asc' ? '>' : '<';
  const byName = column === 'name';
  const sortKey = byName
    ? `e.name collate "C" ${dir}`
    : `date_trunc('milliseconds', e.${column}) ${dir}, e.name collate "C" ${dir}`;
  const after = !cursor
    ? ''
    : byName
      ? `where e.name collate "C" ${op} $4`
      : `where (coalesce(date_trunc('milliseconds', e.${column}), 'epoch'), e.name collate "C")
           ${op} (coalesce(nullif($5, '')::timestamptz, 'epoch'), $4)`;
  const slash = delimited
    ? `position('/' in substring(o.name from length($2) + 1))`
    : '0';
  const rows = await inScope(scope, async (tx) => {
    const r = await tx.query<Entry>(
      `with hits as (
         select o.id, o.name, o.metadata, o.updated_at, o.created_at,
                o.last_accessed_at, ${slash} as slash
           from storage.objects o
          where o.bucket_id = $1 and starts_with(o.name, $2)
       ), entries as (
         select left(h.name, length($2) + h.slash) as name, null::uuid as id,
                null::jsonb as metadata, min(h.created_at) as updated_at,
                min(h.created_at) as created_at, null::timestamptz as last_accessed_at
           from hits h where h.slash > 0 group by 1
         union all
         select h.name, h.id, h.metadata, h.updated_at, h.created_at, h.last_accessed_at
           from hits h where h.slash = 0
       )
       select e.* from entries e ${after} order by ${sortKey} limit $3`,
      [
        decodePath(params[0] ?? ''),
        prefix,
        limit + 1,
        // Postgres refuses parameters the statement does not use.
        ...(cursor ? [cursor.startAfter] : []),
        ...(cursor && !byName ? [cursor.sortColumnAfter ?? ''] : []),
      ],
    );
    return r.rows;
  });
  const page = rows.slice(0, limit);
  const levels = prefix ? prefix.split('/').length : 1;
  const keyOf = (name: string) => name.split('/')[levels - 1] ?? '';
  const folders = page
    .filter((e) => e.id === null)
    .map((e) => ({ key: keyOf(e.name), id: null, name: e.name }));
  const objects = page
    .filter((e) => e.id !== null)
    .map((e) => (delimited ? { key: keyOf(e.name), ...e } : e));
  const last = page[page.length - 1];
  const hasNext = rows.length > limit;
  const lastValue = last && !byName ? (last[column] as Date | null) : null;
  const next =
    hasNext && last
      ? encodeCursor({
          startAfter: last.name,
          sortOrder: order,
          sortColumn: cursor?.sortColumn ?? optEnum(sortBy, 'column', COLUMNS),
          sortColumnAfter: lastValue ? lastValue.toISOString() : undefined,
        })
      : undefined;
  return json(200, {
    hasNext,
    folders,
    objects,
    ...(next ? { nextCursor: next, nextCursorKey: last?.name } : {}),
  });
};
