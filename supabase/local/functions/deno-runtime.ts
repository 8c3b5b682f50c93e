import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs a function's `index.ts` (what hosted Supabase deploys) in real Deno:
 * one `deno run` per function, started on its first call and kept warm, its
 * `Deno.serve` on a free loopback port (DENO_SERVE_ADDRESS), with the
 * function's secrets as its environment and its `deno.json` import map.
 */
export interface DenoFunction {
  /** Forwards a request (its URL's path and query are kept). */
  fetch(request: Request): Promise<Response>;
  stop(): Promise<void>;
}

/** The Deno of the deno devDependency, or PEEGA_DENO_BIN. */
export function denoBinary(): string {
  return (
    process.env.PEEGA_DENO_BIN ||
    fileURLToPath(new URL('../../../node_modules/.bin/deno', import.meta.url))
  );
}

const START_TIMEOUT_MS = 120_000;

const PASSED_THROUGH = [
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];

/**
 * How this machine reaches the npm registry, for Deno's `npm:` imports: its
 * proxies and the certificates it trusts. Deno trusts only its own (Mozilla)
 * roots unless told otherwise, so behind a proxy whose CA the machine trusts
 * (as Node does through NODE_EXTRA_CA_CERTS) it would refuse the registry:
 * the system's store is added unless DENO_TLS_CA_STORE says which to use.
 */
function networkEnv(): Record<string, string> {
  const env: Record<string, string> = { DENO_TLS_CA_STORE: 'mozilla,system' };
  for (const k of PASSED_THROUGH) {
    const v = process.env[k];
    if (v) env[k] = v;
  }
  return env;
}

export function startDenoFunction(
  denoBin: string,
  functionDir: string,
  env: Record<string, string>,
): DenoFunction {
  let child: ChildProcess | undefined;
  let origin: Promise<string> | undefined;

  const start = () => {
    const config = path.join(functionDir, 'deno.json');
    const args = [
      'run',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      ...(existsSync(config) ? ['--config', config] : []),
      path.join(functionDir, 'index.ts'),
    ];
    const proc = spawn(denoBin, args, {
      cwd: functionDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}),
        ...networkEnv(),
        NO_COLOR: '1',
        ...env,
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const name = path.basename(functionDir);
    return new Promise<string>((resolve, reject) => {
      let seen = '';
      let listening = false;
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (listening) {
          // The function's own logs (console.log / console.error).
          process.stderr.write(`[functions:${name}] ${text}`);
          return;
        }
        seen += text;
        const m = /Listening on (http:\/\/[^\s/]+)\//.exec(seen);
        if (!m) return;
        listening = true;
        clearTimeout(timer);
        const before = seen.slice(0, m.index).trim();
        if (before) process.stderr.write(`[functions:${name}] ${before}\n`);
        resolve(m[1]!);
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      // npm packages may be fetched on the first start; never wait forever.
      const timer = setTimeout(() => {
        reject(
          new Error(`deno did not serve ${name} within ${START_TIMEOUT_MS} ms`),
        );
        proc.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      timer.unref();
      proc.once('error', reject);
      proc.once('exit', (code) => {
        child = undefined;
        origin = undefined;
        reject(
          new Error(
            `deno exited (${code}) before serving ${name}: ${seen.slice(-2000)}`,
          ),
        );
      });
    });
  };

  return {
    async fetch(request) {
      origin ??= start();
      const base = await origin;
      const url = new URL(request.url);
      return fetch(`${base}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body: ['GET', 'HEAD'].includes(request.method)
          ? undefined
          : await request.arrayBuffer(),
        redirect: 'manual',
        signal: request.signal,
      });
    },
    async stop() {
      const proc = child;
      origin = undefined;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    },
  };
}
