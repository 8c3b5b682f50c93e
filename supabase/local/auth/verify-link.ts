import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';
import { queryEscape } from './mail.ts';
import { queryValue } from './params.ts';
import { issueAuthCode, PKCE_PREFIX } from './pkce.ts';
import { limitRequest } from './rate-limit.ts';
import { redirectTarget } from './redirect.ts';
import type { AuthMethod } from './sessions.ts';
import { issueSession, type SessionResponse } from './tokens.ts';
import { refreshProviders } from './user-updates.ts';
import { applyVerification, SINGLE_CONFIRMATION } from './verify-apply.ts';
import { verifyTokenHash, type EmailVerifyType } from './verify-token.ts';

type Outcome =
  | { kind: 'session'; session: SessionResponse; type: EmailVerifyType }
  | { kind: 'code'; code: string }
  | { kind: 'single' };

/** `ParseAuthenticationMethod` of the link types, for PKCE flows. */
const FLOW_METHOD: Record<EmailVerifyType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** Go's `url.Values.Encode`: keys sorted, values query-escaped. */
function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${queryEscape(k)}=${queryEscape(values[k]!)}`)
    .join('&');
}

/** The redirect with a new fragment and, for PKCE flows, query values too. */
function redirectUrl(
  target: string,
  fragment: Record<string, string>,
  query: Record<string, string> = {},
): string {
  let url = target.split('#')[0]!;
  if (Object.keys(query).length) {
    try {
      const u = new URL(url);
      for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
      url = u.toString();
    } catch {
      // An unparsable redirect keeps its query, as GoTrue's fallback does.
    }
  }
  const hash = encodeValues(fragment);
  return hash ? `${url}#${hash}` : url;
}

function seeOther(location: string): ServiceResponse {
  const href = location.replace(/&/g, '&amp;').replace(/"/g, '&#34;');
  return {
    status: 303,
    headers: { location, 'content-type': 'text/html; charset=utf-8' },
    body: `<a href="${href}">See Other</a>.\n\n`,
  };
}

async function verifyLink(
  ctx: BackendContext,
  req: ServiceRequest,
  type: string,
  token: string,
): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const verified = await verifyTokenHash(ctx, tx, type, token);
    const applied = await applyVerification(
      ctx,
      tx,
      req,
      verified.user,
      verified.type,
      token,
    );
    if (applied === 'single') return { kind: 'single' };
    await refreshProviders(tx, applied, ctx.now());
    if (token.startsWith(PKCE_PREFIX)) {
      const method = FLOW_METHOD[verified.type];
      try {
        return {
          kind: 'code',
          code: await issueAuthCode(tx, applied.id, method, ctx.now()),
        };
      } catch (e) {
        if (!(e instanceof AuthError)) throw e;
        throw badRequest(
          'flow_state_not_found',
          `No associated flow state found. ${e.status}: ${e.message}`,
        );
      }
    }
    const session = await issueSession(ctx, tx, applied, 'otp', req);
    return { kind: 'session', session, type: verified.type };
  });
}

/** GET /verify: the e-mail link; always answers with a 303 redirect. */
export async function verifyGet(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await limitRequest(ctx, req, 'verify');
  const token = queryValue(req, 'token');
  const type = queryValue(req, 'type');
  const target = redirectTarget(ctx, req);
  if (!type) {
    throw badRequest(
      'validation_failed',
      'Verify requires a verification type',
    );
  }
  if (!token) {
    throw badRequest(
      'validation_failed',
      'Verify requires a token or a token hash',
    );
  }
  const pkce = token.startsWith(PKCE_PREFIX);
  let outcome: Outcome;
  try {
    outcome = await verifyLink(ctx, req, type, token);
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    const error: Record<string, string> = {
      error_code: e.code,
      error_description: e.message,
    };
    const oauth = OAUTH_ERROR[e.status];
    if (oauth) error.error = oauth;
    return seeOther(
      redirectUrl(target, { ...error, sb: '' }, pkce ? error : {}),
    );
  }
  if (outcome.kind === 'single') {
    const message = { message: SINGLE_CONFIRMATION };
    return seeOther(
      redirectUrl(target, { ...message, sb: '' }, pkce ? message : {}),
    );
  }
  if (outcome.kind === 'code') {
    return seeOther(redirectUrl(target, {}, { code: outcome.code }));
  }
  const { session } = outcome;
  // GoTrue appends the fragment to the redirect URL as a string.
  return seeOther(
    `${target}#${encodeValues({
      access_token: session.access_token,
      token_type: session.token_type,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      refresh_token: session.refresh_token,
      type: outcome.type,
      sb: '',
    })}`,
  );
}
