import type { Queryable } from '../../db/types.ts';
import { json, type ServiceRequest } from '../../http.ts';
import { ERRORS } from '../errors.ts';
import { mustBeValidKey, objectTarget } from '../keys.ts';
import { renderObject } from '../render.ts';
import { findBucket, findObject, type ObjectRow } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import {
  anonPrincipal,
  asSuperUser,
  inScope,
  requestScope,
  type Scope,
  type StorageDeps,
} from '../scope.ts';

export type Access = 'public' | 'authenticated' | 'lenient';

/**
 * Storage's read path: an unauthenticated caller sees only public buckets; a
 * public bucket is read without RLS, a private one through the caller's
 * policies. `/public/` routes ignore the token altogether.
 */
export async function readableObject(
  scope: Scope,
  params: string[],
  access: Access,
): Promise<ObjectRow> {
  const { bucket, name } = objectTarget(params);
  const found = await asSuperUser(scope, (tx) => findBucket(tx, bucket));
  const authenticated = access !== 'public' && scope.principal.authenticated;
  if (!found || (!authenticated && !found.public)) throw ERRORS.noSuchBucket();
  mustBeValidKey(name);
  const find = (tx: Queryable) => findObject(tx, bucket, name);
  return found.public ? asSuperUser(scope, find) : inScope(scope, find);
}

export function scopeOf(
  access: Access,
  operation: string,
  deps: StorageDeps,
  req: ServiceRequest,
): Promise<Scope> {
  return access === 'public'
    ? Promise.resolve({ ...deps, req, operation, principal: anonPrincipal() })
    : requestScope(deps, req, operation, access === 'lenient');
}

/** GET (or HEAD) of an object's bytes. */
export const getObject =
  (access: Access, head = false): RouteHandler =>
  async (deps, req, params) => {
    const operation =
      access === 'public'
        ? 'storage.object.get_public'
        : head
          ? 'object.head_authenticated_info'
          : 'storage.object.get_authenticated';
    const scope = await scopeOf(access, operation, deps, req);
    const obj = await readableObject(scope, params, access);
    return renderObject(scope, obj, { head });
  };

/** GET /object/info/…: the row as storage-js `info()` reads it. */
export const getObjectInfo =
  (access: Access): RouteHandler =>
  async (deps, req, params) => {
    const operation =
      access === 'public'
        ? 'storage.object.info_public'
        : 'object.get_authenticated_info';
    const scope = await scopeOf(access, operation, deps, req);
    const obj = await readableObject(scope, params, access);
    const meta = obj.metadata ?? {};
    const headers: Record<string, string> = {};
    if (meta.eTag) headers.etag = meta.eTag;
    if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
    if (obj.updated_at) headers['last-modified'] = obj.updated_at.toUTCString();
    return json(
      200,
      {
        id: obj.id,
        name: obj.name,
        version: obj.version,
        bucket_id: obj.bucket_id,
        size: meta.size ?? null,
        content_type: meta.mimetype ?? null,
        cache_control: meta.cacheControl ?? null,
        etag: meta.eTag ?? null,
        metadata: obj.user_metadata,
        last_modified: obj.updated_at,
        created_at: obj.created_at,
      },
      headers,
    );
  };
