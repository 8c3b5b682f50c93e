import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { ERRORS, StorageError } from './errors.ts';
import type { ObjectRow } from './rows.ts';
import { essence } from './sniff.ts';
import type { Scope } from './scope.ts';

interface RenderOptions {
  /** `Expires` of a signed URL; replaces Cache-Control. */
  expires?: Date;
  head?: boolean;
}

// What Storage's renderer answers when the bytes are gone.
const missingBytes = new StorageError(
  404,
  'NoSuchKey',
  'The resource was not found',
  'Not found',
);

function parseRange(header: string, size: number) {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!m || size <= 0 || (!m[1] && !m[2])) throw ERRORS.invalidRange();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0)
      throw ERRORS.invalidRange();
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : size - 1;
  if (
    !Number.isSafeInteger(from) ||
    !Number.isSafeInteger(to) ||
    to < from ||
    from >= size
  ) {
    throw ERRORS.invalidRange();
  }
  return { from, to: Math.min(to, size - 1) };
}

function disposition(req: ServiceRequest): string | undefined {
  const download = new URLSearchParams(req.rawQuery).get('download');
  if (download === null) return undefined;
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

// Raster images, audio and video: inert with nosniff, shown inline.
const MEDIA =
  /^(image\/(png|apng|jpeg|gif|webp|avif|heic|heif)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;
// Other types a browser shows inline without running anything. Every other
// type (HTML, SVG, XML, scripts, unknown ones) is sent as an attachment:
// this backend serves user files from the web app's own origin, where a
// page could read the session (red-team finding L11).
const INLINE_TEXT = /^(text\/plain|application\/(json|octet-stream))$/;

// A document that runs nothing and sits in an opaque origin if it is ever
// opened as a page. Left off media, which browsers show directly only as
// their own media document.
const SANDBOX = "default-src 'none'; sandbox";

function baseHeaders(obj: ObjectRow, req: ServiceRequest, opts: RenderOptions) {
  const meta = obj.metadata ?? {};
  const mime = meta.mimetype ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    // Storage never serves HTML as HTML from a bucket.
    'content-type': mime.includes('text/html') ? 'text/plain' : mime,
    'x-robots-tag': 'none',
    // Every download: the browser uses the type sent, never a guess.
    'x-content-type-options': 'nosniff',
  };
  const type = essence(mime);
  if (!MEDIA.test(type)) {
    headers['content-security-policy'] = SANDBOX;
    if (!INLINE_TEXT.test(type)) headers['content-disposition'] = 'attachment';
  }
  if (meta.eTag) headers.etag = meta.eTag;
  const modified = meta.lastModified ? new Date(meta.lastModified) : undefined;
  if (modified && !Number.isNaN(modified.getTime())) {
    headers['last-modified'] = modified.toUTCString();
  }
  if (opts.expires) headers.expires = opts.expires.toUTCString();
  else if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  const cd = disposition(req);
  if (cd) headers['content-disposition'] = cd;
  return headers;
}

/**
 * Storage's asset renderer: the object's bytes with its stored type,
 * cache-control and ETag; `If-None-Match` → 304; one `Range` → 206.
 */
export async function renderObject(
  scope: Scope,
  obj: ObjectRow,
  opts: RenderOptions = {},
): Promise<ServiceResponse> {
  const { req } = scope;
  const headers = baseHeaders(obj, req, opts);
  if (opts.head) {
    // Storage answers HEAD from the row alone.
    headers['content-length'] = String(obj.metadata?.size ?? 0);
    return { status: 200, headers };
  }
  const data = obj.version
    ? await scope.blobs.get({
        bucket: obj.bucket_id,
        name: obj.name,
        version: obj.version,
      })
    : undefined;
  if (!data) throw missingBytes;
  const inm = req.headers['if-none-match'];
  if (inm && inm === headers.etag) return { status: 304, headers };
  const range = req.headers.range;
  if (range) {
    const { from, to } = parseRange(range, data.length);
    headers['content-range'] = `bytes ${from}-${to}/${data.length}`;
    headers['content-length'] = String(to - from + 1);
    return { status: 206, headers, body: data.subarray(from, to + 1) };
  }
  headers['content-length'] = String(data.length);
  return { status: 200, headers, body: data };
}
