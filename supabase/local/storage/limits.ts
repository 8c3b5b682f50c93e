import { ERRORS } from './errors.ts';

/** Storage's global upload limit (UPLOAD_FILE_SIZE_LIMIT default, 50 MiB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** Room for multipart framing around a file at the global limit. */
export const MAX_REQUEST_BYTES = GLOBAL_FILE_SIZE_LIMIT + 1024 * 1024;

/** Folder placeholders are exempt from type checks and must be empty. */
export const isEmptyFolder = (name: string) =>
  name.endsWith('.emptyFolderPlaceholder');

/** The effective limit of a bucket: its own, capped by the global one. */
export function maxFileSize(bucketLimit: number | null | undefined): number {
  return typeof bucketLimit === 'number'
    ? Math.min(bucketLimit, GLOBAL_FILE_SIZE_LIMIT)
    : GLOBAL_FILE_SIZE_LIMIT;
}

/**
 * Storage's `validateMimeType`: the type must equal an allowed entry's type,
 * and its subtype must be `*` or equal verbatim (parameters included, so
 * `text/plain;charset=UTF-8` only passes `text/*` or that exact entry).
 */
export function mustBeAllowedMimeType(mime: string, allowed: string[]) {
  const requested = mime.split('/');
  if (requested.length < 2) throw ERRORS.invalidMimeType(mime);
  const [type, sub] = requested;
  for (const entry of allowed) {
    const [allowedType, allowedSub] = entry.split('/');
    if (allowedType === type && (allowedSub === '*' || allowedSub === sub)) {
      return;
    }
  }
  throw ERRORS.invalidMimeType(mime);
}

const MIME_ENTRY =
  /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/** Validates a bucket's `allowed_mime_types` as `createBucket` does. */
export function mustBeValidMimeList(list: string[]) {
  for (const entry of list) {
    if (entry.length > 1000 || !MIME_ENTRY.test(entry)) {
      throw ERRORS.invalidMimeType(entry);
    }
  }
}

/** `20MB`, `1.5GB`, `300KB`, `12B` (decimal units) or a byte count. */
export function parseFileSizeLimit(value: number | string): number {
  let bytes: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      throw ERRORS.invalidFileSize();
    bytes = value;
  } else {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
    if (!m) throw ERRORS.invalidFileSize();
    const n = +parseFloat(m[1] ?? '').toPrecision(3);
    const unit = (m[2] ?? '').toUpperCase();
    const scale = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[unit] ?? 1;
    bytes = Math.round(n * scale);
  }
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw ERRORS.entityTooLarge();
  return bytes;
}
