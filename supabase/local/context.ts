import type { BackendConfig } from './config.ts';
import type { Db } from './db/types.ts';
import type { JwtService } from './jwt.ts';

/** What every service of the embedded backend is built from. */
export interface BackendContext {
  config: BackendConfig;
  db: Db;
  jwt: JwtService;
  /** The clock, injectable so tests can move time (token expiry, rate-limit windows). */
  now: () => Date;
}
