import { json } from '../../http.ts';
import { ERRORS, validationError } from '../errors.ts';
import { decodePath, isValidBucketName } from '../keys.ts';
import { mustBeValidMimeList, parseFileSizeLimit } from '../limits.ts';
import { ownerUuid } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import { inScope, ownerOf, requestScope } from '../scope.ts';
import {
  jsonBody,
  optBoolean,
  optEnum,
  optInt,
  optString,
  optStringArray,
  queryOf,
  required,
  type Json,
} from '../validate.ts';

// Buckets go through RLS on storage.buckets like everything else: with no
// policies there, only the service role (BYPASSRLS) sees or changes them.

const LIST_COLUMNS =
  'id, name, public, owner, created_at, updated_at, file_size_limit, allowed_mime_types, type';

const bucketId = (params: string[]) => decodePath(params[0] ?? '');

function limitsOf(body: Json) {
  const raw = body.file_size_limit;
  if (
    raw !== undefined &&
    raw !== null &&
    typeof raw !== 'number' &&
    typeof raw !== 'string'
  ) {
    throw validationError('body/file_size_limit must match a schema in anyOf');
  }
  const types = optStringArray(body, 'allowed_mime_types', { nullable: true });
  const allowed = types ? types.filter((t) => t) : types;
  if (allowed) mustBeValidMimeList(allowed);
  return {
    file_size_limit:
      raw === undefined || raw === null ? raw : parseFileSizeLimit(raw),
    allowed_mime_types: allowed,
  };
}

/** GET /bucket */
export const listBuckets: RouteHandler = async (deps, req) => {
  const scope = await requestScope(deps, req, 'storage.bucket.list');
  const q = queryOf(req);
  const limit = optInt(q, 'limit', 1, 'querystring');
  const offset = optInt(q, 'offset', 0, 'querystring');
  const column = optEnum(
    q,
    'sortColumn',
    ['id', 'name', 'created_at', 'updated_at'] as const,
    'querystring',
  );
  const order = optEnum(
    q,
    'sortOrder',
    ['asc', 'desc'] as const,
    'querystring',
  );
  const search = optString(q, 'search', 'querystring');
  const values: unknown[] = [];
  let sql = `select ${LIST_COLUMNS} from storage.buckets`;
  if (search) {
    values.push(`%${search.replace(/[\\%_]/g, '\\$&')}%`);
    sql += ` where name ilike $${values.length}`;
  }
  if (column) sql += ` order by ${column} ${order ?? 'asc'}`;
  if (limit !== undefined) sql += ` limit $${values.push(limit)}`;
  if (offset !== undefined) sql += ` offset $${values.push(offset)}`;
  const rows = await inScope(
    scope,
    async (tx) => (await tx.query(sql, values)).rows,
  );
  return json(200, rows);
};

/** GET /bucket/:id */
export const getBucket: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.bucket.get');
  const row = await inScope(scope, async (tx) => {
    const { rows } = await tx.query(
      `select id, name, owner, public, created_at, updated_at, file_size_limit,
              allowed_mime_types
         from storage.buckets where id = $1 limit 1`,
      [bucketId(params)],
    );
    return rows[0];
  });
  if (!row) throw ERRORS.noSuchBucket();
  return json(200, row);
};

/** POST /bucket */
export const createBucket: RouteHandler = async (deps, req) => {
  const scope = await requestScope(deps, req, 'storage.bucket.create');
  const body = jsonBody(req);
  const name = required(optString(body, 'name'), 'body', 'name');
  const id = optString(body, 'id') || name;
  const isPublic = optBoolean(body, 'public') ?? false;
  const type = optEnum(body, 'type', ['STANDARD', 'ANALYTICS'] as const);
  if (
    name.trim() !== name ||
    !isValidBucketName(name) ||
    !isValidBucketName(id)
  ) {
    throw ERRORS.invalidBucketName();
  }
  if (type === 'ANALYTICS') throw ERRORS.featureNotEnabled('iceberg_catalog');
  const limits = limitsOf(body);
  const owner = ownerOf(scope.principal);
  await inScope(scope, async (tx) => {
    try {
      await tx.query(
        `insert into storage.buckets
           (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
        [
          id,
          name,
          ownerUuid(owner),
          owner ?? null,
          isPublic,
          limits.file_size_limit ?? null,
          limits.allowed_mime_types ?? null,
        ],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw ERRORS.bucketExists();
      throw err;
    }
  });
  return json(200, { name });
};

/** PUT /bucket/:id */
export const updateBucket: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.bucket.update');
  const id = bucketId(params);
  const body = jsonBody(req);
  const isPublic = optBoolean(body, 'public');
  const limits = limitsOf(body);
  const fields = Object.entries({ public: isPublic, ...limits }).filter(
    ([, v]) => v !== undefined,
  );
  if (fields.length === 0)
    throw validationError('body must match a schema in anyOf');
  if (!isValidBucketName(id)) throw ERRORS.invalidBucketName();
  const set = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
  const updated = await inScope(scope, async (tx) => {
    const r = await tx.query(
      `update storage.buckets set ${set} where id = $1 returning id`,
      [id, ...fields.map(([, v]) => v)],
    );
    return r.rows.length;
  });
  if (updated === 0) throw ERRORS.noSuchBucket();
  return json(200, { message: 'Successfully updated' });
};
