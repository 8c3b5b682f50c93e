import type { Queryable } from '../db/types.ts';
import type { IdentityRow, User, UserRow } from './users.ts';

type JsonMap = Record<string, unknown>;

/** Columns a handler may set; values are always bound parameters. */
export type UserChanges = Partial<
  Omit<UserRow, 'id' | 'confirmed_at' | 'created_at' | 'updated_at'>
>;

const JSON_COLUMNS = new Set(['raw_app_meta_data', 'raw_user_meta_data']);

/** Updates the given columns and `updated_at`, as pop's `UpdateOnly` does. */
export async function updateUser(
  q: Queryable,
  id: string,
  changes: UserChanges,
  now: Date,
): Promise<void> {
  const params: unknown[] = [id, now.toISOString()];
  const sets = ['updated_at = $2'];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const json = JSON_COLUMNS.has(column);
    params.push(json && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}${json ? '::jsonb' : ''}`);
  }
  await q.query(
    `update auth.users set ${sets.join(', ')} where id = $1`,
    params,
  );
}

/** Key-wise merge where a `null` value deletes the key (`UpdateUserMetaData`). */
export function mergeMetadata(
  current: JsonMap | null,
  updates: JsonMap,
): JsonMap {
  const out = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function updateIdentityData(
  q: Queryable,
  identity: IdentityRow,
  updates: JsonMap,
): Promise<void> {
  const data = mergeMetadata(identity.identity_data, updates);
  identity.identity_data = data;
  await q.query(
    `update auth.identities set identity_data = $2::jsonb where id = $1`,
    [identity.id, JSON.stringify(data)],
  );
}

/** `UpdateAppMetaDataProviders`: providers listed from the identities. */
export async function refreshProviders(
  q: Queryable,
  user: User,
  now: Date,
): Promise<void> {
  const { rows } = await q.query<{ provider: string }>(
    `select distinct provider from auth.identities
      where user_id = $1 order by provider`,
    [user.id],
  );
  const providers = rows.map((r) => r.provider);
  const updates: JsonMap = { providers };
  if (providers.length) updates.provider = providers[0];
  await updateUser(
    q,
    user.id,
    { raw_app_meta_data: mergeMetadata(user.raw_app_meta_data, updates) },
    now,
  );
}
