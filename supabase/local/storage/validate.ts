import type { ServiceRequest } from '../http.ts';
import { StorageError, validationError } from './errors.ts';

// Fastify's body parsing and schema checks, with Ajv's wording, so bad input
// gets the 400 hosted Storage gives instead of a crash.

export type Json = Record<string, unknown>;

/** The JSON object body of a route (`allowEmpty` for DELETE /bucket …). */
export function jsonBody(req: ServiceRequest, allowEmpty = false): Json {
  const type = req.headers['content-type'] ?? '';
  if (req.body.length === 0) {
    if (allowEmpty || !type) return {};
    throw validationError(
      "Body cannot be empty when content-type is set to 'application/json'",
    );
  }
  if (!/^application\/json\b/i.test(type)) {
    throw new StorageError(
      415,
      'InvalidMimeType',
      'Invalid Content-Type header',
      'invalid_mime_type',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(req.body.toString('utf8'));
  } catch {
    throw validationError(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError('body must be object');
  }
  return body as Json;
}

type Where = 'body' | 'querystring';

export function required<T>(
  value: T | undefined,
  where: Where,
  key: string,
): T {
  if (value === undefined) {
    throw validationError(`${where} must have required property '${key}'`);
  }
  return value;
}

export function optString(o: Json, key: string, where: Where = 'body') {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string')
    throw validationError(`${where}/${key} must be string`);
  return v;
}

export function optBoolean(o: Json, key: string) {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean')
    throw validationError(`body/${key} must be boolean`);
  return v;
}

/** An integer (query values arrive as text and are coerced, as Ajv does). */
export function optInt(
  o: Json,
  key: string,
  min: number,
  where: Where = 'body',
) {
  const raw = o[key];
  if (raw === undefined) return undefined;
  const v = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw validationError(`${where}/${key} must be integer`);
  }
  if (v < min) throw validationError(`${where}/${key} must be >= ${min}`);
  return v;
}

export function optEnum<T extends string>(
  o: Json,
  key: string,
  allowed: readonly T[],
  where: Where = 'body',
): T | undefined {
  const v = optString(o, key, where);
  if (v !== undefined && !allowed.includes(v as T)) {
    throw validationError(
      `${where}/${key} must be equal to one of the allowed values`,
    );
  }
  return v as T | undefined;
}

export function optStringArray(
  o: Json,
  key: string,
  opts: { minItems?: number; nullable?: boolean } = {},
) {
  const v = o[key];
  if (v === undefined || (v === null && opts.nullable)) return v;
  const minItems = opts.minItems ?? 0;
  if (!Array.isArray(v)) throw validationError(`body/${key} must be array`);
  v.forEach((item, i) => {
    if (typeof item !== 'string') {
      throw validationError(`body/${key}/${i} must be string`);
    }
  });
  if (v.length < minItems) {
    throw validationError(
      `body/${key} must NOT have fewer than ${minItems} items`,
    );
  }
  return v as string[];
}

export function optObject(o: Json, key: string): Json | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    throw validationError(`body/${key} must be object`);
  }
  return v as Json;
}

/** The query string as a plain object (first value of each key). */
export function queryOf(req: ServiceRequest): Json {
  const out: Json = {};
  for (const [k, v] of new URLSearchParams(req.rawQuery)) {
    if (!(k in out)) out[k] = v;
  }
  return out;
}
