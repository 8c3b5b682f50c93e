import http from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { BackendContext } from './context.ts';
import {
  corsHeaders,
  json,
  MAX_BODY_BYTES,
  normalizeHeaders,
  type Handler,
  type ServiceRequest,
  type ServiceResponse,
} from './http.ts';
import { clientAddress } from './client-address.ts';
import { gatewayKeyCheck } from './api-keys.ts';

/** A service mounted under a gateway prefix, with its own body limit. */
export interface Mount {
  prefix: string;
  handler: Handler;
  maxBodyBytes?: number;
  /** The service answers CORS and preflights itself (edge functions do on hosted Supabase). */
  ownCors?: boolean;
  /** A Supabase API behind the gateway's key check (api-keys.ts). */
  api?: boolean;
}

class BodyTooLarge extends Error {}

const NAME_MAY_BE_APIKEY = /(?:^|&)[^=&]*(?:apikey|%)/;

/** The raw query string without its `apikey` parameter(s), otherwise untouched. */
function withoutApiKey(rawQuery: string): string {
  // No part can name `apikey` without those letters or a %-escape in its
  // name; a REST query's escapes are in its values (`select=id%2Cname`).
  if (!NAME_MAY_BE_APIKEY.test(rawQuery)) return rawQuery;
  return rawQuery
    .split('&')
    .filter((part) => {
      const name = part.split('=')[0] ?? '';
      try {
        return decodeURIComponent(name.replace(/\+/g, ' ')) !== 'apikey';
      } catch {
        return true;
      }
    })
    .join('&');
}

const NO_BODY = Buffer.alloc(0);

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  // A request with neither Content-Length nor Transfer-Encoding has no body
  // (RFC 9112 §6.3): most reads. Node drains it when the answer is sent.
  if (
    req.headers['content-length'] === undefined &&
    req.headers['transfer-encoding'] === undefined
  )
    return Promise.resolve(NO_BODY);
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const gzipAsync = promisify(gzip);
/** Below this a response goes as it is (a header's worth of bytes). */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE =
  /^(application\/(json|vnd\.pgrst[\w.+-]*|javascript)|text\/)/i;

/**
 * Whether to gzip a dynamic answer (REST rows, RPC results, served HTML) for
 * this client, as hosted Supabase's gateway does: a feedback list of 130 KB
 * crosses a slow network in a tenth of the time. Sets the headers that say so.
 */
function gzipWanted(
  r: ServiceResponse,
  body: string | Uint8Array,
  headers: Record<string, string>,
  acceptEncoding: string,
): boolean {
  const type = headers['content-type'] ?? '';
  if (
    !COMPRESSIBLE.test(type) ||
    'content-encoding' in headers ||
    'content-length' in headers ||
    // A byte range (storage); PostgREST's row ranges ("0-19/*") compress.
    /^bytes\b/i.test(headers['content-range'] ?? '') ||
    r.status === 204 ||
    r.status === 304 ||
    Buffer.byteLength(body) < COMPRESS_MIN_BYTES
  ) {
    return false;
  }
  headers.vary = headers.vary
    ? `${headers.vary}, Accept-Encoding`
    : 'Accept-Encoding';
  if (!/\bgzip\b/i.test(acceptEncoding)) return false;
  headers['content-encoding'] = 'gzip';
  return true;
}

function writeAnswer(
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array,
  head: boolean,
) {
  if (!('content-length' in headers) && status !== 204 && status !== 304) {
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

/** Answers `r`, gzipped when that is worth it (then, and only then, it waits). */
function send(
  res: http.ServerResponse,
  r: ServiceResponse,
  extra: Record<string, string>,
  head: boolean,
  acceptEncoding = '',
): Promise<void> | undefined {
  const headers = { ...extra, ...r.headers };
  const body = r.body ?? '';
  if (head || !gzipWanted(r, body, headers, acceptEncoding)) {
    writeAnswer(res, r.status, headers, body, head);
    return undefined;
  }
  return gzipAsync(body, { level: 6 }).then((zipped) =>
    writeAnswer(res, r.status, headers, zipped, false),
  );
}

/** What answers every path no service is mounted on (the product's page server). */
export type Fallback = (req: {
  method: string;
  pathname: string;
  rawQuery: string;
  acceptEncoding: string;
}) => Promise<ServiceResponse | undefined>;

/**
 * The one HTTP origin of the embedded backend: every Supabase service under
 * its gateway prefix, and `fallback` (the product's page server, mounted by
 * start.ts) for everything else, as a CDN or proxy would put both on one origin.
 */
export function createHttpServer(
  ctx: BackendContext,
  mounts: Mount[],
  fallback?: Fallback,
): http.Server {
  const { config } = ctx;

  const server = http.createServer((req, res) => {
    const headers = normalizeHeaders(req.headers);
    // The client's own X-Forwarded-For is never believed: services (and
    // PostgREST's request.headers) see the address the gateway decided, in
    // both headers hosted Supabase's edge sets (CF-Connecting-IP, replacing
    // the client's, and X-Forwarded-For).
    const ip = clientAddress(
      req.socket.remoteAddress ?? '',
      headers['x-forwarded-for'],
      config.trustedProxies,
    );
    headers['x-forwarded-for'] = ip;
    headers['cf-connecting-ip'] = ip;
    delete headers['x-real-ip'];
    delete headers.forwarded;
    const method = (req.method ?? 'GET').toUpperCase();
    const cors = corsHeaders({ headers }, method === 'OPTIONS');
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const rawQuery = q === -1 ? '' : rawUrl.slice(q + 1);

    const mount = mounts.find(
      (m) => pathname === m.prefix || pathname.startsWith(m.prefix + '/'),
    );
    // An anonymous function: tsx names every named closure it sees created
    // (esbuild's keepNames), a cost paid per request here.
    const answer = (async (): Promise<ServiceResponse> => {
      if (method === 'OPTIONS' && !mount?.ownCors) return { status: 204 };
      if (mount) {
        let body: Buffer;
        try {
          body = await readBody(req, mount.maxBodyBytes ?? MAX_BODY_BYTES);
        } catch (e) {
          if (e instanceof BodyTooLarge) {
            return json(413, {
              code: 'request_too_large',
              message: 'Request body is larger than the limit of this service',
            });
          }
          throw e;
        }
        // The parsed URL only for the services that ask for it: most
        // requests (REST reads) go by the raw path and query alone.
        let url: URL | undefined;
        const sreq: ServiceRequest = {
          method,
          path: pathname.slice(mount.prefix.length) || '/',
          rawQuery,
          get url() {
            return (url ??= new URL(rawUrl, 'http://localhost'));
          },
          headers,
          body,
          ip,
        };
        if (mount.api) {
          const refused = gatewayKeyCheck(config, mount.prefix, sreq);
          if (refused) return refused;
          // The gateway hides the credential from the service (Kong's
          // hide_credentials): PostgREST would read `apikey=` as a filter.
          const stripped = rawQuery && withoutApiKey(rawQuery);
          if (stripped !== rawQuery) {
            // ...but services still know a key came (Storage's no-credentials check).
            sreq.headers.apikey ??= sreq.url.searchParams.get('apikey') ?? '';
            sreq.rawQuery = stripped;
            sreq.url.searchParams.delete('apikey');
          }
        }
        return mount.handler(sreq);
      }
      const page = await fallback?.({
        method,
        pathname,
        rawQuery,
        acceptEncoding: headers['accept-encoding'] ?? '',
      });
      if (page) return page;
      return json(404, { message: 'Not found' });
    })();

    const extra = mount?.ownCors ? {} : cors;
    answer
      .then((r) =>
        send(res, r, extra, method === 'HEAD', headers['accept-encoding']),
      )
      .catch((e: unknown) => {
        console.error(`[peega] ${method} ${pathname} failed:`, e);
        if (!res.headersSent)
          void send(
            res,
            json(500, { message: 'Internal server error' }),
            extra,
            false,
          );
        else res.end();
      });
  });
  return server;
}
