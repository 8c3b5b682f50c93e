// Request bodies (v14 Payload.hs): JSON objects and arrays with uniform
// keys, CSV, and form-urlencoded, plus the column names they carry.
import type { ServiceRequest } from '../http.ts';
import { RestError } from './errors.ts';
import type { Media } from './media.ts';
import type { Payload } from './mutate.ts';
import { splitQuery, type QueryParams } from './query-params.ts';
import type { Action } from './action.ts';

function jsonKeys(
  raw: string,
  isRpc: boolean,
): { payload: Payload; keys: string[] } {
  const text = raw === '' && isRpc ? '{}' : raw;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw RestError.invalidBody('Empty or invalid json');
  }
  if (Array.isArray(v)) {
    const [first] = v;
    if (first === undefined)
      return { payload: { raw: '[]', isObject: false }, keys: [] };
    const isObj = (x: unknown): x is Record<string, unknown> =>
      typeof x === 'object' && x !== null && !Array.isArray(x);
    if (!isObj(first))
      throw RestError.invalidBody('All object keys must match');
    const keys = Object.keys(first).sort();
    const sig = keys.join('\0');
    for (const x of v)
      if (!isObj(x) || Object.keys(x).sort().join('\0') !== sig)
        throw RestError.invalidBody('All object keys must match');
    return { payload: { raw: text, isObject: false }, keys };
  }
  if (typeof v === 'object' && v !== null)
    return {
      payload: { raw: text, isObject: true },
      keys: Object.keys(v).sort(),
    };
  return { payload: { raw: '[]', isObject: false }, keys: [] };
}

export function parsePayload(
  req: ServiceRequest,
  action: Action,
  content: Media,
  qp: QueryParams,
): { payload?: Payload; columns: string[] } {
  const isRpc = action.t === 'rpc';
  const needs =
    (action.t === 'mutate' && action.kind !== 'delete') ||
    (isRpc && action.method === 'post');
  if (!needs) return { columns: [] };
  const raw = req.body.toString('utf8');
  if (content.t === 'json') {
    if (
      qp.columns &&
      !(action.t === 'mutate' && action.kind === 'upsert-put')
    ) {
      const first = raw.trimStart()[0];
      return {
        payload: {
          raw: raw === '' && isRpc ? '{}' : raw,
          isObject: first === '{',
        },
        columns: qp.columns,
      };
    }
    const { payload, keys } = jsonKeys(raw, isRpc);
    return { payload, columns: keys };
  }
  if (content.t === 'urlencoded') {
    const pairs = splitQuery(raw).map(([k, v]) => [k, v ?? ''] as const);
    const obj = Object.fromEntries(pairs);
    return {
      payload: { raw: JSON.stringify(obj), isObject: true },
      columns: Object.keys(obj).sort(),
    };
  }
  if (content.t === 'csv' && !isRpc) {
    const rows = parseCsv(raw);
    return {
      payload: { raw: JSON.stringify(rows.data), isObject: false },
      columns: rows.keys,
    };
  }
  throw RestError.invalidBody(
    `Content-Type not acceptable: ${req.headers['content-type'] ?? ''}`,
  );
}

/** RFC 4180 CSV with a header line; the literal NULL becomes null. */
function parseCsv(text: string): {
  keys: string[];
  data: Record<string, string | null>[];
} {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  const [head = [], ...body] = rows;
  if (body.some((r) => r.length !== head.length))
    throw RestError.invalidBody('All lines must have same number of fields');
  const data = body.map((r) =>
    Object.fromEntries(
      head.map((k, i) => [k, r[i] === 'NULL' ? null : (r[i] ?? '')]),
    ),
  );
  return { keys: [...head].sort(), data };
}
