import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getEnv } from '@web/lib/env';

let client: SupabaseClient | undefined;

/**
 * The app's single supabase-js client, created on first use from the runtime
 * configuration. Call it only below the backend gate, once `/config.json`
 * has loaded.
 */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = getEnv();
    client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
    });
  }
  return client;
}
