import { randomBytes } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { confirmEmail, createEmailUser } from './accounts.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import { badRequest, sendJson, unprocessable } from './errors.ts';
import { parseBody } from './params.ts';
import { createFlowState, pkceChallenge } from './pkce.ts';
import { hashPassword } from './passwords.ts';
import { limitAccount, limitRequest } from './rate-limit.ts';
import { redirectTarget } from './redirect.ts';
import { findUserByEmail, findUserById } from './users.ts';
import { sendConfirmation, sendMagicLink } from './verification-mail.ts';

const OTP_PARAMS = {
  email: 'string',
  phone: 'string',
  create_user: 'ptr-bool',
  data: 'map',
  channel: 'string',
  code_challenge_method: 'string',
  code_challenge: 'string',
} as const;

/**
 * POST /otp (`signInWithOtp` with an e-mail): a magic link to a known
 * address; an unknown one is signed up first with a random password, as
 * GoTrue's `MagicLink` does (confirmation mail when confirmations are on).
 */
export async function otp(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await limitRequest(ctx, req, 'otp');
  const p = parseBody(req, 'OtpParams', OTP_PARAMS);
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  }
  if (p.email && p.channel) {
    throw badRequest(
      'validation_failed',
      'Channel should only be specified with Phone OTP',
    );
  }
  const challenge = pkceChallenge(p.code_challenge_method, p.code_challenge);
  const pkce = !!challenge;
  if (p.phone) {
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  }
  if (!p.email) {
    throw badRequest('validation_failed', 'One of email or phone must be set');
  }
  const email = validateEmail(p.email);
  await limitAccount(ctx, req, 'email', email);
  const found = await findUserByEmail(ctx.db, email);
  if (!found && p.create_user === false) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  const redirectTo = redirectTarget(ctx, req);
  const { autoconfirm } = ctx.config.auth;
  const passwordHash = found
    ? null
    : await hashPassword(randomBytes(33).toString('base64url'));

  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const flow = async (
      userId: string,
      method: 'magiclink' | 'email/signup',
    ) => {
      if (challenge) await createFlowState(tx, userId, method, challenge, now);
    };
    let user = found && (await findUserById(tx, found.id, true));
    if (!user) {
      user = await createEmailUser(
        tx,
        { email, passwordHash, data: p.data ?? {} },
        now,
      );
      await audit(ctx, tx, req, user, 'user_signedup', { provider: 'email' });
      if (!autoconfirm) {
        await flow(user.id, 'email/signup');
        return sendConfirmation(ctx, tx, user, redirectTo, pkce);
      }
      await confirmEmail(tx, user, now);
      user = (await findUserById(tx, user.id))!;
    } else if (!user.email_confirmed_at && !autoconfirm) {
      await flow(user.id, 'email/signup');
      return sendConfirmation(ctx, tx, user, redirectTo, pkce);
    }
    await audit(ctx, tx, req, user, 'user_recovery_requested');
    await flow(user.id, 'magiclink');
    await sendMagicLink(ctx, tx, user, redirectTo, pkce);
  });
  return sendJson(200, {});
}
