import type { BackendContext } from '../context.ts';
import type { ServiceResponse } from '../http.ts';
import { sendJson } from './errors.ts';

/** The GoTrue release whose behaviour this service reproduces. */
export const GOTRUE_VERSION = 'v2.185.0';

export const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

/** GET /settings: e-mail sign-in, and anonymous sign-ins when turned on. */
export function settings(ctx: BackendContext): ServiceResponse {
  const on = (p: string) =>
    p === 'email' ||
    (p === 'anonymous_users' && ctx.config.auth.anonymousUsers);
  const external = Object.fromEntries(PROVIDERS.map((p) => [p, on(p)]));
  return sendJson(200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: ctx.config.auth.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

export const health = (): ServiceResponse =>
  sendJson(200, {
    version: GOTRUE_VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });

/** HS256 keys are never published, so the set is empty. */
export const jwks = (): ServiceResponse =>
  sendJson(200, { keys: [] }, { 'cache-control': 'public, max-age=600' });
