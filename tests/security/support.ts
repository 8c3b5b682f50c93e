import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ROLES, type Role, type World } from '../permissions/support.ts';

/** The roles of the access matrix: the permission suite's, but `service`. */
export type MatrixRole = Exclude<Role, 'service'>;
/** In the column order of expectations.ts (the permission suite's order). */
export const MATRIX_ROLES: readonly MatrixRole[] = ROLES.filter(
  (r): r is MatrixRole => r !== 'service',
);

/** The JWT a role's requests carry (anon: none, only the apikey). */
export async function tokenOf(
  w: World,
  role: MatrixRole,
): Promise<string | undefined> {
  if (role === 'anon') return undefined;
  return w.t.ctx.jwt.sign(
    {
      sub: w.id[role],
      role: 'authenticated',
      aud: 'authenticated',
      email: w.email[role],
    },
    3600,
  );
}

/**
 * supabase-js acting as `role`; with `rollback` every request asks for
 * `Prefer: tx=rollback`, so a write is really executed (policies, triggers,
 * grants) and its answer returned, but nothing is kept.
 */
export async function clientAs(
  w: World,
  role: MatrixRole,
  options: { rollback?: boolean } = {},
): Promise<SupabaseClient> {
  const token = await tokenOf(w, role);
  const fetchWithRollback: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    const prefer = headers.get('Prefer');
    headers.set('Prefer', prefer ? `${prefer},tx=rollback` : 'tx=rollback');
    return fetch(input, { ...init, headers });
  };
  const client = createClient(w.t.url, w.t.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: {
      ...(options.rollback ? { fetch: fetchWithRollback } : {}),
    },
    realtime: { transport: WebSocket as never },
    ...(token ? { accessToken: async () => token } : {}),
  });
  if (token) await client.realtime.setAuth();
  return client;
}

export const sleep = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, ms));
