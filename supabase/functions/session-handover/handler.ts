// session-handover (#40 item 17): the web page sends { code }, the one-time
// code the signed-in extension got from create_session_handover. The
// database spends it (one use, one minute, counted per address) and names
// its account; GoTrue's admin generate_link then makes a magic-link token
// for that account, whose hash the page exchanges with verifyOtp for a
// session. No mail is sent, and the token is good for one sign-in only.
import {
  HANDOVER_CODE,
  SESSION_HANDOVER_MESSAGES,
  type SessionHandoverAnswer,
} from '../../../shared/domain/session-handover.ts';
import { requestAddress } from '../../../shared/domain/request-address.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};
const TIMEOUT_MS = 10_000;

const answer = (status: number, body: SessionHandoverAnswer) =>
  Response.json(body, { status, headers: CORS });
const failure = (status: number, error: string) =>
  answer(status, { ok: false, error });

export async function handler(
  req: Request,
  env: Record<string, string>,
): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { headers: CORS });
  if (req.method !== 'POST') return failure(405, 'Use POST.');
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  if (!serviceKey || !env.SUPABASE_URL)
    return failure(503, SESSION_HANDOVER_MESSAGES.failed);

  let code: unknown;
  try {
    code = ((await req.json()) as { code?: unknown } | null)?.code;
  } catch {
    return failure(400, SESSION_HANDOVER_MESSAGES.expired);
  }
  const service = {
    'content-type': 'application/json',
    apikey: serviceKey,
    authorization: `Bearer ${serviceKey}`,
  };
  const redeemed = await fetch(
    `${env.SUPABASE_URL}/rest/v1/rpc/redeem_session_handover`,
    {
      method: 'POST',
      headers: service,
      body: JSON.stringify({
        // Malformed codes are still counted against the address.
        p_code:
          typeof code === 'string' && HANDOVER_CODE.test(code) ? code : '',
        p_address: requestAddress((name) => req.headers.get(name)),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (redeemed.status === 429) {
    const { message } = (await redeemed.json().catch(() => ({}))) as {
      message?: string;
    };
    const limited = failure(429, message ?? SESSION_HANDOVER_MESSAGES.failed);
    limited.headers.set(
      'retry-after',
      redeemed.headers.get('retry-after') ?? '60',
    );
    return limited;
  }
  if (!redeemed.ok) {
    await redeemed.body?.cancel();
    return failure(502, SESSION_HANDOVER_MESSAGES.failed);
  }
  const [account] = (await redeemed.json()) as { email?: string }[];
  if (!account?.email) return failure(400, SESSION_HANDOVER_MESSAGES.expired);

  const link = await fetch(`${env.SUPABASE_URL}/auth/v1/admin/generate_link`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ type: 'magiclink', email: account.email }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const made = (await link.json().catch(() => null)) as {
    hashed_token?: unknown;
    properties?: { hashed_token?: unknown };
  } | null;
  const tokenHash = made?.hashed_token ?? made?.properties?.hashed_token;
  if (!link.ok || typeof tokenHash !== 'string')
    return failure(502, SESSION_HANDOVER_MESSAGES.failed);
  return answer(200, { ok: true, email: account.email, token_hash: tokenHash });
}
