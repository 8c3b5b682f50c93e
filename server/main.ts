// The page server on its own, in front of hosted Supabase (docs/deploy.md):
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_ANON_KEY=… \
//   PEEGA_SITE_URL=https://peega.example PORT=8080 HOST=0.0.0.0 npx tsx server/main.ts
// It holds only the anon key and reads Supabase through supabase-js.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createPageServer, type PageResponse } from './index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;

function required(name: string): string {
  const value = env[name]?.trim();
  if (!value) {
    console.error(`[pages] ${name} is required (see docs/deploy.md).`);
    process.exit(1);
  }
  return value;
}

const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const supabaseUrl = required('SUPABASE_URL').replace(/\/+$/, '');
const siteUrl = (
  env.PEEGA_SITE_URL?.trim() || `http://localhost:${port}`
).replace(/\/+$/, '');

const pages = createPageServer({
  webDist: path.resolve(root, env.WEB_DIST ?? 'web/dist'),
  extensionOutputDir: path.resolve(root, env.EXTENSION_OUTPUT_DIR ?? '.output'),
  publicUrl: () => siteUrl,
  supabaseUrl: () => supabaseUrl,
  anonKey: required('SUPABASE_ANON_KEY'),
  demoMode: env.PEEGA_DEMO_MODE === '1' || env.PEEGA_DEMO_MODE === 'true',
  extensionUrl: env.PEEGA_EXTENSION_URL?.trim() || undefined,
  supportEmail: env.PEEGA_SUPPORT_EMAIL?.trim() || undefined,
  // Set once the project's billing functions have their Stripe secrets
  // (docs/billing.md); this server never holds them.
  billingEnabled: env.PEEGA_BILLING === '1' || env.PEEGA_BILLING === 'true',
  linkedin: env.LINKEDIN_CLIENT_ID
    ? {
        clientId: env.LINKEDIN_CLIENT_ID,
        authorizeUrl:
          env.LINKEDIN_AUTHORIZE_URL ||
          'https://www.linkedin.com/oauth/v2/authorization',
      }
    : null,
});

const gzipAsync = promisify(gzip);
const TEXT = /^(text\/|application\/json)/i;

/** Served HTML and JSON of 1 KB or more go gzipped to clients that accept it. */
async function send(
  res: http.ServerResponse,
  r: PageResponse,
  acceptEncoding: string,
  head: boolean,
) {
  const headers = { ...(r.headers ?? {}) };
  let body = r.body ?? '';
  if (
    TEXT.test(headers['content-type'] ?? '') &&
    !headers['content-encoding'] &&
    Buffer.byteLength(body) >= 1024
  ) {
    headers.vary = 'accept-encoding';
    if (/\bgzip\b/i.test(acceptEncoding)) {
      headers['content-encoding'] = 'gzip';
      body = await gzipAsync(body);
    }
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(r.status, headers);
  res.end(head ? undefined : body);
}

const server = http.createServer((req, res) => {
  const method = (req.method ?? 'GET').toUpperCase();
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
  pages({
    method,
    pathname: q === -1 ? rawUrl : rawUrl.slice(0, q),
    rawQuery: q === -1 ? '' : rawUrl.slice(q + 1),
    acceptEncoding,
  })
    .then((page) =>
      send(
        res,
        page ?? {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: '{"message":"Not found"}',
        },
        acceptEncoding,
        method === 'HEAD',
      ),
    )
    .catch((e: unknown) => {
      console.error(`[pages] ${method} ${rawUrl} failed:`, e);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
});

server.listen(port, host, () => {
  console.log(`[pages] Peega's pages on http://${host}:${port} for ${siteUrl}`);
  console.log(`[pages] Supabase: ${supabaseUrl}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
