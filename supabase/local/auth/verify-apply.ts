import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { confirmEmail, emailIdentityData, insertIdentity } from './accounts.ts';
import { audit } from './audit.ts';
import { PKCE_PREFIX } from './pkce.ts';
import { findUserById, type User } from './users.ts';
import { updateIdentityData, updateUser } from './user-updates.ts';
import type { EmailVerifyType } from './verify-token.ts';

/** Only applicable with secure e-mail change, GoTrue's default. */
export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function clearTokens(tx: Queryable, userId: string, type?: string) {
  await tx.query(
    `delete from auth.one_time_tokens
      where user_id = $1 and ($2::text is null or token_type = $2)`,
    [userId, type ?? null],
  );
}

/** `signupVerify`: confirm the address and mark matching identities verified. */
async function signupVerify(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  user: User,
): Promise<void> {
  await audit(ctx, tx, req, user, 'user_signedup', { provider: 'email' });
  await confirmEmail(tx, user, ctx.now());
  for (const identity of user.identities) {
    if (identity.email && user.email && identity.email === user.email) {
      await updateIdentityData(tx, identity, { email_verified: true });
    }
  }
}

/** `recoverVerify`: spend the recovery token; confirms a new address too. */
async function recoverVerify(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  user: User,
): Promise<void> {
  const now = ctx.now();
  await updateUser(tx, user.id, { recovery_token: '' }, now);
  await clearTokens(tx, user.id);
  if (!user.email_confirmed_at) {
    await audit(ctx, tx, req, user, 'user_signedup', { provider: 'email' });
    await confirmEmail(tx, user, now);
  } else {
    await audit(ctx, tx, req, user, 'login');
  }
}

/**
 * `emailChangeVerify`: with confirmations on, the first of the two links
 * only records itself ('single'); the second (or the only one, with
 * autoconfirm) moves the address.
 */
async function emailChangeVerify(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  user: User,
  hash: string,
): Promise<'single' | 'done'> {
  const now = ctx.now();
  if (
    !ctx.config.auth.autoconfirm &&
    user.email_change_confirm_status === 0 &&
    user.email
  ) {
    const current = [hash, PKCE_PREFIX + hash].includes(
      user.email_change_token_current ?? '',
    );
    await updateUser(
      tx,
      user.id,
      {
        email_change_confirm_status: 1,
        ...(current
          ? { email_change_token_current: '' }
          : { email_change_token_new: '' }),
      },
      now,
    );
    await clearTokens(
      tx,
      user.id,
      current ? 'email_change_token_current' : 'email_change_token_new',
    );
    return 'single';
  }
  const newEmail = user.email_change ?? '';
  await audit(ctx, tx, req, user, 'user_modified');
  const identity = user.identities.find((i) => i.provider === 'email');
  if (identity) {
    await updateIdentityData(tx, identity, {
      email: newEmail,
      email_verified: true,
    });
  } else {
    const data = emailIdentityData(user.id, newEmail, {}, true);
    await insertIdentity(tx, user.id, 'email', data, now);
  }
  await updateUser(
    tx,
    user.id,
    {
      email: newEmail,
      // An anonymous user with a confirmed address is a permanent user.
      is_anonymous: false,
      email_change: '',
      email_change_token_current: '',
      email_change_token_new: '',
      email_change_confirm_status: 0,
    },
    now,
  );
  await clearTokens(tx, user.id);
  if (!user.email_confirmed_at) await confirmEmail(tx, user, now);
  return 'done';
}

/** Applies a verified link or code; 'single' = first half of an e-mail change. */
export async function applyVerification(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  user: User,
  type: EmailVerifyType,
  hash: string,
): Promise<User | 'single'> {
  if (type === 'signup' || type === 'invite') {
    await signupVerify(ctx, tx, req, user);
  } else if (type === 'recovery' || type === 'magiclink') {
    await recoverVerify(ctx, tx, req, user);
  } else if ((await emailChangeVerify(ctx, tx, req, user, hash)) === 'single') {
    return 'single';
  }
  return (await findUserById(tx, user.id))!;
}
