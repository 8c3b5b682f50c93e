/**
 * The one rule for Peega's public address (README "Configuration"): the
 * backend serves itself there, and `npm start`, `npm run dev` and
 * `npm run build:ext` build the extension to talk to the same address, so
 * `PORT=4200 npm start` gives an extension for port 4200.
 */

/** The variables the rule reads (a subset of `process.env`). */
export interface PublicUrlEnv {
  readonly PORT?: string;
  readonly PEEGA_PUBLIC_URL?: string;
}

/** Port the backend listens on when `PORT` is unset. */
export const DEFAULT_PORT = 3000;

/**
 * `PEEGA_PUBLIC_URL` when set (non-blank), else `http://localhost:$PORT`
 * (port 3000 by default); without trailing slashes.
 * `{ PORT: '4200' }` → `'http://localhost:4200'`.
 */
export function publicUrlFromEnv(env: PublicUrlEnv): string {
  const explicit = env.PEEGA_PUBLIC_URL?.trim();
  const port = env.PORT?.trim() || String(DEFAULT_PORT);
  return (explicit || `http://localhost:${port}`).replace(/\/+$/, '');
}

/**
 * File in the extension's output folder (`.output/`) recording the backend
 * address the last extension build was made for, so the `/extension` page
 * can say which backend it uses and `npm start` can rebuild when it differs.
 */
export const EXTENSION_BACKEND_FILE = 'extension-backend.txt';
