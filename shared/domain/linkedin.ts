/**
 * LinkedIn verification through an OpenID Connect code flow (consumer spec
 * §2 "LinkedIn callback", §3 "LinkedIn state payload", §4, §7 "Redirect to
 * the professional network", §8; DECISIONS.md "LinkedIn"). The browser
 * builds the authorization address and the state; the `linkedin-oauth`
 * function checks the state and exchanges the code server-side.
 */

import { z } from 'zod';

/** Scopes asked of the provider. */
export const LINKEDIN_SCOPES = 'openid profile email';

/** A state older than this (ms) is refused: 10 minutes. */
export const LINKEDIN_STATE_MAX_AGE_MS = 10 * 60 * 1000;

/** Delay before the callback page moves on, in milliseconds (spec §9). */
export const LINKEDIN_REDIRECT_DELAY_MS = 1000;

/** Texts of the callback screen and its toasts (spec §2, §8; "ours" marked). */
export const LINKEDIN_MESSAGES = {
  verifying: 'Verifying your LinkedIn account...',
  loginNeeded: "You'll need to log in to complete the verification process.",
  providerErrorTitle: 'LinkedIn verification failed',
  providerErrorFallback: 'Authentication was cancelled or failed.',
  invalidParameters: 'Invalid callback parameters.',
  userMismatch: 'User session mismatch. Please try again.',
  functionFailed: 'Failed to verify LinkedIn account. Please try again.',
  unexpected: 'An error occurred during verification.',
  successTitle: 'LinkedIn verified!',
  successDescription:
    'Your LinkedIn account has been verified successfully. You earned 30 XP!',
  /** Ours: verified again, the XP was already awarded. */
  alreadyVerifiedDescription:
    'Your LinkedIn account has been verified successfully.',
  pendingTitle: 'LinkedIn verification pending',
  /**
   * Ours: the spec's "LinkedIn verified successfully! Please log in…" would
   * claim a verification that did not happen; nothing is verified without
   * a session.
   */
  pendingDescription:
    'Please log in to your account and connect LinkedIn again to complete the process.',
  /** Ours: the Connect button when the backend has no LinkedIn client. */
  notConfigured: 'LinkedIn verification is not configured on this server.',
  /** Ours: a state older than {@link LINKEDIN_STATE_MAX_AGE_MS}. */
  expired: 'This verification link has expired. Please try again.',
  /** Ours: the Verified mark's tooltip (spec §2). */
  verifiedTooltip: 'LinkedIn verified',
} as const;

/** The state payload carried through the provider (spec §3). */
export const linkedinStateSchema = z.object({
  user_id: z.uuid(),
  return_url: z.string().max(2048),
  timestamp: z.number().int().nonnegative(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});

/** The state payload. */
export type LinkedinState = z.infer<typeof linkedinStateSchema>;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The state as sent: base64url of its JSON. */
export function encodeLinkedinState(state: LinkedinState): string {
  return toBase64Url(JSON.stringify(state));
}

/**
 * The state from the callback's `state` parameter, or null when it is
 * missing, not base64url JSON, or lacks a field (a tampered state).
 */
export function decodeLinkedinState(
  raw: string | null | undefined,
): LinkedinState | null {
  if (!raw || raw.length > 4096) return null;
  const json = fromBase64Url(raw);
  if (json === null) return null;
  try {
    const parsed = linkedinStateSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when the state was made at most {@link LINKEDIN_STATE_MAX_AGE_MS}
 * before `now` (and not more than a minute in the future: clock skew).
 */
export function isLinkedinStateFresh(
  state: LinkedinState,
  now: number,
): boolean {
  const age = now - state.timestamp;
  return age <= LINKEDIN_STATE_MAX_AGE_MS && age >= -60_000;
}

/** What the authorization address is built from. */
export interface LinkedinAuthorizeParams {
  readonly authorizeUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
}

/**
 * The provider's authorization address: response type code, the client id,
 * the callback as redirect address, scopes 'openid profile email', the
 * encoded state, the nonce and prompt consent.
 */
export function buildLinkedinAuthorizeUrl(
  params: LinkedinAuthorizeParams,
): string {
  const url = new URL(params.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', LINKEDIN_SCOPES);
  url.searchParams.set('state', params.state);
  url.searchParams.set('nonce', params.nonce);
  url.searchParams.set('prompt', 'consent');
  return url.toString();
}

/** Body of the `linkedin-oauth` call (spec §7 plus the state and redirect). */
export const linkedinExchangeRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(4096),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048),
  user_id: z.uuid().optional(),
  allow_different_emails: z.boolean().optional(),
});

/** Body of the `linkedin-oauth` call. */
export type LinkedinExchangeRequest = z.infer<
  typeof linkedinExchangeRequestSchema
>;

/** Answer of the `linkedin-oauth` function. */
export interface LinkedinExchangeResponse {
  readonly success: boolean;
  readonly error: string | null;
  readonly verified: boolean;
  /** True when this exchange awarded the +30 XP (false when already verified). */
  readonly xpAwarded: boolean;
}

/**
 * The claims of an OpenID Connect id token's payload, without checking its
 * signature (the token comes straight from the provider's token endpoint
 * over TLS, which OpenID Connect Core §3.1.3.7 accepts); null when it is
 * not a JWT.
 */
export function readIdTokenClaims(
  idToken: string,
): Record<string, unknown> | null {
  const parts = idToken.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const json = fromBase64Url(parts[1]);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' &&
      claims !== null &&
      !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Why the id token's claims do not confirm this exchange, or null when
 * they do: the nonce must equal the state's, the audience must hold the
 * client id, it must not have expired (`now` in ms) and it needs a subject.
 */
export function idTokenProblem(
  claims: Record<string, unknown>,
  expected: { nonce: string; clientId: string; issuer?: string | null },
  now: number,
): string | null {
  if (claims.nonce !== expected.nonce) return 'nonce';
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.clientId)) return 'aud';
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) return 'exp';
  if (expected.issuer && claims.iss !== expected.issuer) return 'iss';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'sub';
  return null;
}
