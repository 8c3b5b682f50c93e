import type { Queryable } from '../db/types.ts';
import { ERRORS } from './errors.ts';

/** `storage.objects.metadata` as Storage writes it. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
}

export interface BucketRow {
  id: string;
  public: boolean | null;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at';

export async function findBucket(
  tx: Queryable,
  id: string,
): Promise<BucketRow | undefined> {
  const { rows } = await tx.query<BucketRow>(
    `select id, public, file_size_limit, allowed_mime_types
       from storage.buckets where id = $1 limit 1`,
    [id],
  );
  return rows[0];
}

export async function mustFindBucket(tx: Queryable, id: string) {
  const bucket = await findBucket(tx, id);
  if (!bucket) throw ERRORS.noSuchBucket();
  return bucket;
}

export async function findObject(
  tx: Queryable,
  bucket: string,
  name: string,
): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects
      where name = $1 and bucket_id = $2 limit 1`,
    [name, bucket],
  );
  if (!rows[0]) throw ERRORS.noSuchKey();
  return rows[0];
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner: string | undefined;
  version: string;
  metadata: object;
  userMetadata: Record<string, unknown> | null | undefined;
}

const UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The deprecated uuid `owner` column: Storage fills it only with uuids. */
export const ownerUuid = (owner: string | undefined) =>
  owner && UUID.test(owner) ? owner : null;

const values = (o: NewObject) => [
  o.id,
  o.bucket,
  o.name,
  ownerUuid(o.owner),
  o.owner ?? null,
  JSON.stringify(o.metadata),
  o.userMetadata ? JSON.stringify(o.userMetadata) : null,
  o.version,
];

const INSERT = `insert into storage.objects
  (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;

/**
 * Storage's `createObject`: a plain insert without RETURNING, so an
 * insert-only policy suffices. A taken name is KeyAlreadyExists.
 */
export async function insertObject(tx: Queryable, o: NewObject) {
  try {
    await tx.query(INSERT, values(o));
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw ERRORS.keyExists();
    throw err;
  }
}

/**
 * Storage's `upsertObject` (needs insert, select and update policies). Also
 * returns the version it replaced, whose bytes the caller then drops.
 */
export async function upsertObject(tx: Queryable, o: NewObject) {
  const { rows } = await tx.query<{ id: string; previous: string | null }>(
    `with previous as (
       select version from storage.objects where bucket_id = $2 and name = $3
     )
     ${INSERT}
     on conflict (name, bucket_id) do update set
       metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       version = excluded.version, owner = excluded.owner,
       owner_id = excluded.owner_id
     returning id, (select version from previous) as previous`,
    values(o),
  );
  const row = rows[0];
  if (!row) throw ERRORS.noSuchKey();
  return row;
}
