import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PageResponse } from './http.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.svg', '.txt', '.map']);
const gzipAsync = promisify(gzip);
/** Compressed hashed assets, by path and modification time. */
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

async function compressed(file: string, mtimeMs: number): Promise<Buffer> {
  const hit = gzipped.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = await gzipAsync(await readFile(file), { level: 9 });
  gzipped.set(file, { mtimeMs, body });
  return body;
}

async function fileResponse(
  file: string,
  status = 200,
  acceptsGzip = false,
): Promise<PageResponse | undefined> {
  let mtimeMs: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) return undefined;
    mtimeMs = s.mtimeMs;
  } catch {
    return undefined;
  }
  const ext = path.extname(file);
  // Vite puts content hashes in asset names, so they never change under one URL.
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  const headers: Record<string, string> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  };
  // Hashed assets are compressed once and kept, as a CDN would serve them;
  // index.html stays plain because the server edits it (blog head tags).
  if (immutable && COMPRESSIBLE.has(ext)) {
    headers.vary = 'accept-encoding';
    if (acceptsGzip) {
      headers['content-encoding'] = 'gzip';
      return { status, headers, body: await compressed(file, mtimeMs) };
    }
  }
  return { status, headers, body: await readFile(file) };
}

/**
 * Serves the built single-page app: files as they are, and `index.html` for
 * any other path without an extension or that is a route (client-side routes). A path that is
 * no route of the app (`isRoute`) still gets the shell, which shows the 404
 * page, but with HTTP 404 so crawlers and link checkers see it is missing.
 */
export async function serveWeb(
  root: string,
  urlPath: string,
  acceptEncoding = '',
  isRoute: (pathname: string) => boolean = () => true,
): Promise<PageResponse | undefined> {
  const acceptsGzip = /\bgzip\b/i.test(acceptEncoding);
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.normalize(path.join(root, decoded));
  if (!file.startsWith(root)) return undefined;
  const direct = decoded.endsWith('/')
    ? undefined
    : await fileResponse(file, 200, acceptsGzip);
  if (direct) return direct;
  // A missing file is not found, unless the path is a route whose parameter
  // has a dot in it (`/claim/shop.example`, #35).
  if (path.extname(decoded) && !isRoute(decoded)) return undefined;
  return fileResponse(
    path.join(root, 'index.html'),
    isRoute(decoded) ? 200 : 404,
  );
}
