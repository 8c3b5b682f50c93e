import { json, type ServiceResponse } from '../http.ts';
import { isPgError } from '../db/types.ts';

/**
 * A Storage error as `src/internal/errors` renders it: the logical status goes
 * in the body as a string and the HTTP status is 400 for every logical 4xx
 * (500 for 5xx) unless a route forces another one.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly label: string = code,
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  withHttpStatus(status: number): StorageError {
    return new StorageError(
      this.statusCode,
      this.code,
      this.message,
      this.label,
      status,
    );
  }
}

const e = (status: number, code: string, message: string, label?: string) =>
  new StorageError(status, code, message, label);

export const ERRORS = {
  noSuchBucket: () =>
    e(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => e(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') =>
    e(403, 'AccessDenied', message, 'Unauthorized'),
  resourceExists: () =>
    e(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyExists: () =>
    e(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketExists: () =>
    e(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    e(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    e(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded ${limit}`,
      'Payload too large',
    ),
  invalidMimeType: (mime: string) =>
    e(
      415,
      'InvalidMimeType',
      `mime type ${mime} is not supported`,
      'invalid_mime_type',
    ),
  contentMismatch: (mime: string) =>
    e(
      415,
      'InvalidMimeType',
      `mime type ${mime} does not match the file content`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => e(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () =>
    e(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidJwt: (message = 'Invalid JWT') => e(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    e(400, 'InvalidSignature', message),
  expiredToken: () => e(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => e(400, 'InvalidRequest', message),
  noContent: () => e(400, 'InvalidRequest', 'No content provided'),
  invalidFileSize: () =>
    e(
      400,
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  invalidParameter: (name: string) =>
    e(400, 'InvalidParameter', `Invalid Parameter ${name}`),
  featureNotEnabled: (feature: string) =>
    e(
      409,
      'FeatureNotEnabled',
      `The feature ${feature} is not enabled for this resource`,
    ),
  invalidRange: () =>
    e(
      416,
      'InvalidRange',
      'invalid range provided',
      'invalid_range',
    ).withHttpStatus(416),
  notFoundRoute: (method: string, url: string) =>
    new StorageError(
      404,
      'InvalidRequest',
      `Route ${method}:${url} not found`,
      'Not Found',
      404,
    ),
  internal: () => e(500, 'InternalError', 'Internal server error', 'Internal'),
};

/** A request body or query that fails the route schema (Fastify's 400). */
export const validationError = (message: string) =>
  new StorageError(400, 'InvalidRequest', message, 'Bad Request');

/** Postgres errors as `src/storage/database/errors.ts` maps them. */
export function fromPgError(err: unknown): StorageError | undefined {
  if (err instanceof StorageError || !isPgError(err)) return undefined;
  switch (err.code) {
    case '42501':
      return ERRORS.accessDenied(
        err.message.includes('row-level security')
          ? 'new row violates row-level security policy'
          : err.message,
      );
    case '23505':
      return ERRORS.resourceExists();
    case '23503':
      return err.detail?.includes('is still referenced from table')
        ? e(
            409,
            'ResourceReferenced',
            'The resource could not be updated or removed due to a foreign key constraint',
          )
        : e(404, 'InvalidRequest', 'The related resource does not exist');
    case '22P02':
      return e(400, 'InvalidParameter', err.message);
    case '22021': // text the database cannot hold (a NUL byte), not a crash
      return e(400, 'InvalidParameter', err.message);
    case '57014':
      return new StorageError(
        544,
        'DatabaseTimeout',
        'The connection to the database timed out',
        'DatabaseTimeout',
        544,
      );
    case '55P03':
      return e(423, 'ResourceLocked', 'The resource is locked');
    default:
      return e(500, 'DatabaseError', `database error, code: ${err.code}`);
  }
}

/** Renders any thrown value as Storage's error envelope; never throws. */
export function renderError(err: unknown): ServiceResponse {
  const se = err instanceof StorageError ? err : fromPgError(err);
  if (!se) console.error('[storage] unexpected error:', err);
  const out = se ?? ERRORS.internal();
  return json(out.httpStatus, {
    statusCode: String(out.statusCode),
    code: out.code,
    error: out.label,
    message: out.message,
  });
}
