import type { ServiceRequest } from '../http.ts';
import { ERRORS } from './errors.ts';
import { isEmptyFolder, maxFileSize, mustBeAllowedMimeType } from './limits.ts';
import { formBoundary, parseMultipart } from './multipart.ts';
import { contentMatchesType } from './sniff.ts';

/** The file of an upload request, checked against its bucket. */
export interface UploadFile {
  data: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
}

export interface BucketLimits {
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const MAX_USER_METADATA = 1024 * 1024;

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object'
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `x-metadata`: base64 of a JSON object; anything else is ignored. */
export const parseUserMetadataHeader = (value: string | undefined) =>
  value === undefined
    ? undefined
    : parseJsonObject(Buffer.from(value, 'base64').toString('utf8'));

function fromMultipart(req: ServiceRequest, boundary: string): UploadFile {
  const parts = parseMultipart(req.body, boundary);
  const fileIndex = parts?.findIndex((p) => p.filename !== undefined) ?? -1;
  const file = parts?.[fileIndex];
  if (!parts || !file) throw ERRORS.noContent();
  // Storage reads only the fields sent before the file.
  const fields = new Map<string, string>();
  for (const p of parts.slice(0, fileIndex)) {
    if (!fields.has(p.name)) fields.set(p.name, p.data.toString('utf8'));
  }
  const cacheTime = fields.get('cacheControl');
  const metadata = fields.get('metadata') ?? fields.get('userMetadata');
  if (
    metadata !== undefined &&
    Buffer.byteLength(metadata) > MAX_USER_METADATA
  ) {
    throw ERRORS.entityTooLarge('user_metadata');
  }
  return {
    data: file.data,
    // RFC 7578's default part type, as busboy reports it.
    mimeType: fields.get('contentType') || file.contentType || 'text/plain',
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata:
      metadata === undefined ? undefined : parseJsonObject(metadata),
  };
}

function fromRawBody(req: ServiceRequest): UploadFile {
  return {
    data: req.body,
    mimeType: req.headers['content-type'] || 'application/octet-stream',
    cacheControl: req.headers['cache-control'] ?? 'no-cache',
    userMetadata: parseUserMetadataHeader(req.headers['x-metadata']),
  };
}

/**
 * Storage's `fileUploadFromRequest`: a multipart body (storage-js sends one
 * for Blob, File and FormData) or the raw body, then the bucket's type and
 * size limits, then the declared type against the bytes.
 */
export function fileFromRequest(
  req: ServiceRequest,
  objectName: string,
  bucket: BucketLimits,
): UploadFile {
  const boundary = formBoundary(req.headers['content-type']);
  const file = boundary ? fromMultipart(req, boundary) : fromRawBody(req);
  if (isEmptyFolder(objectName)) {
    if (file.data.length > 0) throw ERRORS.entityTooLarge();
    return file;
  }
  const allowed = bucket.allowed_mime_types ?? [];
  if (allowed.length > 0) mustBeAllowedMimeType(file.mimeType, allowed);
  if (file.data.length > maxFileSize(bucket.file_size_limit)) {
    throw ERRORS.entityTooLarge();
  }
  if (!contentMatchesType(file.mimeType, file.data)) {
    throw ERRORS.contentMismatch(file.mimeType);
  }
  return file;
}
