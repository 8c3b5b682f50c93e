import { createHash, randomUUID } from 'node:crypto';
import { json } from '../../http.ts';
import { mustBeValidKey, objectTarget } from '../keys.ts';
import {
  insertObject,
  mustFindBucket,
  upsertObject,
  type ObjectMetadata,
} from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import {
  asSuperUser,
  inScope,
  ownerOf,
  requestScope,
  superUser,
  testPermission,
  type Scope,
} from '../scope.ts';
import {
  signUrlToken,
  UPLOAD_URL_EXPIRES_IN,
  verifyUrlToken,
} from '../signed-token.ts';
import { fileFromRequest } from '../upload-body.ts';
import { queryOf, required } from '../validate.ts';

interface UploadTarget {
  bucket: string;
  name: string;
  owner: string | undefined;
  upsert: boolean;
}

/**
 * Storage's upload: bucket limits, then the bytes land as a new version,
 * then the row is written as the caller (RLS decides). A refused row takes
 * its bytes with it; a replaced row's old bytes go after the commit.
 */
async function uploadObject(scope: Scope, t: UploadTarget) {
  const bucket = await asSuperUser(scope, (tx) => mustFindBucket(tx, t.bucket));
  const file = fileFromRequest(scope.req, t.name, bucket);
  mustBeValidKey(t.name);
  const version = randomUUID();
  const size = file.data.length;
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.data).digest('hex')}"`,
    size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: scope.ctx.now().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
  const loc = { bucket: t.bucket, name: t.name, version };
  await scope.blobs.put(loc, file.data);
  const row = { id: randomUUID(), ...loc, owner: t.owner, metadata };
  let written: { id: string; previous: string | null };
  try {
    written = await inScope(scope, async (tx) => {
      // Storage stores `{}` when the upload carried no user metadata.
      const o = { ...row, userMetadata: file.userMetadata ?? {} };
      if (t.upsert) return upsertObject(tx, o);
      await insertObject(tx, o);
      return { id: row.id, previous: null };
    });
  } catch (err) {
    await scope.blobs.remove(loc).catch(() => undefined);
    throw err;
  }
  if (written.previous && written.previous !== version) {
    const old = { ...loc, version: written.previous };
    await scope.blobs.remove(old).catch(() => undefined);
  }
  return { Id: written.id, Key: `${t.bucket}/${t.name}` };
}

/** POST /object/:bucket/* (`x-upsert`) and PUT (always upsert). */
export const uploadRoute =
  (upsert: boolean): RouteHandler =>
  async (deps, req, params) => {
    const op = upsert
      ? 'storage.object.upload_update'
      : 'storage.object.upload';
    const scope = await requestScope(deps, req, op);
    const { bucket, name } = objectTarget(params);
    const result = await uploadObject(scope, {
      bucket,
      name,
      owner: ownerOf(scope.principal),
      upsert: upsert || req.headers['x-upsert'] === 'true',
    });
    return json(200, result);
  };

/** POST /object/upload/sign/:bucket/*: RLS is asked now, the token later. */
export const createSignedUploadUrl: RouteHandler = async (
  deps,
  req,
  params,
) => {
  const scope = await requestScope(deps, req, 'storage.object.sign_upload_url');
  const { bucket, name } = objectTarget(params);
  mustBeValidKey(name);
  const owner = ownerOf(scope.principal);
  const upsert = req.headers['x-upsert'] === 'true';
  const length = Number(req.headers['content-length']);
  await testPermission(scope, (tx) => {
    const o = {
      id: randomUUID(),
      bucket,
      name,
      owner,
      version: '1',
      metadata: {
        mimetype: req.headers['content-type'],
        contentLength: Number.isFinite(length) ? length : undefined,
      },
      userMetadata: undefined,
    };
    return upsert ? upsertObject(tx, o) : insertObject(tx, o);
  });
  const url = `${bucket}/${name}`;
  const token = await signUrlToken(
    deps.ctx,
    { owner, url, upsert, scope: 'upload' },
    UPLOAD_URL_EXPIRES_IN,
  );
  return json(200, { url: `/object/upload/sign/${url}?token=${token}`, token });
};

/** PUT /object/upload/sign/:bucket/*?token=: writes as the token's owner. */
export const uploadToSignedUrl: RouteHandler = async (deps, req, params) => {
  const token = required(queryOf(req).token, 'querystring', 'token');
  const { bucket, name } = objectTarget(params);
  const claims = await verifyUrlToken(
    deps.ctx,
    String(token),
    `${bucket}/${name}`,
    'upload',
  );
  const scope: Scope = {
    ...deps,
    req,
    operation: 'storage.object.upload_signed',
    principal: superUser(deps.ctx),
  };
  const { Key } = await uploadObject(scope, {
    bucket,
    name,
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
    upsert: claims.upsert === true,
  });
  return json(200, { Key });
};
