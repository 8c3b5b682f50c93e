// Response assembly: Content-Range and range statuses (RangeQuery.hs),
// `response.headers` / `response.status` overrides (Response.hs).
import type { ServiceResponse } from '../http.ts';
import { RestError } from './errors.ts';

/** One row of PostgREST's main statement. */
export interface ResultRow {
  total_result_set: number | string | null;
  page_total: number | string;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  header?: string[] | null;
  response_inserted?: number | null;
}

/** What a planned request needs to run and answer. */
export interface Prepared {
  sql: string;
  params: string[];
  readOnly: boolean;
  /** Runs inside the transaction; throwing rolls it back. */
  check?: (row: ResultRow) => void;
  /**
   * `Prefer: count=planned|estimated`: the planner's row estimate, from
   * EXPLAIN of the count query in the same transaction (Query.hs
   * resultSetWTotal). Planned always replaces the total; estimated only
   * when the exact total exceeds db-max-rows, and never lowers it.
   */
  countPlan?: {
    mode: 'planned' | 'estimated';
    sql: string;
    params: string[];
  };
  respond: (row: ResultRow) => ServiceResponse;
}

export const num = (v: number | string | null | undefined) =>
  v === null || v === undefined ? undefined : Number(v);

export function contentRange(lower: number, upper: number, total?: number) {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === undefined ? '*' : total}`;
}

/** Status and Content-Range of a read of `pageTotal` rows from `offset`. */
export function rangeStatusHeader(
  offset: number,
  pageTotal: number,
  total?: number,
) {
  const upper = offset + pageTotal - 1;
  let status = 200;
  if (total !== undefined) {
    if (offset > total) status = 416;
    else if (1 + upper - offset < total) status = 206;
  }
  return { status, range: contentRange(offset, upper, total) };
}

export function outOfRange(offset: number, total: number | undefined) {
  return RestError.invalidRange(
    `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
  );
}

/** Applies the response.status / response.headers settings read after the query. */
export function finalize(
  row: ResultRow,
  status: number,
  headers: Record<string, string>,
  body: string,
): ServiceResponse {
  let st = status;
  if (row.response_status !== null) {
    const m = /^\d+/.exec(row.response_status);
    const n = m ? Number(m[0]) : NaN;
    if (!(n >= 100 && n <= 999))
      throw new RestError(
        500,
        'PGRST112',
        'response.status guc must be a valid status code',
      );
    st = n;
  }
  const out = { ...headers };
  if (row.response_headers !== null) {
    const bad = new RestError(
      500,
      'PGRST111',
      'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    );
    let list: unknown;
    try {
      list = JSON.parse(row.response_headers);
    } catch {
      throw bad;
    }
    if (!Array.isArray(list)) throw bad;
    for (const item of list) {
      const entries =
        typeof item === 'object' && item ? Object.entries(item) : [];
      const [kv] = entries;
      if (entries.length !== 1 || !kv || typeof kv[1] !== 'string') throw bad;
      out[kv[0].toLowerCase()] = kv[1];
    }
  }
  return { status: st, headers: out, body };
}
