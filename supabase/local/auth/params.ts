import type { ServiceRequest } from '../http.ts';
import { badRequest } from './errors.ts';

/** Go types of the request structs' fields, as `encoding/json` checks them. */
export type FieldType = 'string' | 'bool' | 'map' | 'ptr-string' | 'ptr-bool';

type Value<T extends FieldType> = T extends 'bool'
  ? boolean
  : T extends 'ptr-bool'
    ? boolean | undefined
    : T extends 'map'
      ? Record<string, unknown> | undefined
      : T extends 'ptr-string'
        ? string | undefined
        : string;

export type Params<S extends Record<string, FieldType>> = {
  [K in keyof S]: Value<S[K]>;
};

const GO_TYPE: Record<FieldType, string> = {
  string: 'string',
  bool: 'bool',
  map: 'map[string]interface {}',
  'ptr-string': 'string',
  'ptr-bool': 'bool',
};

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function matches(type: FieldType, v: unknown): boolean {
  if (type === 'bool' || type === 'ptr-bool') return typeof v === 'boolean';
  if (type === 'map') return typeof v === 'object' && !Array.isArray(v);
  return typeof v === 'string';
}

// Go's messages for the common cases; V8 words its errors differently.
function syntaxError(text: string, jsMessage: string): string {
  const token = /Unexpected token '(.)'/.exec(jsMessage)?.[1];
  const at = /position (\d+)/.exec(jsMessage);
  const char = token ?? (at ? text[Number(at[1])] : undefined);
  if (char === undefined || /end of JSON input/i.test(jsMessage)) {
    return 'unexpected end of JSON input';
  }
  return `invalid character '${char}' looking for beginning of value`;
}

const fail = (detail: string) =>
  badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

/**
 * Decodes a JSON body into the named Go struct the way GoTrue's
 * `retrieveRequestParams` does: unknown keys are ignored, `null` leaves a
 * field at its zero value, and a value of the wrong JSON type is a 400
 * `bad_json` with Go's own wording.
 */
export function parseBody<S extends Record<string, FieldType>>(
  req: ServiceRequest,
  struct: string,
  schema: S,
): Params<S> {
  const text = req.body.toString('utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw fail(syntaxError(text, e instanceof Error ? e.message : ''));
  }
  if (raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw fail(
      `json: cannot unmarshal ${jsonKind(raw)} into Go value of type api.${struct}`,
    );
  }
  const input = (raw ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(schema)) {
    const v = input[key];
    if (v === undefined || v === null) {
      out[key] = type === 'bool' ? false : type === 'string' ? '' : undefined;
      continue;
    }
    if (!matches(type, v)) {
      throw fail(
        `json: cannot unmarshal ${jsonKind(v)} into Go struct field ` +
          `${struct}.${key} of type ${GO_TYPE[type]}`,
      );
    }
    out[key] = v;
  }
  return out as Params<S>;
}

/** A query-string value (`r.FormValue` for GET requests). */
export function queryValue(req: ServiceRequest, name: string): string {
  return req.url.searchParams.get(name) ?? '';
}
