import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Client } from '../shared/data/client.ts';
import type { Database } from '../shared/db/database.types.ts';

/**
 * A supabase-js client with the anon key, as any visitor has: the page
 * server reads public data only through it, so the database's policies and
 * grants decide what it holds. Re-created when the project's URL changes.
 */
export function anonClientOf(supabaseUrl: () => string, anonKey: string) {
  let client: Client | undefined;
  let clientUrl = '';
  return (): Client => {
    const url = supabaseUrl();
    if (!client || clientUrl !== url) {
      clientUrl = url;
      client = createClient<Database>(url, anonKey, {
        auth: {
          persistSession: false,
          autoRefreshToken: false,
          detectSessionInUrl: false,
        },
        // Never used here; Node 20 has no global WebSocket to construct with.
        realtime: { transport: WebSocket as never },
      });
    }
    return client;
  };
}
