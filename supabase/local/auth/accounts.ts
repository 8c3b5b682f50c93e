import { isPgError, type Queryable } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { newId } from './secrets.ts';
import { AUDIENCE, findUserById, INSTANCE_ID, type User } from './users.ts';
import { mergeMetadata, updateUser } from './user-updates.ts';

type JsonMap = Record<string, unknown>;

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  userMetadata: JsonMap;
  appMetadata: JsonMap;
  role?: string;
  isAnonymous?: boolean;
}

/**
 * Inserts a user as GoTrue's `tx.Create(user)` does: plain SQL as the
 * connecting role, so the app's `after insert on auth.users` triggers run
 * with full rights, and empty strings in the token columns.
 */
export async function insertUser(
  tx: Queryable,
  u: NewUser,
  now: Date,
): Promise<string> {
  const id = u.id ?? newId();
  const at = now.toISOString();
  try {
    await tx.query(
      `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password,
       confirmation_token, recovery_token, email_change_token_new,
       email_change, email_change_token_current, email_change_confirm_status,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone,
       phone_change, phone_change_token, reauthentication_token, is_sso_user,
       is_anonymous)
     values ($1, $2, $3, $4, $5, $6, '', '', '', '', '', 0, $7::jsonb,
       $8::jsonb, $9, $9, $10, '', '', '', false, $11)`,
      [
        INSTANCE_ID,
        id,
        AUDIENCE,
        u.role ?? AUDIENCE,
        u.email,
        u.passwordHash ?? '',
        JSON.stringify(u.appMetadata),
        JSON.stringify(u.userMetadata),
        at,
        u.phone ?? null,
        u.isAnonymous ?? false,
      ],
    );
  } catch (e) {
    // App triggers on auth.users fail here; GoTrue answers with this 500.
    if (!isPgError(e) || e.code === '23505') throw e;
    console.error('[peega auth] inserting a user failed:', e);
    throw new AuthError(
      500,
      'unexpected_failure',
      'Database error saving new user',
    );
  }
  return id;
}

/** Inserts an identity; the provider id is the user id for email/phone. */
export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  identityData: JsonMap,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data,
       provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, $6, $6, $6)`,
    [
      newId(),
      String(identityData.sub),
      userId,
      JSON.stringify(identityData),
      provider,
      at,
    ],
  );
}

/**
 * The identity data GoTrue builds for an email sign-up (`provider.Claims`
 * through `structs.Map`), then the sign-up data keys not already present.
 */
export function emailIdentityData(
  userId: string,
  email: string,
  data: JsonMap,
  emailVerified = false,
): JsonMap {
  const claims: JsonMap = {
    sub: userId,
    email,
    email_verified: emailVerified,
    phone_verified: false,
  };
  for (const [k, v] of Object.entries(data)) if (!(k in claims)) claims[k] = v;
  return claims;
}

/** Creates an email user with its identity in one transaction's scope. */
export async function createEmailUser(
  tx: Queryable,
  fields: {
    id?: string;
    email: string;
    passwordHash: string | null;
    data: JsonMap;
    role?: string;
    userMetadata?: JsonMap;
  },
  now: Date,
): Promise<User> {
  const id = fields.id ?? newId();
  const identityData = emailIdentityData(id, fields.email, fields.data);
  await insertUser(
    tx,
    {
      id,
      email: fields.email,
      passwordHash: fields.passwordHash,
      // GoTrue overwrites an unconfirmed user's metadata with the identity's.
      userMetadata: fields.userMetadata ?? identityData,
      appMetadata: { provider: 'email', providers: ['email'] },
      role: fields.role,
    },
    now,
  );
  await insertIdentity(tx, id, 'email', identityData, now);
  return (await findUserById(tx, id))!;
}

/** `User.Confirm`: confirms the e-mail and marks it verified in the metadata. */
export async function confirmEmail(
  tx: Queryable,
  user: User,
  now: Date,
): Promise<void> {
  await updateUser(
    tx,
    user.id,
    {
      confirmation_token: '',
      email_confirmed_at: now,
      raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, {
        email_verified: true,
      }),
    },
    now,
  );
  await tx.query('delete from auth.one_time_tokens where user_id = $1', [
    user.id,
  ]);
}
