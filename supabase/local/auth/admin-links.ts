import { randomBytes } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { createEmailUser } from './accounts.ts';
import { adminActor } from './admin.ts';
import { audit } from './audit.ts';
import { validateEmail } from './email.ts';
import { badRequest, notFound, sendJson, unprocessable } from './errors.ts';
import { requireAdmin } from './guard.ts';
import { verifyLink } from './mail.ts';
import { parseBody } from './params.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { isRedirectAllowed, redirectTarget } from './redirect.ts';
import { newOtp, tokenHash } from './secrets.ts';
import { findUserByEmail, findUserById, userJson, type User } from './users.ts';
import { mergeMetadata, updateUser, type UserChanges } from './user-updates.ts';
import { sendInvite, storeOneTimeToken } from './verification-mail.ts';

/** GoTrue's `DuplicateEmailMsg`. */
const DUPLICATE_EMAIL =
  'A user with this email address has already been registered';

const emailExists = () => unprocessable('email_exists', DUPLICATE_EMAIL);

/**
 * A new invited (or generated-link) user: no password, the e-mail identity
 * with GoTrue's bare claims and the request's data as user metadata.
 */
async function createInvitedUser(
  ctx: BackendContext,
  tx: Queryable,
  email: string,
  data: Record<string, unknown>,
  passwordHash: string | null,
): Promise<User> {
  return createEmailUser(
    tx,
    { email, passwordHash, data: {}, userMetadata: data },
    ctx.now(),
  );
}

/** POST /invite (`Invite`): creates the user if needed and mails the link. */
export async function invite(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(ctx, req);
  const p = parseBody(req, 'InviteParams', { email: 'string', data: 'map' });
  const email = validateEmail(p.email);
  const redirectTo = redirectTarget(ctx, req);
  const user = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) throw emailExists();
    user ??= await createInvitedUser(ctx, tx, email, p.data ?? {}, null);
    await audit(ctx, tx, req, adminActor, 'user_invited', {
      user_id: user.id,
      user_email: user.email,
    });
    await sendInvite(ctx, tx, user, redirectTo);
    return (await findUserById(tx, user.id))!;
  });
  return sendJson(200, userJson(user));
}

const LINK_PARAMS = {
  type: 'string',
  email: 'string',
  new_email: 'string',
  password: 'string',
  data: 'map',
  redirect_to: 'string',
} as const;

type LinkType =
  | 'signup'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change_current'
  | 'email_change_new';

/** The `/verify` type and the token column each link type spends. */
const LINK_TOKEN: Record<
  LinkType,
  {
    verify: 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';
    column:
      | 'confirmation_token'
      | 'recovery_token'
      | 'email_change_token_current'
      | 'email_change_token_new';
  }
> = {
  signup: { verify: 'signup', column: 'confirmation_token' },
  invite: { verify: 'invite', column: 'confirmation_token' },
  magiclink: { verify: 'magiclink', column: 'recovery_token' },
  recovery: { verify: 'recovery', column: 'recovery_token' },
  email_change_current: {
    verify: 'email_change',
    column: 'email_change_token_current',
  },
  email_change_new: {
    verify: 'email_change',
    column: 'email_change_token_new',
  },
};

const isLinkType = (t: string): t is LinkType => t in LINK_TOKEN;

/**
 * POST /admin/generate_link (`adminGenerateLink`): the link (and its code)
 * an e-mail of the type would carry, without sending it. The answer is the
 * user's JSON plus `action_link`, `email_otp`, `hashed_token`,
 * `verification_type` and `redirect_to`, as GoTrue's `GenerateLinkResponse`.
 */
export async function generateLink(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(ctx, req);
  const p = parseBody(req, 'GenerateLinkParams', LINK_PARAMS);
  const email = validateEmail(p.email);
  const referrer = isRedirectAllowed(ctx, p.redirect_to)
    ? p.redirect_to
    : redirectTarget(ctx, req);
  const existing = await findUserByEmail(ctx.db, email);
  let type = p.type;
  let password = p.password;
  if (!existing) {
    if (type === 'magiclink') {
      // A magic link for an unknown address signs a new user up.
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (
      type === 'recovery' ||
      type === 'email_change_current' ||
      type === 'email_change_new'
    ) {
      throw notFound('user_not_found', 'User with this email not found');
    }
  }
  let passwordHash: string | null = null;
  if (type === 'signup' && !existing) {
    // `validateSignupParams`, before anything is written.
    if (!password) {
      throw badRequest('validation_failed', 'Signup requires a valid password');
    }
    checkPasswordStrength(ctx.config.auth.password, password);
    passwordHash = await hashPassword(password);
  }
  if (!isLinkType(type)) {
    throw badRequest(
      'validation_failed',
      `Invalid email action link type requested: ${type}`,
    );
  }
  const otp = newOtp();
  const hashedToken = tokenHash(ctx.config.jwtSecret, email, otp);
  const data = p.data ?? {};

  const user = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    /** The confirmation token the signup and invite links spend. */
    const setConfirmation = async (u: User, extra: UserChanges = {}) => {
      await updateUser(
        tx,
        u.id,
        {
          confirmation_token: hashedToken,
          confirmation_sent_at: now,
          ...extra,
        },
        now,
      );
      await storeOneTimeToken(tx, u, 'confirmation_token', email, hashedToken);
    };
    let user = existing && (await findUserById(tx, existing.id, true));
    switch (type) {
      case 'magiclink':
      case 'recovery':
        await audit(ctx, tx, req, user!, 'user_recovery_requested');
        await updateUser(
          tx,
          user!.id,
          { recovery_token: hashedToken, recovery_sent_at: now },
          now,
        );
        await storeOneTimeToken(
          tx,
          user!,
          'recovery_token',
          email,
          hashedToken,
        );
        break;
      case 'invite':
        if (user?.email_confirmed_at) throw emailExists();
        user ??= await createInvitedUser(ctx, tx, email, data, null);
        await audit(ctx, tx, req, adminActor, 'user_invited', {
          user_id: user.id,
          user_email: user.email,
        });
        await setConfirmation(user, { invited_at: now });
        break;
      case 'signup':
        if (user) {
          if (user.email_confirmed_at) throw emailExists();
          await updateUser(
            tx,
            user.id,
            {
              raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data),
            },
            now,
          );
        } else {
          user = await createInvitedUser(ctx, tx, email, data, passwordHash);
        }
        await setConfirmation(user);
        break;
      case 'email_change_current':
      case 'email_change_new': {
        const newEmail = validateEmail(p.new_email);
        const other = await findUserByEmail(tx, newEmail);
        if (other && other.id !== user!.id) throw emailExists();
        const changes =
          type === 'email_change_current'
            ? { email_change_token_current: hashedToken }
            : {
                email_change_token_new: tokenHash(
                  ctx.config.jwtSecret,
                  newEmail,
                  otp,
                ),
              };
        await updateUser(
          tx,
          user!.id,
          {
            ...changes,
            email_change: newEmail,
            email_change_sent_at: now,
            email_change_confirm_status: 0,
          },
          now,
        );
        const updated = (await findUserById(tx, user!.id))!;
        if (updated.email_change_token_current) {
          await storeOneTimeToken(
            tx,
            updated,
            'email_change_token_current',
            email,
            updated.email_change_token_current,
          );
        }
        if (updated.email_change_token_new) {
          await storeOneTimeToken(
            tx,
            updated,
            'email_change_token_new',
            newEmail,
            updated.email_change_token_new,
          );
        }
        break;
      }
    }
    return (await findUserById(tx, user!.id))!;
  });
  const { verify, column } = LINK_TOKEN[type];
  return sendJson(200, {
    ...userJson(user),
    action_link: verifyLink(ctx, user[column] ?? '', verify, referrer),
    email_otp: otp,
    hashed_token: hashedToken,
    verification_type: type,
    redirect_to: referrer,
  });
}
