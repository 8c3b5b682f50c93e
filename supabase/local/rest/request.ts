// Turns an HTTP request into PostgREST's intent: resource, action, schema,
// query params, ranges, payload, preferences (v14 ApiRequest.hs).
import type { RowRange } from './ast.ts';
import type { Action } from './action.ts';
import { RestError } from './errors.ts';
import { decodeMedia, parseAccept, type Media } from './media.ts';
import type { Payload } from './mutate.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import { parsePayload } from './payload.ts';
import { parseQueryParams, type QueryParams } from './query-params.ts';
import type { ServiceRequest } from '../http.ts';

export interface ApiRequest {
  action: Action;
  schema: string;
  qp: QueryParams;
  topRange: RowRange;
  payload?: Payload;
  /** Keys of the payload, or the `columns` parameter. */
  columns: string[];
  prefs: Preferences;
  accepts: Media[];
  content: Media;
  /** db-aggregates-enabled: `count()`, `col.sum()`… in `select`. */
  aggregatesEnabled: boolean;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function actionOf(method: string, path: string): Action {
  const segs =
    path === '/' || path === ''
      ? []
      : path.replace(/^\//, '').split('/').map(decodeSegment);
  const [a, b] = segs;
  if (segs.length === 0) {
    if (method === 'GET' || method === 'HEAD')
      return { t: 'openapi', head: method === 'HEAD' };
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  if (segs.length === 2 && a === 'rpc' && b !== undefined) {
    if (method === 'GET') return { t: 'rpc', name: b, method: 'get' };
    if (method === 'HEAD') return { t: 'rpc', name: b, method: 'head' };
    if (method === 'POST') return { t: 'rpc', name: b, method: 'post' };
    throw new RestError(
      405,
      'PGRST101',
      `Cannot use the ${method} method on RPC`,
    );
  }
  if (segs.length !== 1 || a === undefined)
    throw new RestError(
      404,
      'PGRST125',
      'Invalid path specified in request URL',
    );
  switch (method) {
    case 'GET':
      return { t: 'read', name: a, head: false };
    case 'HEAD':
      return { t: 'read', name: a, head: true };
    case 'POST':
      return { t: 'mutate', name: a, kind: 'insert' };
    case 'PATCH':
      return { t: 'mutate', name: a, kind: 'update' };
    case 'DELETE':
      return { t: 'mutate', name: a, kind: 'delete' };
    case 'PUT':
      return { t: 'mutate', name: a, kind: 'upsert-put' };
  }
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** The request's schema: its profile header, else the first exposed schema. */
function schemaOf(req: ServiceRequest, exposed: readonly string[]): string {
  const writes = ['POST', 'PATCH', 'PUT', 'DELETE'];
  const profile = writes.includes(req.method)
    ? req.headers['content-profile']
    : req.headers['accept-profile'];
  if (profile === undefined) return exposed[0] ?? 'public';
  if (!exposed.includes(profile))
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    );
  return profile;
}

/** The top-level range from limit/offset and (GET only) the Range header. */
function topRangeOf(req: ServiceRequest, qp: QueryParams): RowRange {
  const q = qp.ranges.get('') ?? { offset: 0 };
  let lo = q.offset;
  let hi = q.limit === undefined ? Infinity : q.offset + q.limit - 1;
  const limitZero = q.limit === 0;
  let headerEmpty = false;
  const m = /^([0-9]+)-([0-9]*)$/.exec(
    req.method === 'GET' ? (req.headers.range ?? '') : '',
  );
  if (m) {
    const a = Number(m[1]);
    const b = m[2] === '' ? Infinity : Number(m[2]);
    headerEmpty = b < a;
    if (!limitZero) {
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
    }
  }
  if (limitZero && q.offset === 0) return { offset: 0, limit: 0 };
  if (hi < lo || (q.limit !== undefined && q.limit < 0))
    throw RestError.invalidRange(
      headerEmpty
        ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
        : 'Limit should be greater than or equal to zero.',
    );
  if (req.method === 'PUT' && (lo !== 0 || hi !== Infinity))
    throw new RestError(
      400,
      'PGRST114',
      'limit/offset querystring parameters are not allowed for PUT',
    );
  return { offset: lo, limit: hi === Infinity ? undefined : hi - lo + 1 };
}

export function parseRequest(
  req: ServiceRequest,
  opts: {
    allowTx: boolean;
    isTimezone: (tz: string) => boolean;
    /** db-schemas: the exposed schemas, the default first. */
    schemas: readonly string[];
    aggregatesEnabled?: boolean;
  },
): ApiRequest {
  const action = actionOf(req.method, req.path);
  const schema = schemaOf(req, opts.schemas);
  const isRpcRead = action.t === 'rpc' && action.method !== 'post';
  const qp = parseQueryParams(req.rawQuery, isRpcRead);
  const topRange = topRangeOf(req, qp);
  const content = decodeMedia(
    req.headers['content-type'] ?? 'application/json',
  );
  const { payload, columns } = parsePayload(req, action, content, qp);
  return {
    action,
    schema,
    qp,
    topRange,
    payload,
    columns,
    prefs: parsePrefer(req.headers.prefer, opts.allowTx, opts.isTimezone),
    accepts: parseAccept(req.headers.accept),
    content,
    aggregatesEnabled: opts.aggregatesEnabled ?? false,
  };
}
