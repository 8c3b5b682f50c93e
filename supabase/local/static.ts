import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServiceResponse } from './http.ts';

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

async function fileResponse(
  file: string,
  status = 200,
): Promise<ServiceResponse | undefined> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return undefined;
  } catch {
    return undefined;
  }
  const ext = path.extname(file);
  // Vite puts content hashes in asset names, so they never change under one URL.
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  return {
    status,
    headers: {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    },
    body: await readFile(file),
  };
}

/**
 * Serves the built single-page app: files as they are, and `index.html` for
 * any other path without an extension (client-side routes).
 */
export async function serveWeb(
  root: string,
  urlPath: string,
): Promise<ServiceResponse | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.normalize(path.join(root, decoded));
  if (!file.startsWith(root)) return undefined;
  const direct = decoded.endsWith('/') ? undefined : await fileResponse(file);
  if (direct) return direct;
  if (path.extname(decoded)) return undefined;
  return fileResponse(path.join(root, 'index.html'));
}
