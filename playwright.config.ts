import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Two workers, each with a backend of its own (its own PGlite in memory): a
// worker's journeys meet only its backend's data, as with one worker before.
// Playwright sets TEST_PARALLEL_INDEX (0 … workers−1) in each worker, so these
// addresses are the worker's own; the runner starts one backend per slot.
const workers = Number(process.env.PEEGA_E2E_WORKERS) || 2;
const basePort = Number(process.env.PEEGA_E2E_PORT ?? 3100);
const slotPort = (slot: number) => basePort + 10 * slot;
const port = slotPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * A local server the company journeys start (domain-verification files, a
 * webhook receiver, a fake GitHub API); the backend's verify-domain and
 * integrations functions call it.
 */
export const fixturePort = port + 2;
/**
 * Stripe as the journeys' backend knows it (#35 billing): the billing
 * function's client reaches the fake Stripe API a journey starts on the
 * fixture port (tests/support/fake-stripe.ts), whose pages sign their events
 * with this webhook secret.
 */
export const e2eStripe = {
  STRIPE_SECRET_KEY: 'sk_test_peega_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_peega_e2e',
  STRIPE_PRICE_PRO: 'price_e2e_pro',
  STRIPE_PRICE_ADVANCED: 'price_e2e_advanced',
};

/**
 * The fake OpenID Connect provider the LinkedIn journeys start on the next
 * port (tests/support/fake-oidc.ts); the backend's linkedin-oauth function
 * is configured for it.
 */
const oidcOf = (p: number) => ({
  port: p + 1,
  url: `http://127.0.0.1:${p + 1}`,
  clientId: 'peega-e2e-client',
  clientSecret: 'peega-e2e-secret',
});
export const fakeOidc = oidcOf(port);

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
/** Full Chromium: what the extension journeys need (extensions, fake media). */
export const chromiumPath = process.env.PEEGA_CHROMIUM ?? '/usr/bin/chromium';
/**
 * The web journeys' browser: Debian's chromium-headless-shell when present
 * (Playwright's own default for headless runs; no browser UI to composite,
 * measured about 15 % less CPU here), else the full Chromium.
 */
export const pageChromiumPath =
  process.env.PEEGA_CHROMIUM_HEADLESS ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : chromiumPath);

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  reporter: process.env.CI ? 'line' : 'list',
  workers,
  // One retry on CI: a journey that fails twice is a real failure; once may be
  // 2-core scheduling noise. Retried tests are reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: pageChromiumPath, args: chromiumArgs },
    // Recording a trace of every journey to keep the failing ones cost a
    // third of the suite's CPU: CI's retry records one (PEEGA_E2E_TRACE=1
    // records every failing run, as when chasing a flake).
    trace: process.env.PEEGA_E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
  },
  webServer: Array.from({ length: workers }, (_, slot) =>
    backendFor(slotPort(slot)),
  ),
});

/** The real backend with the built web app, in memory: nothing persists between runs. */
function backendFor(p: number) {
  const url = `http://127.0.0.1:${p}`;
  const oidc = oidcOf(p);
  const fixtures = p + 2;
  return {
    command: 'npx tsx supabase/local/main.ts',
    url: `${url}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(p),
      HOST: '127.0.0.1',
      PEEGA_DATA_DIR: 'memory',
      // Always PGlite: the PostgreSQL of CI serves the integration suites.
      DATABASE_URL: '',
      PEEGA_PUBLIC_URL: url,
      // Every journey signs up and in from 127.0.0.1: the per-IP auth limit
      // (30 per 5 minutes) would trip the suite, not the product.
      PEEGA_RATE_LIMIT_TOKEN: '100000',
      PEEGA_RATE_LIMIT_REFRESH: '100000',
      AI_PREVIEW_PER_ADDRESS: '100000',
      LINKEDIN_CLIENT_ID: oidc.clientId,
      LINKEDIN_CLIENT_SECRET: oidc.clientSecret,
      LINKEDIN_AUTHORIZE_URL: `${oidc.url}/authorize`,
      LINKEDIN_TOKEN_URL: `${oidc.url}/token`,
      LINKEDIN_USERINFO_URL: `${oidc.url}/userinfo`,
      LINKEDIN_ISSUER: oidc.url,
      DOMAIN_VERIFICATION_FILE_URL: `http://127.0.0.1:${fixtures}/{domain}/.well-known/peega-verification.txt`,
      // The trial journey's home page with the meta tag (company-trial.spec.ts).
      DOMAIN_VERIFICATION_HOME_URL: `http://127.0.0.1:${fixtures}/{domain}/`,
      // The tracker hand-off journey's fake GitHub API (company-handoff.spec.ts).
      PEEGA_GITHUB_API_URL: `http://127.0.0.1:${fixtures}/github`,
      // Billing is configured: the paid plans lead to (fake) Stripe.
      ...e2eStripe,
      STRIPE_API_URL: `http://127.0.0.1:${fixtures}`,
    },
  };
}
