import { defineConfig } from '@playwright/test';

const port = Number(process.env.PEEGA_E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * A local server the company journeys start (domain-verification files, a
 * webhook receiver, a fake GitHub API); the backend's verify-domain and
 * integrations functions call it.
 */
export const fixturePort = port + 2;

/**
 * The fake OpenID Connect provider the LinkedIn journeys start on the next
 * port (tests/support/fake-oidc.ts); the backend's linkedin-oauth function
 * is configured for it.
 */
export const fakeOidc = {
  port: port + 1,
  url: `http://127.0.0.1:${port + 1}`,
  clientId: 'peega-e2e-client',
  clientSecret: 'peega-e2e-secret',
};

/** Flags that keep Chromium off the network this machine does not have (TOOLING.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const chromiumPath = process.env.PEEGA_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  reporter: process.env.CI ? 'line' : 'list',
  workers: 1,
  // One retry on CI: a journey that fails twice is a real failure; once may be
  // 2-core scheduling noise. Retried tests are reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The real backend with the built web app, in memory: nothing persists between runs.
    command: 'npx tsx supabase/local/main.ts',
    url: `${baseURL}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PEEGA_DATA_DIR: 'memory',
      // Always PGlite: the PostgreSQL of CI serves the integration suites.
      DATABASE_URL: '',
      PEEGA_PUBLIC_URL: baseURL,
      // Every journey signs up and in from 127.0.0.1: the per-IP auth limit
      // (30 per 5 minutes) would trip the suite, not the product.
      PEEGA_RATE_LIMIT_TOKEN: '100000',
      PEEGA_RATE_LIMIT_REFRESH: '100000',
      LINKEDIN_CLIENT_ID: fakeOidc.clientId,
      LINKEDIN_CLIENT_SECRET: fakeOidc.clientSecret,
      LINKEDIN_AUTHORIZE_URL: `${fakeOidc.url}/authorize`,
      LINKEDIN_TOKEN_URL: `${fakeOidc.url}/token`,
      LINKEDIN_USERINFO_URL: `${fakeOidc.url}/userinfo`,
      LINKEDIN_ISSUER: fakeOidc.url,
      DOMAIN_VERIFICATION_FILE_URL: `http://127.0.0.1:${fixturePort}/{domain}/.well-known/peega-verification.txt`,
      // The tracker hand-off journey's fake GitHub API (company-handoff.spec.ts).
      PEEGA_GITHUB_API_URL: `http://127.0.0.1:${fixturePort}/github`,
    },
  },
});
