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
 * address a browser's last extension build was made for, so the `/extension`
 * page can say which backend each build uses and `npm start` can rebuild when
 * it differs. One per browser: building for Firefox must not rewrite what
 * the Chromium build talks to (#40 item 13).
 */
export function extensionBackendFile(browser: string): string {
  return `extension-backend.${browser}.txt`;
}

/**
 * The command that builds the extension for `publicUrl`: the bare script when
 * that is the default address, else with `PEEGA_PUBLIC_URL` set, so a command
 * a page shows builds for that page's server whatever its port.
 * `('build:ext:firefox', 'http://localhost:4200')` →
 * `'PEEGA_PUBLIC_URL=http://localhost:4200 npm run build:ext:firefox'`.
 */
export function extensionBuildCommand(
  script: string,
  publicUrl: string,
): string {
  return publicUrl === publicUrlFromEnv({})
    ? `npm run ${script}`
    : `PEEGA_PUBLIC_URL=${publicUrl} npm run ${script}`;
}
