import { json } from '../../http.ts';
import { ERRORS, validationError } from '../errors.ts';
import { decodePath, mustBeValidKey, objectTarget } from '../keys.ts';
import { findObject } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import { asSuperUser, inScope, requestScope } from '../scope.ts';
import {
  jsonBody,
  optEnum,
  optInt,
  optObject,
  optString,
  optStringArray,
  required,
} from '../validate.ts';

/** DELETE /object/:bucket `{prefixes}`: the rows RLS let go, as deleted. */
export const removeObjects: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.delete_many');
  const prefixes = optStringArray(jsonBody(req), 'prefixes', { minItems: 1 });
  if (!prefixes)
    throw validationError("body must have required property 'prefixes'");
  const bucket = decodePath(params[0] ?? '');
  const rows = await inScope(scope, async (tx) => {
    const r = await tx.query<{ name: string; version: string | null }>(
      `delete from storage.objects
        where bucket_id = $1 and name = any($2::text[]) returning *`,
      [bucket, prefixes],
    );
    return r.rows;
  });
  // Bytes go only after the rows are gone for good.
  for (const row of rows) {
    if (!row.version) continue;
    const loc = { bucket, name: row.name, version: row.version };
    await deps.blobs.remove(loc).catch(() => undefined);
  }
  return json(200, rows);
};

/** DELETE /object/:bucket/*: one object; invisible to RLS is AccessDenied. */
export const removeObject: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.delete');
  const { bucket, name } = objectTarget(params);
  mustBeValidKey(name);
  await asSuperUser(scope, (tx) => findObject(tx, bucket, name));
  const deleted = await inScope(scope, async (tx) => {
    const r = await tx.query<{ version: string | null }>(
      `delete from storage.objects where bucket_id = $1 and name = $2
        returning version`,
      [bucket, name],
    );
    return r.rows[0];
  });
  if (!deleted) throw ERRORS.accessDenied();
  if (deleted.version) {
    const loc = { bucket, name, version: deleted.version };
    await deps.blobs.remove(loc).catch(() => undefined);
  }
  return json(200, { message: 'Successfully deleted' });
};

const SORT_COLUMNS = [
  'name',
  'updated_at',
  'created_at',
  'last_accessed_at',
] as const;

/** POST /object/list/:bucket: `storage.search()` as the caller. */
export const listObjects: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.list');
  const body = jsonBody(req);
  let prefix = required(optString(body, 'prefix'), 'body', 'prefix');
  const limit = optInt(body, 'limit', 1) ?? 100;
  const offset = optInt(body, 'offset', 0) ?? 0;
  const search = optString(body, 'search') ?? '';
  const sortBy = optObject(body, 'sortBy') ?? { column: 'name' };
  const column = optEnum(sortBy, 'column', SORT_COLUMNS);
  if (!column) {
    throw validationError("body/sortBy must have required property 'column'");
  }
  const order = optEnum(sortBy, 'order', ['asc', 'desc'] as const) ?? 'asc';
  // Storage treats the prefix as a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const bucket = decodePath(params[0] ?? '');
  const rows = await inScope(scope, async (tx) => {
    const r = await tx.query(
      'select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        prefix,
        bucket,
        limit,
        (prefix + search).split('/').length,
        offset,
        search,
        column,
        order,
      ],
    );
    return r.rows;
  });
  return json(200, rows);
};
