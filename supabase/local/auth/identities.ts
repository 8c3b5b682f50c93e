import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import {
  badRequest,
  forbidden,
  notFound,
  sendJson,
  unprocessable,
} from './errors.ts';
import { requireUser } from './guard.ts';
import { PROVIDERS } from './meta.ts';
import { isUuid } from './secrets.ts';
import { AUDIENCE, findUserById } from './users.ts';
import { refreshProviders } from './user-updates.ts';

/** `requireManualLinkingEnabled`: off by default, as on hosted Supabase. */
function requireManualLinking(ctx: BackendContext): void {
  if (!ctx.config.auth.manualLinking) {
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  }
}

// The OAuth providers GoTrue knows; none is enabled in this backend.
const OAUTH_PROVIDERS = new Set(
  PROVIDERS.filter((p) => !['anonymous_users', 'email', 'phone'].includes(p)),
);

/**
 * GET /user/identities/authorize (`LinkIdentity`, auth-js `linkIdentity`):
 * no OAuth provider is enabled here, so it answers as GoTrue's `Provider`
 * lookup does for a disabled or an unknown one.
 */
export async function linkIdentity(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await requireUser(ctx, req);
  requireManualLinking(ctx);
  const name = (req.url.searchParams.get('provider') ?? '').toLowerCase();
  const why = OAUTH_PROVIDERS.has(name)
    ? 'provider is not enabled'
    : `Provider ${name} could not be found`;
  throw badRequest('validation_failed', `Unsupported provider: ${why}`);
}

/**
 * DELETE /user/identities/:id (`DeleteIdentity`, auth-js `unlinkIdentity`):
 * a user keeps at least one identity; the identity must be the user's own.
 */
export async function unlinkIdentity(
  ctx: BackendContext,
  req: ServiceRequest,
  identityId: string,
): Promise<ServiceResponse> {
  const { user, claims } = await requireUser(ctx, req);
  requireManualLinking(ctx);
  if (!isUuid(identityId)) {
    throw notFound('validation_failed', 'identity_id must be an UUID');
  }
  const aud = req.headers['x-jwt-aud'] || AUDIENCE;
  const tokenAud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (tokenAud !== aud) {
    throw forbidden(
      'unexpected_audience',
      "Token audience doesn't match request audience",
    );
  }
  if (user.identities.length <= 1) {
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  }
  const identity = user.identities.find((i) => i.id === identityId);
  if (!identity) {
    throw unprocessable('identity_not_found', "Identity doesn't exist");
  }
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, user, 'identity_unlinked', {
      identity_id: identity.id,
      provider: identity.provider,
      provider_id: identity.provider_id,
    });
    await tx.query('delete from auth.identities where id = $1', [identity.id]);
    await refreshProviders(tx, (await findUserById(tx, user.id))!, ctx.now());
  });
  return sendJson(200, {});
}
