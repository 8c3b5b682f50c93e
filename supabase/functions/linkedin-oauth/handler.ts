// linkedin-oauth (consumer spec §7, DECISIONS.md "LinkedIn"): the callback
// page sends { code, state, redirect_uri, user_id?, allow_different_emails? }
// with the user's session. This function checks the state against the
// caller, exchanges the code at the provider's token endpoint with the
// client secret (which never reaches the browser), checks the id token's
// nonce and audience, reads the member from the userinfo endpoint and lets
// the database record the verification and award +30 XP once.
//
// Secrets: LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET; optional
// LINKEDIN_TOKEN_URL, LINKEDIN_USERINFO_URL, LINKEDIN_ISSUER (LinkedIn's
// by default, a local fake provider in tests).
import {
  LINKEDIN_MESSAGES,
  decodeLinkedinState,
  idTokenProblem,
  isLinkedinStateFresh,
  linkedinExchangeRequestSchema,
  readIdTokenClaims,
  type LinkedinExchangeResponse,
} from '../../../shared/domain/linkedin.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const DEFAULT_TOKEN_URL = 'https://www.linkedin.com/oauth/v2/accessToken';
const DEFAULT_USERINFO_URL = 'https://api.linkedin.com/v2/userinfo';
const DEFAULT_ISSUER = 'https://www.linkedin.com/oauth';
const TIMEOUT_MS = 10_000;
const CALLBACK_PATH = '/auth/linkedin/callback';

const answer = (status: number, body: LinkedinExchangeResponse) =>
  Response.json(body, { status, headers: CORS });

const failure = (status: number, error: string) =>
  answer(status, { success: false, error, verified: false, xpAwarded: false });

/** The signed-in caller's id, asked of the auth service with their token. */
async function callerId(
  req: Request,
  env: Record<string, string>,
): Promise<string | null> {
  const authorization = req.headers.get('authorization');
  if (!authorization?.startsWith('Bearer ')) return null;
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: {
      authorization,
      apikey: req.headers.get('apikey') ?? env.SUPABASE_ANON_KEY ?? '',
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) return null;
  const user = (await res.json()) as { id?: unknown };
  return typeof user.id === 'string' ? user.id : null;
}

/** The provider's error text from an OAuth error body, if any. */
async function providerError(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as {
      error?: unknown;
      error_description?: unknown;
    };
    const text = body.error_description ?? body.error;
    return typeof text === 'string' && text !== '' ? text.slice(0, 200) : null;
  } catch {
    return null;
  }
}

export async function handler(
  req: Request,
  env: Record<string, string>,
): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { headers: CORS });
  if (req.method !== 'POST') return failure(405, 'Use POST.');

  const clientId = env.LINKEDIN_CLIENT_ID;
  const clientSecret = env.LINKEDIN_CLIENT_SECRET;
  if (!clientId || !clientSecret)
    return failure(503, LINKEDIN_MESSAGES.notConfigured);

  const uid = await callerId(req, env);
  if (!uid) return failure(401, 'You need to be signed in.');

  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return failure(400, LINKEDIN_MESSAGES.invalidParameters);
  }
  const parsed = linkedinExchangeRequestSchema.safeParse(raw);
  if (!parsed.success) return failure(400, LINKEDIN_MESSAGES.invalidParameters);
  const body = parsed.data;
  const state = decodeLinkedinState(body.state);
  if (!state) return failure(400, LINKEDIN_MESSAGES.invalidParameters);
  if (state.user_id !== uid || (body.user_id && body.user_id !== uid))
    return failure(403, LINKEDIN_MESSAGES.userMismatch);
  if (!isLinkedinStateFresh(state, Date.now()))
    return failure(400, LINKEDIN_MESSAGES.expired);
  if (new URL(body.redirect_uri).pathname !== CALLBACK_PATH)
    return failure(400, LINKEDIN_MESSAGES.invalidParameters);

  const token = await fetch(env.LINKEDIN_TOKEN_URL || DEFAULT_TOKEN_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: body.redirect_uri,
      client_id: clientId,
      client_secret: clientSecret,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!token.ok) {
    return failure(
      400,
      (await providerError(token)) ?? 'LinkedIn refused the verification code.',
    );
  }
  const tokens = (await token.json()) as {
    access_token?: unknown;
    id_token?: unknown;
  };
  if (
    typeof tokens.access_token !== 'string' ||
    typeof tokens.id_token !== 'string'
  )
    return failure(502, 'LinkedIn answered without the expected tokens.');

  const claims = readIdTokenClaims(tokens.id_token);
  const problem = claims
    ? idTokenProblem(
        claims,
        {
          nonce: state.nonce,
          clientId,
          issuer: env.LINKEDIN_ISSUER ?? DEFAULT_ISSUER,
        },
        Date.now(),
      )
    : 'format';
  if (problem || !claims)
    return failure(
      400,
      `The LinkedIn sign-in could not be confirmed (${problem}).`,
    );

  const info = await fetch(env.LINKEDIN_USERINFO_URL || DEFAULT_USERINFO_URL, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!info.ok) return failure(502, 'LinkedIn did not share the profile.');
  const member = (await info.json()) as { sub?: unknown };
  if (member.sub !== claims.sub)
    return failure(400, 'The LinkedIn sign-in could not be confirmed (sub).');

  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  const recorded = await fetch(
    `${env.SUPABASE_URL}/rest/v1/rpc/record_linkedin_verification`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: serviceKey,
        authorization: `Bearer ${serviceKey}`,
      },
      body: JSON.stringify({
        p_user_id: uid,
        p_subject: claims.sub,
        p_nonce: state.nonce,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (!recorded.ok) {
    const error = (await recorded.json().catch(() => null)) as {
      message?: unknown;
    } | null;
    const message =
      typeof error?.message === 'string' ? error.message : 'Could not save.';
    return failure(recorded.status === 409 ? 409 : 400, message);
  }
  const xpAwarded = (await recorded.json()) === true;
  return answer(200, { success: true, error: null, verified: true, xpAwarded });
}
