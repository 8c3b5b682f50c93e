import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import { badRequest, sendJson } from './errors.ts';
import { parseBody } from './params.ts';
import { createFlowState, pkceChallenge } from './pkce.ts';
import { limitAccount, limitRequest } from './rate-limit.ts';
import { redirectTarget } from './redirect.ts';
import { findUserByEmail, findUserById } from './users.ts';
import {
  sendConfirmation,
  sendEmailChange,
  sendRecovery,
} from './verification-mail.ts';

/**
 * POST /recover: `{}` whether or not the address is registered, so the
 * answer tells nobody who has an account.
 */
export async function recover(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await limitRequest(ctx, req, 'recover');
  const p = parseBody(req, 'RecoverParams', {
    email: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  if (!p.email) {
    throw badRequest(
      'validation_failed',
      'Password recovery requires an email',
    );
  }
  const email = validateEmail(p.email);
  await limitAccount(ctx, req, 'email', email);
  const challenge = pkceChallenge(p.code_challenge_method, p.code_challenge);
  const found = await findUserByEmail(ctx.db, email);
  if (found) {
    const redirectTo = redirectTarget(ctx, req);
    await ctx.db.transaction(async (tx) => {
      const user = (await findUserById(tx, found.id, true))!;
      if (challenge) {
        await createFlowState(tx, user.id, 'recovery', challenge, ctx.now());
      }
      await audit(ctx, tx, req, user, 'user_recovery_requested');
      await sendRecovery(ctx, tx, user, redirectTo, !!challenge);
    });
  }
  return sendJson(200, {});
}

const RESEND_TYPES = ['signup', 'email_change', 'sms', 'phone_change'];

/** POST /resend: the sign-up or e-mail change message again (`Resend`). */
export async function resend(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await limitRequest(ctx, req, 'resend');
  const p = parseBody(req, 'ResendConfirmationParams', {
    type: 'string',
    email: 'string',
    phone: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  if (!RESEND_TYPES.includes(p.type)) {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const challenge = pkceChallenge(p.code_challenge_method, p.code_challenge);
  if (!p.email && p.type === 'signup') {
    throw badRequest(
      'validation_failed',
      'Type provided requires an email address',
    );
  }
  if (!p.phone && p.type === 'sms') {
    throw badRequest(
      'validation_failed',
      'Type provided requires a phone number',
    );
  }
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  }
  if (p.phone) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!p.email) {
    throw badRequest(
      'validation_failed',
      'Missing email address or phone number',
    );
  }
  const email = validateEmail(p.email);
  await limitAccount(ctx, req, 'email', email);
  const found = await findUserByEmail(ctx.db, email);
  const wanted =
    found &&
    ((p.type === 'signup' && !found.email_confirmed_at) ||
      (p.type === 'email_change' && found.email_change));
  if (found && wanted) {
    const redirectTo = redirectTarget(ctx, req);
    await ctx.db.transaction(async (tx) => {
      const user = (await findUserById(tx, found.id, true))!;
      const signup = p.type === 'signup';
      if (challenge) {
        const method = signup ? 'email/signup' : 'email_change';
        await createFlowState(tx, user.id, method, challenge, ctx.now());
      }
      if (signup) {
        await audit(ctx, tx, req, user, 'user_confirmation_requested');
        await sendConfirmation(ctx, tx, user, redirectTo, !!challenge);
      } else {
        const to = user.email_change!;
        await sendEmailChange(ctx, tx, user, to, redirectTo, !!challenge);
      }
    });
  }
  return sendJson(200, {});
}
