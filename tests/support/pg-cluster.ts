import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL cluster of the test's own, for what the shared one
// cannot do without a restart (shared_preload_libraries = pg_cron). Debian's
// server binaries; run as `postgres` when this process is root (initdb
// refuses root).

export interface PgCluster {
  url(database: string): string;
  stop(): void;
}

/** The newest installed major with a given extension, e.g. pg_cron; undefined if none. */
export function serverWithExtension(extension: string): string | undefined {
  if (!existsSync('/usr/lib/postgresql')) return undefined;
  const majors = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return majors
    .map((v) => ({ v, bin: `/usr/lib/postgresql/${v}/bin` }))
    .find(
      ({ v, bin }) =>
        existsSync(path.join(bin, 'initdb')) &&
        existsSync(`/usr/share/postgresql/${v}/extension/${extension}.control`),
    )?.bin;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(
  bin: string,
  settings: Record<string, string>,
): Promise<PgCluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'peega-pg-'));
  const data = path.join(dir, 'data');
  if (root) {
    const uid = Number(
      execFileSync('id', ['-u', 'postgres']).toString().trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', 'postgres']).toString().trim(),
    );
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o755);
  const as = (cmd: string, args: string[]) => {
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], {
          encoding: 'utf8',
        })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`${path.basename(cmd)} failed: ${r.stderr || r.stdout}`);
  };
  as(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'peega',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  as(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: (database) => `postgres://peega@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        as(path.join(bin, 'pg_ctl'), [
          '-D',
          data,
          '-m',
          'immediate',
          '-w',
          'stop',
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
