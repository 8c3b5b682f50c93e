/** A page request as the page server sees it (method upper-case, path not decoded). */
export interface PageRequest {
  method: string;
  pathname: string;
  /** The raw query string without `?`. */
  rawQuery: string;
  acceptEncoding: string;
}

export interface PageResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export function jsonResponse(status: number, body: unknown): PageResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}
