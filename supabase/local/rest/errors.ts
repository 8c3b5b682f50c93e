// PostgREST's error envelope `{code, details, hint, message}` and its
// SQLSTATE → HTTP status table (v14 `Error.hs`).
import { isPgError } from '../db/types.ts';
import type { ServiceResponse } from '../http.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static parse(message: string, details: string) {
    return new RestError(400, 'PGRST100', message, details);
  }

  /** A request past one of the bounds of `query-params.ts`/`plan.ts`. */
  static tooBig(message: string, details: string, hint: string) {
    return new RestError(400, 'PGRST100', message, details, hint);
  }

  static invalidBody(message: string) {
    return new RestError(400, 'PGRST102', message);
  }

  static notEmbedded(name: string) {
    return new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }

  static singular(n: number) {
    return new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${n} rows`,
    );
  }

  static columnNotFound(table: string, column: string) {
    return new RestError(
      400,
      'PGRST204',
      `Could not find the '${column}' column of '${table}' in the schema cache`,
    );
  }

  static invalidRange(details: string) {
    return new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      details,
    );
  }
}

function pgStatus(code: string, message: string, authed: boolean): number {
  const p2 = code.slice(0, 2);
  if (p2 === '08') return 503;
  if (p2 === '09') return 500;
  if (p2 === '0L' || p2 === '0P') return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000')
    return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023')
    return message.startsWith('role') && message.endsWith('does not exist')
      ? 401
      : 400;
  if (['25', '2D', '38', '39', '3B', '40'].includes(p2)) return 500;
  if (p2 === '28') return 403;
  if (code === '53400') return 500;
  if (p2 === '53') return 503;
  if (p2 === '54' || p2 === '55') return 500;
  if (code === '57P01') return 503;
  if (['57', '58', 'F0', 'HV', 'XX'].includes(p2)) return 500;
  if (code === 'P0001') return 400;
  if (p2 === 'P0') return 500;
  if (code === '42883')
    return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  if (p2 === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 999 ? n : 500;
  }
  return 400;
}

const raiseHint =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

/** `RAISE SQLSTATE 'PGRST'` with JSON MESSAGE and DETAIL: full response control. */
function raisedPgrst(message: string, detail: string | undefined): RestError {
  const bad = (details: string, hint: string) =>
    new RestError(
      500,
      'PGRST121',
      `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    );
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(message) as Record<string, unknown>;
    if (typeof m.code !== 'string' || typeof m.message !== 'string')
      throw new Error();
  } catch {
    return bad(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  if (detail === undefined)
    return bad('DETAIL is missing in the RAISE statement', raiseHint);
  let d: { status?: unknown; headers?: unknown };
  try {
    d = JSON.parse(detail) as typeof d;
    if (typeof d.status !== 'number' || typeof d.headers !== 'object')
      throw new Error();
  } catch {
    return bad(`Invalid JSON value for DETAIL: '${detail}'`, raiseHint);
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers ?? {}))
    headers[k.toLowerCase()] = String(v);
  return new RestError(
    d.status,
    m.code,
    m.message,
    m.details ?? null,
    m.hint ?? null,
    headers,
  );
}

/** Maps anything thrown while serving a request to PostgREST's error. */
export function toRestError(e: unknown, authed: boolean): RestError {
  if (e instanceof RestError) return e;
  if (isPgError(e) && e.code) {
    if (e.code === 'PGRST') return raisedPgrst(e.message, e.detail);
    const status = pgStatus(e.code, e.message, authed);
    const headers: Record<string, string> =
      status === 401 ? { 'www-authenticate': 'Bearer' } : {};
    return new RestError(
      status,
      e.code,
      e.message,
      e.detail ?? null,
      e.hint ?? null,
      headers,
    );
  }
  console.error('[peega] rest: unexpected error', e);
  return new RestError(500, 'PGRSTX00', 'Internal server error');
}

export function errorResponse(e: RestError): ServiceResponse {
  return {
    status: e.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'proxy-status': `PostgREST; error=${e.code}`,
      ...e.headers,
    },
    body: JSON.stringify({
      code: e.code,
      details: e.details,
      hint: e.hint,
      message: e.message,
    }),
  };
}
