// What a function called by a signed-in person (integrations, billing,
// verify-domain) needs:
// CORS answers, a database function called as that person (their JWT, their
// address), and the database's refusal turned into this function's answer.

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: CORS });
export const fail = (status: number, error: string) =>
  answer(status, { error });

export interface CallerRpc {
  ok: boolean;
  status: number;
  body: unknown;
}

/** A database function through PostgREST, with these credentials. */
async function callRpc(
  env: Record<string, string | undefined>,
  name: string,
  args: Record<string, unknown>,
  auth: { apikey: string; authorization: string; forwardedFor?: string | null },
): Promise<CallerRpc> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: auth.apikey,
      authorization: auth.authorization,
      ...(auth.forwardedFor ? { 'x-forwarded-for': auth.forwardedFor } : {}),
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { ok: res.ok, status: res.status, body };
}

/** A database function called as the signed-in caller (their JWT, their address). */
export function asCaller(
  env: Record<string, string | undefined>,
  req: Request,
  name: string,
  args: Record<string, unknown>,
): Promise<CallerRpc> {
  return callRpc(env, name, args, {
    apikey: env.SUPABASE_ANON_KEY ?? '',
    authorization: req.headers.get('authorization') ?? '',
    forwardedFor: req.headers.get('x-forwarded-for'),
  });
}

/** A database function called as the service role (what only a function may do). */
export function asService(
  env: Record<string, string | undefined>,
  name: string,
  args: Record<string, unknown>,
): Promise<CallerRpc> {
  const key = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  return callRpc(env, name, args, {
    apikey: key,
    authorization: `Bearer ${key}`,
  });
}

/** The database's refusal as this function's answer (same status, its words). */
export function refusedBy(r: CallerRpc, fallback: string): Response {
  // Without a session PostgREST names the missing grant; people need less.
  if (r.status === 401) return fail(401, 'You need to be signed in.');
  const b = (r.body ?? {}) as { message?: unknown; hint?: unknown };
  const message = typeof b.message === 'string' ? b.message : fallback;
  const hint = typeof b.hint === 'string' ? ` ${b.hint}` : '';
  const status = [401, 402, 403, 404, 409, 429].includes(r.status)
    ? r.status
    : r.status === 400
      ? 400
      : 500;
  return fail(status, `${message}${hint}`.trim());
}
