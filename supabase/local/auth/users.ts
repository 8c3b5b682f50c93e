import type { Queryable } from '../db/types.ts';
import { goTime } from './secrets.ts';

type Time = Date | null;
type JsonMap = Record<string, unknown>;

/** A row of auth.users as the adapters return it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Time;
  invited_at: Time;
  phone: string | null;
  phone_confirmed_at: Time;
  confirmation_token: string | null;
  confirmation_sent_at: Time;
  confirmed_at: Time;
  recovery_token: string | null;
  recovery_sent_at: Time;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Time;
  email_change_confirm_status: number | null;
  phone_change: string | null;
  phone_change_sent_at: Time;
  reauthentication_token: string | null;
  reauthentication_sent_at: Time;
  last_sign_in_at: Time;
  raw_app_meta_data: JsonMap | null;
  raw_user_meta_data: JsonMap | null;
  created_at: Time;
  updated_at: Time;
  banned_until: Time;
  deleted_at: Time;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonMap | null;
  provider: string;
  last_sign_in_at: Time;
  created_at: Time;
  updated_at: Time;
  email: string | null;
}

/** A row of auth.mfa_factors without its secret. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Time;
}

export interface User extends UserRow {
  identities: IdentityRow[];
  factors: FactorRow[];
}

/** GoTrue's `uuid.Nil` instance id, which every row of a project carries. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
export const AUDIENCE = 'authenticated';

const t = (d: Time) => (d ? goTime(d) : undefined);

/** The identity JSON of `models.Identity` (`omitempty` fields dropped). */
export function identityJson(i: IdentityRow): JsonMap {
  const data = i.identity_data ?? {};
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: Object.keys(data).length ? data : undefined,
    provider: i.provider,
    last_sign_in_at: t(i.last_sign_in_at),
    created_at: t(i.created_at),
    updated_at: t(i.updated_at),
    email: i.email || undefined,
  };
}

/** The factor JSON of `models.Factor` (the secret is never sent). */
export function factorJson(f: FactorRow): JsonMap {
  return {
    id: f.id,
    created_at: goTime(f.created_at),
    updated_at: goTime(f.updated_at),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: f.phone ?? '',
    last_challenged_at: f.last_challenged_at
      ? goTime(f.last_challenged_at)
      : null,
  };
}

/** The columns of auth.mfa_factors a client may see. */
export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text,
  status::text, created_at, updated_at, phone, last_challenged_at`;

/** A user's factors, oldest first (`models.User.Factors`). */
export async function findFactors(
  q: Queryable,
  userId: string,
): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors
      where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

/** The user JSON of `models.User`, in its field order. */
export function userJson(u: User): JsonMap {
  return {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: t(u.email_confirmed_at),
    invited_at: t(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: t(u.phone_confirmed_at),
    confirmation_sent_at: t(u.confirmation_sent_at),
    confirmed_at: t(u.confirmed_at),
    recovery_sent_at: t(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: t(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: t(u.phone_change_sent_at),
    reauthentication_sent_at: t(u.reauthentication_sent_at),
    last_sign_in_at: t(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    factors: u.factors.length ? u.factors.map(factorJson) : undefined,
    identities: u.identities.map(identityJson),
    created_at: t(u.created_at),
    updated_at: t(u.updated_at),
    banned_until: t(u.banned_until),
    deleted_at: t(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
}

async function withIdentities(
  q: Queryable,
  row: UserRow | undefined,
): Promise<User | undefined> {
  if (!row) return undefined;
  const { rows } = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider,
            last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, id`,
    [row.id],
  );
  return { ...row, identities: rows, factors: await findFactors(q, row.id) };
}

export async function findUserById(
  q: Queryable,
  id: string,
  lock = false,
): Promise<User | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return withIdentities(q, rows[0]);
}

/** `FindUserByEmailAndAudience`: non-SSO users, e-mail compared lower-cased. */
export async function findUserByEmail(
  q: Queryable,
  email: string,
): Promise<User | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users
      where lower(email) = lower($1) and aud = $2 and is_sso_user = false
      limit 1`,
    [email, AUDIENCE],
  );
  return withIdentities(q, rows[0]);
}

export async function findUserByColumn(
  q: Queryable,
  column: 'confirmation_token' | 'recovery_token',
  value: string,
): Promise<User | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users
      where ${column} = $1 and is_sso_user = false limit 1`,
    [value],
  );
  return withIdentities(q, rows[0]);
}

export async function findUserByEmailChangeToken(
  q: Queryable,
  hash: string,
): Promise<User | undefined> {
  const { rows } = await q.query<UserRow>(
    `select * from auth.users
      where is_sso_user = false
        and (email_change_token_current = $1 or email_change_token_new = $1)
      limit 1`,
    [hash],
  );
  return withIdentities(q, rows[0]);
}
