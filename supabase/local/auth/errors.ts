import type { ServiceRequest, ServiceResponse } from '../http.ts';

/** An error GoTrue answers with an HTTP status, an error code and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. a 429's `Retry-After`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** GoTrue's weak-password error: 422 with the failed `reasons`. */
export class WeakPasswordError extends Error {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

/** OAuth-shaped error (`{error, error_description}`), always sent with 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const badRequest = (code: string, message: string) =>
  new AuthError(400, code, message);
export const forbidden = (code: string, message: string) =>
  new AuthError(403, code, message);
export const unprocessable = (code: string, message: string) =>
  new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) =>
  new AuthError(429, code, message);
export const notFound = (code: string, message: string) =>
  new AuthError(404, code, message);

const VERSION_HEADER = 'x-supabase-api-version';
const VERSION_2024 = '2024-01-01';

/**
 * The API version a request asked for, as GoTrue's
 * `DetermineClosestAPIVersion`: any valid date on or after 2024-01-01 means
 * 2024-01-01; no header or an invalid one means the initial version.
 */
export function requestApiVersion(req: ServiceRequest): string | undefined {
  const value = req.headers[VERSION_HEADER];
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const valid =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d;
  return valid && value! >= VERSION_2024 ? VERSION_2024 : undefined;
}

/** A JSON response exactly as GoTrue's `sendJSON` writes it. */
export function sendJson(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ServiceResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

function unexpected(version: string | undefined): ServiceResponse {
  const message =
    'Unexpected failure, please check server logs for more information';
  return version
    ? sendJson(500, { code: 'unexpected_failure', message })
    : sendJson(500, {
        code: 500,
        error_code: 'unexpected_failure',
        msg: message,
      });
}

/**
 * Turns any thrown value into GoTrue's error answer (`errors.go`): the 2024
 * shape `{code, message}` when the request sent X-Supabase-Api-Version (and
 * then the header is echoed, which is what lets auth-js read `code`), the
 * legacy `{code: status, error_code, msg}` otherwise.
 */
export function errorResponse(
  e: unknown,
  req: ServiceRequest,
): ServiceResponse {
  const version = requestApiVersion(req);
  const headers: Record<string, string> = version
    ? { 'x-supabase-api-version': version }
    : {};
  const withHeaders = (r: ServiceResponse) => ({
    ...r,
    headers: { ...r.headers, ...headers },
  });

  if (e instanceof WeakPasswordError) {
    const payload = { reasons: e.reasons };
    if (version) {
      return withHeaders(
        sendJson(422, {
          code: 'weak_password',
          message: e.message,
          weak_password: payload,
        }),
      );
    }
    return sendJson(
      422,
      {
        code: 422,
        error_code: 'weak_password',
        msg: e.message,
        weak_password: payload,
      },
      { 'x-sb-error-code': 'weak_password' },
    );
  }
  if (e instanceof AuthError) {
    const code =
      e.code || (e.status === 500 ? 'unexpected_failure' : 'unknown');
    const body = version
      ? { code, message: e.message }
      : { code: e.status, error_code: code, msg: e.message };
    return withHeaders(
      sendJson(e.status, body, {
        ...e.headers,
        ...(e.code ? { 'x-sb-error-code': e.code } : {}),
      }),
    );
  }
  if (e instanceof OAuthError) {
    return withHeaders(
      sendJson(400, { error: e.error, error_description: e.description }),
    );
  }
  console.error('[peega auth] unhandled error:', e);
  return withHeaders(unexpected(version));
}
