// Shared set-up of the REST conformance suite: a backend migrated with the
// REST fixture, supabase-js clients per role, and raw HTTP for what
// supabase-js cannot express.
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

export const ALICE = '11111111-1111-1111-1111-111111111111';
export const BOB = '22222222-2222-2222-2222-222222222222';

export interface RestHarness {
  backend: TestBackend;
  /** supabase-js with the anon key (role anon). */
  anon: SupabaseClient;
  /** supabase-js with the service-role key. */
  service: SupabaseClient;
  /** supabase-js signed in as `sub` with a JWT minted by the backend. */
  user(sub: string, email?: string): Promise<SupabaseClient>;
  /** Raw request below /rest/v1 with the anon key unless headers say otherwise. */
  http(path: string, init?: RequestInit): Promise<RawResponse>;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Node 20 has no global WebSocket, which supabase-js's realtime client needs. */
function client(
  url: string,
  key: string,
  headers: Record<string, string> = {},
) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime: { transport: WebSocket as never },
  });
}

export async function startRest(
  env: Record<string, string> = {},
): Promise<RestHarness> {
  const backend = await startTestBackend({
    migrationsDir: fileURLToPath(
      new URL('../../fixtures/rest', import.meta.url),
    ),
    // The upstream postgrest-js fixture runs with db-tx-end
    // commit-allow-override; the product's backend does not (config.ts).
    env: { PEEGA_ALLOW_TX_ROLLBACK: '1', ...env },
  });
  return {
    backend,
    anon: client(backend.url, backend.anonKey),
    service: client(backend.url, backend.serviceRoleKey),
    async user(sub, email = `${sub.slice(0, 4)}@example.com`) {
      const token = await backend.ctx.jwt.sign(
        { sub, role: 'authenticated', aud: 'authenticated', email },
        3600,
      );
      return client(backend.url, backend.anonKey, {
        Authorization: `Bearer ${token}`,
      });
    },
    async http(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
      const res = await fetch(`${backend.url}/rest/v1${path}`, {
        ...init,
        headers,
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
  };
}
