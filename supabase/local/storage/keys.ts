import { ERRORS } from './errors.ts';

// Storage's own character sets (`src/storage/limits.ts`): S3-safe ASCII only.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/**
 * Whether an object name is safe both as a Storage key and as a path below
 * the bucket folder: no `.`/`..` or empty segments, hence nothing absolute,
 * and no segment longer than a file name may be (255 bytes on every common
 * filesystem; keys are ASCII, so characters are bytes).
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || !VALID_OBJECT_KEY.test(key)) {
    return false;
  }
  return key
    .split('/')
    .every((s) => s !== '' && s !== '.' && s !== '..' && s.length <= 255);
}

export function mustBeValidKey(key: string): string {
  if (!isValidKey(key)) throw ERRORS.invalidKey(key);
  return key;
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length < 101 &&
    name !== '.' &&
    name !== '..' &&
    VALID_BUCKET_NAME.test(name)
  );
}

/** Percent-decodes a raw path piece as Fastify does for route params. */
export function decodePath(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
  // Postgres text cannot hold NUL; no bucket or key may contain it.
  if (decoded.includes('\0')) throw ERRORS.invalidKey(raw);
  return decoded;
}

/** Bucket and object name of a `/:bucket/*` route, both decoded. */
export const objectTarget = (params: string[]) => ({
  bucket: decodePath(params[0] ?? ''),
  name: decodePath(params[1] ?? ''),
});
