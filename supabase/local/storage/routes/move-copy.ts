import { randomUUID } from 'node:crypto';
import { json } from '../../http.ts';
import type { BlobLocation } from '../blob-store.ts';
import { ERRORS } from '../errors.ts';
import { mustBeValidKey } from '../keys.ts';
import {
  findObject,
  insertObject,
  ownerUuid,
  upsertObject,
  type ObjectRow,
} from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import {
  asSuperUser,
  inScope,
  ownerOf,
  requestScope,
  type Scope,
} from '../scope.ts';
import { parseUserMetadataHeader } from '../upload-body.ts';
import {
  jsonBody,
  optBoolean,
  optObject,
  optString,
  required,
  type Json,
} from '../validate.ts';

interface Transfer {
  from: BlobLocation & { row: ObjectRow };
  to: BlobLocation;
}

/** Body of move and copy; the source must be readable by the caller. */
async function transfer(scope: Scope, body: Json): Promise<Transfer> {
  const bucketId = required(optString(body, 'bucketId'), 'body', 'bucketId');
  const sourceKey = required(optString(body, 'sourceKey'), 'body', 'sourceKey');
  const destinationKey = required(
    optString(body, 'destinationKey'),
    'body',
    'destinationKey',
  );
  const destinationBucket = optString(body, 'destinationBucket') || bucketId;
  mustBeValidKey(destinationKey);
  mustBeValidKey(sourceKey);
  const row = await inScope(scope, (tx) => findObject(tx, bucketId, sourceKey));
  return {
    from: {
      bucket: bucketId,
      name: sourceKey,
      version: row.version ?? '',
      row,
    },
    to: {
      bucket: destinationBucket,
      name: destinationKey,
      version: randomUUID(),
    },
  };
}

// Bytes are copied to a new version before any row changes.
async function copyBytes(scope: Scope, t: Transfer) {
  const data = t.from.version ? await scope.blobs.get(t.from) : undefined;
  if (!data) throw ERRORS.noSuchKey();
  await scope.blobs.put(t.to, data);
}

// A refused row takes the bytes copied for it along.
async function orRemove<T>(
  scope: Scope,
  loc: BlobLocation,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (err) {
    await scope.blobs.remove(loc).catch(() => undefined);
    throw err;
  }
}

/** POST /object/move: the row moves as the caller (UPDATE policies decide). */
export const moveObject: RouteHandler = async (deps, req) => {
  const scope = await requestScope(deps, req, 'storage.object.move');
  const t = await transfer(scope, jsonBody(req));
  if (t.from.bucket === t.to.bucket && t.from.name === t.to.name) {
    return json(200, {
      message: 'Successfully moved',
      Id: t.from.row.id,
      Key: t.to.name,
    });
  }
  await copyBytes(scope, t);
  const owner = ownerOf(scope.principal);
  const moved = () =>
    inScope(scope, async (tx) => {
      const { rows } = await tx.query(
        `update storage.objects
          set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7
        where bucket_id = $1 and name = $2 and version is not distinct from $8
        returning id`,
        [
          ...[t.from.bucket, t.from.name, t.to.bucket, t.to.name, t.to.version],
          ...[ownerUuid(owner), owner ?? null, t.from.row.version],
        ],
      );
      if (rows.length === 0) throw ERRORS.noSuchKey();
    });
  await orRemove(scope, t.to, moved);
  await scope.blobs.remove(t.from).catch(() => undefined);
  return json(200, {
    message: 'Successfully moved',
    Id: t.from.row.id,
    Key: t.to.name,
  });
};

/** POST /object/copy: a new row as the caller (INSERT policies decide). */
export const copyObject: RouteHandler = async (deps, req) => {
  const scope = await requestScope(deps, req, 'storage.object.copy');
  const body = jsonBody(req);
  const t = await transfer(scope, body);
  const copyMetadata = optBoolean(body, 'copyMetadata') ?? true;
  const given = optObject(body, 'metadata') ?? {};
  const metadata = {
    ...t.from.row.metadata,
    lastModified: scope.ctx.now().toISOString(),
  };
  if (!copyMetadata) {
    const cacheControl = optString(given, 'cacheControl');
    const mimetype = optString(given, 'mimetype');
    if (cacheControl !== undefined) metadata.cacheControl = cacheControl;
    if (mimetype !== undefined) metadata.mimetype = mimetype;
  }
  const userMetadata = copyMetadata
    ? t.from.row.user_metadata
    : parseUserMetadataHeader(req.headers['x-metadata']);
  await copyBytes(scope, t);
  const o = {
    id: randomUUID(),
    ...t.to,
    owner: ownerOf(scope.principal),
    metadata,
    userMetadata,
  };
  const upsert = req.headers['x-upsert'] === 'true';
  const replaced = await orRemove(scope, t.to, () =>
    inScope(scope, async (tx) => {
      if (upsert) return (await upsertObject(tx, o)).previous;
      await insertObject(tx, o);
      return null;
    }),
  );
  if (replaced) {
    const old = { ...t.to, version: replaced };
    await scope.blobs.remove(old).catch(() => undefined);
  }
  const row = await asSuperUser(scope, async (tx) => {
    const { rows } = await tx.query(
      'select * from storage.objects where bucket_id = $1 and name = $2',
      [t.to.bucket, t.to.name],
    );
    return rows[0] ?? { id: o.id };
  });
  return json(200, { Id: row.id, Key: `${t.to.bucket}/${t.to.name}`, ...row });
};
