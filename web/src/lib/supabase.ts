import { createClient } from '@supabase/supabase-js';
import type { Client } from '@shared/data/client';
import { retryAfterFetch } from '@shared/data/retry-after';
import { timeoutFetch } from '@shared/data/timeout-fetch';
import type { Database } from '@shared/db/database.types';
import { getEnv } from '@web/lib/env';

let client: Client | undefined;

/**
 * The app's single supabase-js client, created on first use from the runtime
 * configuration. Call it only below the backend gate, once `/config.json`
 * has loaded.
 */
export function getSupabase(): Client {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = getEnv();
    client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
      // Notes a 429's Retry-After, so limited users are told when to retry;
      // a lost connection fails in seconds instead of spinning for minutes.
      global: { fetch: retryAfterFetch(timeoutFetch()) },
    });
  }
  return client;
}
