import { createHash } from 'node:crypto';
import type { ServiceResponse } from '../../http.ts';
import { ERRORS, StorageError } from '../errors.ts';
import { mustBeValidKey, objectTarget } from '../keys.ts';
import { findObject, type ObjectRow } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import { anonPrincipal, asSuperUser, type Scope } from '../scope.ts';
import { verifyUrlToken } from '../signed-token.ts';
import {
  parseTransform,
  segmentsToOptions,
  transformImage,
  transformSegments,
  type TransformOptions,
} from '../transform.ts';
import { queryOf, required } from '../validate.ts';
import { readableObject, scopeOf } from './download.ts';

interface RenderOptions {
  /** `Expires` of a signed URL; replaces Cache-Control. */
  expires?: Date;
}

/**
 * The transformed image with the object's cache-control (or the signed
 * URL's expiry), an ETag per original and transformation (so
 * `If-None-Match` answers 304 without resizing again) and Storage's
 * `X-Transformations` header.
 */
async function renderTransformed(
  scope: Scope,
  obj: ObjectRow,
  opts: TransformOptions,
  render: RenderOptions = {},
): Promise<ServiceResponse> {
  const meta = obj.metadata ?? {};
  const segments = transformSegments(opts).join(',');
  const accept = scope.req.headers.accept ?? '';
  // The output depends on Accept (WebP detection) unless a format is fixed.
  const variant = opts.format ? '' : accept.includes('image/webp') ? 'w' : 'o';
  const etag = `"${createHash('sha1')
    .update(`${meta.eTag ?? obj.version ?? ''}|${segments}|${variant}`)
    .digest('hex')}"`;
  const headers: Record<string, string> = {
    etag,
    'x-transformations': segments,
    'x-robots-tag': 'none',
    'x-content-type-options': 'nosniff',
  };
  if (!opts.format) headers.vary = 'Accept';
  if (render.expires) headers.expires = render.expires.toUTCString();
  else if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
  const modified = meta.lastModified ? new Date(meta.lastModified) : undefined;
  if (modified && !Number.isNaN(modified.getTime())) {
    headers['last-modified'] = modified.toUTCString();
  }
  if (scope.req.headers['if-none-match'] === etag) {
    return { status: 304, headers };
  }
  const data = obj.version
    ? await scope.blobs.get({
        bucket: obj.bucket_id,
        name: obj.name,
        version: obj.version,
      })
    : undefined;
  if (!data) {
    throw new StorageError(
      404,
      'NoSuchKey',
      'The resource was not found',
      'Not found',
    );
  }
  const out = await transformImage(
    data,
    meta.mimetype ?? 'application/octet-stream',
    opts,
    accept,
  );
  headers['content-type'] = out.contentType;
  headers['content-length'] = String(out.body.length);
  return { status: 200, headers, body: out.body };
}

/** GET /render/image/public|authenticated/:bucket/*?width=&height=… */
export const renderImage =
  (access: 'public' | 'authenticated'): RouteHandler =>
  async (deps, req, params) => {
    const opts = parseTransform(queryOf(req));
    const operation =
      access === 'public'
        ? 'storage.render.image_public'
        : 'storage.render.image_authenticated';
    const scope = await scopeOf(access, operation, deps, req);
    const obj = await readableObject(scope, params, access);
    return renderTransformed(scope, obj, opts);
  };

/**
 * GET /render/image/sign/:bucket/*?token=: the options come from the token
 * (signed with the URL, so they cannot be changed), never from the query.
 */
export const renderSignedImage: RouteHandler = async (deps, req, params) => {
  const token = required(queryOf(req).token, 'querystring', 'token');
  const { bucket, name } = objectTarget(params);
  const claims = await verifyUrlToken(
    deps.ctx,
    String(token),
    `${bucket}/${name}`,
    'download',
  );
  mustBeValidKey(name);
  const transformations =
    typeof claims.transformations === 'string' ? claims.transformations : '';
  if (!transformations) throw ERRORS.invalidSignature();
  const scope: Scope = {
    ...deps,
    req,
    operation: 'storage.render.image_sign',
    principal: anonPrincipal(),
  };
  const obj = await asSuperUser(scope, (tx) => findObject(tx, bucket, name));
  return renderTransformed(scope, obj, segmentsToOptions(transformations), {
    expires: new Date(claims.exp * 1000),
  });
};
