import {
  buildLinkedinAuthorizeUrl,
  encodeLinkedinState,
} from '@shared/domain/linkedin';
import { getEnv } from '@web/lib/env';
import { paths } from '@web/config/paths';
import { trackEvent } from '@shared/data/analytics';
import { getSupabase } from '@web/lib/supabase';

/** Session storage key of the nonce of the flow under way. */
export const LINKEDIN_NONCE_KEY = 'peega.linkedin.nonce';

/** The client id and authorization address, or null when not configured. */
export function linkedinConfig() {
  const env = getEnv();
  return env.linkedinEnabled && env.linkedinClientId && env.linkedinAuthorizeUrl
    ? { clientId: env.linkedinClientId, authorizeUrl: env.linkedinAuthorizeUrl }
    : null;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Starts the OpenID Connect code flow: remembers a fresh nonce for this tab
 * and sends the browser to the provider with the state (user id, return
 * address, time, nonce).
 */
export async function startLinkedinVerification(userId: string) {
  const config = linkedinConfig();
  if (!config) return;
  const nonce = randomNonce();
  sessionStorage.setItem(LINKEDIN_NONCE_KEY, nonce);
  const origin = window.location.origin;
  const state = encodeLinkedinState({
    user_id: userId,
    return_url: `${origin}${paths.profileSettings}`,
    timestamp: Date.now(),
    nonce,
  });
  // Awaited: leaving the page would cancel the request (never throws).
  await trackEvent(getSupabase(), {
    name: 'linkedin_auth_started',
    properties: {},
  });
  window.location.assign(
    buildLinkedinAuthorizeUrl({
      authorizeUrl: config.authorizeUrl,
      clientId: config.clientId,
      redirectUri: `${origin}${paths.linkedinCallback}`,
      state,
      nonce,
    }),
  );
}

/** Takes (and forgets) the nonce of the flow this tab started. */
export function takeLinkedinNonce(): string | null {
  const nonce = sessionStorage.getItem(LINKEDIN_NONCE_KEY);
  sessionStorage.removeItem(LINKEDIN_NONCE_KEY);
  return nonce;
}
