import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import { badRequest } from './errors.ts';
import { requireUser } from './guard.ts';
import { deleteSession, deleteUserSessions } from './sessions.ts';

/** POST /logout?scope=global|local|others: 204, no body. */
export async function logout(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const { user, session } = await requireUser(ctx, req);
  const scope = req.url.searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest(
      'validation_failed',
      `Unsupported logout scope ${JSON.stringify(scope)}`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, user, 'logout');
    if (session && scope === 'local') return deleteSession(tx, session.id);
    if (session && scope === 'others') {
      return deleteUserSessions(tx, user.id, session.id);
    }
    return deleteUserSessions(tx, user.id);
  });
  return { status: 204 };
}
