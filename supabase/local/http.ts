import type { IncomingHttpHeaders } from 'node:http';

/** A request as a service sees it: the gateway prefix (`/rest/v1` …) already stripped. */
export interface ServiceRequest {
  method: string;
  /** Path below the service prefix, e.g. `/todos` for `/rest/v1/todos`; never decoded. */
  path: string;
  /** The raw query string without `?` (PostgREST decodes `+` itself). */
  rawQuery: string;
  url: URL;
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
  ip: string;
}

export interface ServiceResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export type Handler = (req: ServiceRequest) => Promise<ServiceResponse>;

/** Bodies larger than this are refused with 413 (storage sets its own limit). */
export const MAX_BODY_BYTES = 1024 * 1024;

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ServiceResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

export function normalizeHeaders(
  h: IncomingHttpHeaders,
): Record<string, string> {
  const out: Record<string, string> = {};
  // for…in: no [key, value] array per header on every request.
  for (const k in h) {
    const v = h[k];
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** The bearer token of a request, if any (scheme case-insensitive). */
export function bearer(req: ServiceRequest): string | undefined {
  const m = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1]?.trim();
}

export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-retry-count',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'content-encoding',
  'x-region',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

export const CORS_EXPOSE_HEADERS =
  'Content-Range, Content-Location, Location, Range-Unit, Content-Type, Content-Profile, Preference-Applied, X-Supabase-Api-Version, Content-Length, ETag, Last-Modified';

/**
 * CORS for every origin (the web app and the extension are different
 * origins), as hosted Supabase's gateway answers: the allowed methods and
 * headers and their max age only on a preflight (OPTIONS), where the browser
 * reads them; every answer names the origin and the headers it may read.
 */
export function corsHeaders(
  req: { headers: Record<string, string> },
  preflight = false,
): Record<string, string> {
  const origin = req.headers.origin;
  const cors: Record<string, string> = {
    'access-control-allow-origin': origin ?? '*',
  };
  if (origin) {
    cors.vary = 'Origin';
    cors['access-control-allow-credentials'] = 'true';
  }
  if (preflight) {
    const requested = req.headers['access-control-request-headers'];
    cors['access-control-allow-methods'] =
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
    cors['access-control-allow-headers'] = requested
      ? `${CORS_ALLOW_HEADERS}, ${requested}`
      : CORS_ALLOW_HEADERS;
    cors['access-control-max-age'] = '86400';
  } else {
    cors['access-control-expose-headers'] = CORS_EXPOSE_HEADERS;
  }
  return cors;
}
