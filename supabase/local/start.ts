import type { AddressInfo } from 'node:net';
import type { BackendConfig } from './config.ts';
import type { BackendContext } from './context.ts';
import { migrate, type MigrateResult } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { JwtService } from './jwt.ts';
import { createAuthService } from './auth/index.ts';
import { createRestService } from './rest/index.ts';
import { createHttpServer } from './server.ts';

export interface RunningBackend {
  /** Base URL clients use (what `createClient` takes). */
  url: string;
  ctx: BackendContext;
  migrations: MigrateResult;
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and serves every service on one port. */
export async function startBackend(
  config: BackendConfig,
  options: { now?: () => Date } = {},
): Promise<RunningBackend> {
  const db = await openDatabase(config);
  let migrations: MigrateResult;
  try {
    migrations = await migrate(db, {
      migrationsDir: config.migrationsDir,
      seedFile: config.seedFile,
      seed: config.seed,
    });
  } catch (e) {
    await db.close();
    throw e;
  }
  const ctx: BackendContext = {
    config,
    db,
    jwt: new JwtService(config.jwtSecret),
    now: options.now ?? (() => new Date()),
  };
  const rest = createRestService(ctx);
  await rest.reloadSchema();
  const server = createHttpServer(ctx, [
    { prefix: '/auth/v1', handler: createAuthService(ctx) },
    { prefix: '/rest/v1', handler: rest },
  ]);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  if (config.port === 0) config.publicUrl = url;
  return {
    url,
    ctx,
    migrations,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
