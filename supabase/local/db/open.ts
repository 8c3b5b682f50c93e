import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../config.ts';
import type { Db } from './types.ts';

/** Opens the database the configuration names: Postgres via DATABASE_URL, else PGlite. */
export async function openDatabase(
  config: Pick<BackendConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(config.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  if (config.dataDir === 'memory') return openPglite();
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
