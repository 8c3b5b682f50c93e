import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BackendProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Runs `npm run backend` as a real process and waits until it says it is serving. */
export async function spawnBackend(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<BackendProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/main.ts'],
    {
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`backend did not start:\n${out}`)),
      timeoutMs,
    );
    const check = () => {
      const m = /Peega is running at (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`backend exited with ${code}:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

/** Sends a signal and waits for the process to be gone. */
export async function kill(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  child.kill(signal);
  return exited;
}

/** The first port the kernel hands out to outgoing connections (Linux), else 32768. */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(
        /\s+/,
      )[0],
    );
    return Number.isInteger(low) && low > 21_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A free port for a backend that must come back on the same address after a
 * restart: below the ephemeral range, so that no client socket of a parallel
 * test can hold it when the second process binds it (that gave EADDRINUSE),
 * and not listened on by anything else right now.
 */
export async function fixedPort(): Promise<number> {
  const high = ephemeralLow();
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * (high - 20_000));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * A new empty database on the server of `base` (a DATABASE_URL), for a
 * spawned backend to start from nothing as the product does.
 */
export async function freshDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const pg = (await import('pg')).default;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * What a spawned backend runs on: its own port and data folder (PGlite), or
 * a fresh database on the server of DATABASE_URL when that is set. `cleanup`
 * removes both.
 */
export async function spawnEnv(
  prefix: string,
  extra: Record<string, string> = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const port = await fixedPort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `peega-${prefix}-`));
  const env: Record<string, string> = {
    PORT: String(port),
    PEEGA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PEEGA_DATA_DIR: dataDir,
    PEEGA_SEED: 'none',
    DATABASE_URL: '',
    ...extra,
  };
  const base = process.env.DATABASE_URL;
  const db = base ? await freshDatabase(base, `peega_${prefix}`) : undefined;
  if (db) env.DATABASE_URL = db.url;
  return {
    env,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}
