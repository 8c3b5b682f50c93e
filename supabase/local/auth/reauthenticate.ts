import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { requireUser } from './guard.ts';
import { findUserById } from './users.ts';
import { sendReauthentication } from './verification-mail.ts';

/** GET /reauthenticate: mails the signed-in user a one-time code. */
export async function reauthenticate(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const { user } = await requireUser(ctx, req);
  if (!user.email) {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email_confirmed_at) {
    throw unprocessable(
      'email_not_confirmed',
      'Please verify your email first.',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, user, 'user_reauthenticate_requested');
    await sendReauthentication(
      ctx,
      tx,
      (await findUserById(tx, user.id, true))!,
    );
  });
  return sendJson(200, {});
}
