import { json } from '../../http.ts';
import { ERRORS } from '../errors.ts';
import { decodePath } from '../keys.ts';
import { mustFindBucket } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import { asSuperUser, inScope, requestScope } from '../scope.ts';
import { jsonBody } from '../validate.ts';

const bucketId = (params: string[]) => decodePath(params[0] ?? '');

/** DELETE /bucket/:id: only an empty bucket goes. */
export const deleteBucket: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.bucket.delete');
  const id = bucketId(params);
  jsonBody(req, true);
  const hasObjects = await asSuperUser(scope, async (tx) => {
    await mustFindBucket(tx, id);
    const r = await tx.query(
      'select 1 from storage.objects where bucket_id = $1 limit 1',
      [id],
    );
    return r.rows.length > 0;
  });
  if (hasObjects) throw ERRORS.bucketNotEmpty();
  const deleted = await inScope(scope, async (tx) => {
    const r = await tx.query(
      'delete from storage.buckets where id = $1 returning id',
      [id],
    );
    return r.rows.length;
  });
  if (deleted === 0) throw ERRORS.noSuchBucket();
  return json(200, { message: 'Successfully deleted' });
};

/** POST /bucket/:id/empty: service role only; hosted queues it, we do it now. */
export const emptyBucket: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.bucket.empty');
  if (!scope.principal.authenticated) {
    throw ERRORS.accessDenied(
      'Access denied: JWT is not authenticated',
    ).withHttpStatus(403);
  }
  if (scope.principal.role !== 'service_role') {
    throw ERRORS.accessDenied('Access denied: Invalid role').withHttpStatus(
      403,
    );
  }
  const id = bucketId(params);
  jsonBody(req, true);
  const removed = await inScope(scope, async (tx) => {
    await mustFindBucket(tx, id);
    const r = await tx.query<{ name: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning name, version',
      [id],
    );
    return r.rows;
  });
  for (const { name, version } of removed) {
    if (version)
      await deps.blobs
        .remove({ bucket: id, name, version })
        .catch(() => undefined);
  }
  return json(200, {
    message: 'Empty bucket has been queued. Completion may take up to an hour.',
  });
};
