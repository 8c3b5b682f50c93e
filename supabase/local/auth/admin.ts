import { randomBytes } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { confirmEmail, createEmailUser } from './accounts.ts';
import { audit } from './audit.ts';
import { parseDuration } from './duration.ts';
import { validateEmail } from './email.ts';
import { badRequest, notFound, sendJson, unprocessable } from './errors.ts';
import { requireAdmin } from './guard.ts';
import { listUsers } from './admin-list.ts';
import { adminDeleteFactor, adminListFactors } from './mfa.ts';
import { parseBody } from './params.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { isUuid } from './secrets.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, findUserById, userJson, type User } from './users.ts';
import {
  mergeMetadata,
  updateIdentityData,
  updateUser,
  type UserChanges,
} from './user-updates.ts';

const ADMIN_PARAMS = {
  id: 'string',
  email: 'string',
  phone: 'string',
  password: 'ptr-string',
  password_hash: 'string',
  email_confirm: 'bool',
  user_metadata: 'map',
  app_metadata: 'map',
  role: 'string',
  ban_duration: 'string',
} as const;

/** The audit actor of a service-role request. */
export const adminActor = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'service_role',
};

function banUntil(
  ctx: BackendContext,
  duration: string,
): Date | null | undefined {
  if (!duration) return undefined;
  if (duration === 'none') return null;
  const ms = parseDuration(duration);
  if (ms === undefined) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(duration)}`,
    );
  }
  return new Date(ctx.now().getTime() + ms);
}

async function emailTaken(ctx: BackendContext, email: string, self?: string) {
  const other = await findUserByEmail(ctx.db, email);
  if (other && other.id !== self) {
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
}

/** POST /admin/users (`adminUserCreate`), e-mail users. */
async function createUser(ctx: BackendContext, req: ServiceRequest) {
  const p = parseBody(req, 'AdminUserParams', ADMIN_PARAMS);
  if (!p.email && !p.phone) {
    throw badRequest(
      'validation_failed',
      'Cannot create a user without either an email or phone',
    );
  }
  if (p.phone)
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(p.email);
  await emailTaken(ctx, email);
  if (p.password !== undefined && p.password_hash) {
    throw badRequest(
      'validation_failed',
      'Only a password or a password hash should be provided',
    );
  }
  if (p.id && !isUuid(p.id)) {
    throw badRequest(
      'validation_failed',
      'ID must conform to the uuid v4 format',
    );
  }
  if (p.id && (await findUserById(ctx.db, p.id))) {
    throw unprocessable('user_already_exists', 'User already registered');
  }
  if (
    p.password_hash &&
    !/^\$2[aby]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(p.password_hash)
  ) {
    throw badRequest(
      'validation_failed',
      'Password hash must be a bcrypt hash',
    );
  }
  const bannedUntil = banUntil(ctx, p.ban_duration);
  const passwordHash =
    p.password_hash ||
    (await hashPassword(p.password || randomBytes(48).toString('base64url')));
  const user = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const created = await createEmailUser(
      tx,
      {
        id: p.id || undefined,
        email,
        passwordHash,
        data: {},
        role: p.role || undefined,
        userMetadata: p.user_metadata ?? {},
      },
      now,
    );
    await audit(ctx, tx, req, adminActor, 'user_signedup', {
      user_id: created.id,
      user_email: email,
      provider: 'email',
    });
    if (p.app_metadata) {
      const merged = mergeMetadata(created.raw_app_meta_data, p.app_metadata);
      await updateUser(tx, created.id, { raw_app_meta_data: merged }, now);
    }
    if (p.email_confirm)
      await confirmEmail(tx, (await findUserById(tx, created.id))!, now);
    if (bannedUntil !== undefined) {
      await updateUser(tx, created.id, { banned_until: bannedUntil }, now);
    }
    return (await findUserById(tx, created.id))!;
  });
  return sendJson(200, userJson(user));
}

/** PUT /admin/users/:id (`adminUserUpdate`). */
async function updateUserById(
  ctx: BackendContext,
  req: ServiceRequest,
  user: User,
) {
  const p = parseBody(req, 'AdminUserParams', ADMIN_PARAMS);
  const email = p.email ? validateEmail(p.email) : '';
  if (p.phone)
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const bannedUntil = banUntil(ctx, p.ban_duration);
  if (email && email !== user.email) await emailTaken(ctx, email, user.id);
  if (p.password !== undefined)
    checkPasswordStrength(ctx.config.auth.password, p.password);
  const passwordHash =
    p.password !== undefined ? await hashPassword(p.password) : undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const changes: UserChanges = {};
    if (p.role) changes.role = p.role;
    if (passwordHash) changes.encrypted_password = passwordHash;
    if (email) changes.email = email;
    if (bannedUntil !== undefined) changes.banned_until = bannedUntil;
    await updateUser(tx, user.id, changes, now);
    if (p.email_confirm)
      await confirmEmail(tx, (await findUserById(tx, user.id))!, now);
    if (passwordHash) await deleteUserSessions(tx, user.id);
    const identity = user.identities.find((i) => i.provider === 'email');
    if (email && identity) {
      await updateIdentityData(tx, identity, {
        email,
        email_verified: p.email_confirm,
      });
    }
    const current = (await findUserById(tx, user.id))!;
    const meta: UserChanges = {};
    if (p.app_metadata)
      meta.raw_app_meta_data = mergeMetadata(
        current.raw_app_meta_data,
        p.app_metadata,
      );
    if (p.user_metadata)
      meta.raw_user_meta_data = mergeMetadata(
        current.raw_user_meta_data,
        p.user_metadata,
      );
    await updateUser(tx, user.id, meta, now);
    await audit(ctx, tx, req, adminActor, 'user_modified', {
      user_id: user.id,
      user_email: email || user.email,
    });
    return (await findUserById(tx, user.id))!;
  });
  return sendJson(200, userJson(updated));
}

/** `/admin/users/{id}/factors[/{factor_id}]`: list (GET) or delete (DELETE). */
export async function adminUserFactors(
  ctx: BackendContext,
  req: ServiceRequest,
  id: string,
  factorId: string | undefined,
): Promise<ServiceResponse> {
  await requireAdmin(ctx, req);
  if (!isUuid(id))
    throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  if (factorId === undefined) return adminListFactors(user);
  return adminDeleteFactor(ctx, req, user, factorId);
}

/** The `/admin/users…` routes; every one needs a service-role token. */
export async function adminUsers(
  ctx: BackendContext,
  req: ServiceRequest,
  id: string | undefined,
): Promise<ServiceResponse> {
  await requireAdmin(ctx, req);
  if (id === undefined) {
    return req.method === 'GET' ? listUsers(ctx, req) : createUser(ctx, req);
  }
  if (!isUuid(id))
    throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  if (req.method === 'GET') return sendJson(200, userJson(user));
  if (req.method === 'PUT') return updateUserById(ctx, req, user);
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, adminActor, 'user_deleted', {
      user_id: user.id,
      user_email: user.email,
    });
    await tx.query('delete from auth.users where id = $1', [user.id]);
  });
  return sendJson(200, {});
}
