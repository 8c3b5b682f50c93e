import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, forbidden } from './errors.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { OTP_EXPIRY_SECONDS } from './rate-limit.ts';
import {
  findUserByColumn,
  findUserByEmail,
  findUserByEmailChangeToken,
  findUserById,
  type User,
} from './users.ts';

/** Types `/verify` accepts for e-mail links and codes. */
export type EmailVerifyType =
  'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

export interface Verified {
  user: User;
  type: EmailVerifyType;
}

function expired(ctx: BackendContext, sentAt: Date | null): boolean {
  if (!sentAt) return true;
  return ctx.now().getTime() > sentAt.getTime() + OTP_EXPIRY_SECONDS * 1000;
}

function sentAtFor(user: User, type: EmailVerifyType): Date | null {
  if (type === 'signup' || type === 'invite') return user.confirmation_sent_at;
  if (type === 'email_change') return user.email_change_sent_at;
  return user.recovery_sent_at;
}

const linkInvalid = () =>
  forbidden('otp_expired', 'Email link is invalid or has expired');

/** `verifyTokenHash`: the user a link's token hash belongs to. */
export async function verifyTokenHash(
  ctx: BackendContext,
  tx: Queryable,
  type: string,
  hash: string,
): Promise<Verified> {
  let user: User | undefined;
  let effective: EmailVerifyType;
  if (type === 'email') {
    user =
      (await findUserByColumn(tx, 'confirmation_token', hash)) ??
      (await findUserByColumn(tx, 'recovery_token', hash));
    effective = user?.recovery_token === hash ? 'magiclink' : 'signup';
  } else if (type === 'signup' || type === 'invite') {
    user = await findUserByColumn(tx, 'confirmation_token', hash);
    effective = type;
  } else if (type === 'recovery' || type === 'magiclink') {
    user = await findUserByColumn(tx, 'recovery_token', hash);
    effective = type;
  } else if (type === 'email_change') {
    user = await findUserByEmailChangeToken(tx, hash);
    effective = type;
  } else {
    throw badRequest('validation_failed', 'Invalid email verification type');
  }
  if (!user) throw linkInvalid();
  if (user.banned_until && user.banned_until > ctx.now()) {
    throw forbidden('user_banned', 'User is banned');
  }
  if (expired(ctx, sentAtFor(user, effective))) throw linkInvalid();
  return { user, type: effective };
}

/** `verifyUserAndToken`: an e-mail address and the code sent to it. */
export async function verifyEmailAndToken(
  ctx: BackendContext,
  tx: Queryable,
  type: string,
  email: string,
  hash: string,
): Promise<Verified> {
  const invalid = () =>
    forbidden('otp_expired', 'Token has expired or is invalid');
  let user: User | undefined;
  if (type === 'email_change') {
    const { rows } = await tx.query<{ id: string }>(
      `select id from auth.users
        where is_sso_user = false and (
          (lower(email_change) = $1 and email_change_token_new in ($2, $3)) or
          (lower(email) = $1 and email_change_token_current in ($2, $3)))
        limit 1`,
      [email, hash, PKCE_PREFIX + hash],
    );
    user = rows[0] && (await findUserById(tx, rows[0].id));
  } else {
    user = await findUserByEmail(tx, email);
  }
  if (!user) throw invalid();
  if (user.banned_until && user.banned_until > ctx.now()) {
    throw forbidden('user_banned', 'User is banned');
  }
  const valid = (stored: string | null, t: EmailVerifyType) =>
    !!stored &&
    (stored === hash || stored === PKCE_PREFIX + hash) &&
    !expired(ctx, sentAtFor(user, t));
  switch (type) {
    case 'email':
      if (valid(user.confirmation_token, 'signup'))
        return { user, type: 'signup' };
      if (valid(user.recovery_token, 'magiclink'))
        return { user, type: 'magiclink' };
      throw invalid();
    case 'signup':
    case 'invite':
      if (valid(user.confirmation_token, type)) return { user, type };
      throw invalid();
    case 'recovery':
    case 'magiclink':
      if (valid(user.recovery_token, type)) return { user, type };
      throw invalid();
    case 'email_change':
      if (
        valid(user.email_change_token_current, type) ||
        valid(user.email_change_token_new, type)
      ) {
        return { user, type };
      }
      throw invalid();
    default:
      throw invalid();
  }
}
