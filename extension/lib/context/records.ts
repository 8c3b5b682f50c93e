/**
 * What the page-world hook tells the extension's relay: one record per
 * console error, unhandled rejection or failed request, as a JSON string in
 * a DOM event (the only channel between the page's world and the
 * extension's isolated one). The page could send such events too; it can
 * only add lines to its own report, which the user reviews before sending.
 */
export const CONTEXT_EVENT = 'peega:context';

export type HookRecord =
  | { t: 'console'; kind: 'error' | 'rejection'; message: string; time: number }
  | {
      t: 'request';
      method: string;
      status: number;
      url: string;
      time: number;
    };

/** A record read back from an event's detail; null for anything else. */
export function parseRecord(detail: unknown): HookRecord | null {
  if (typeof detail !== 'string' || detail.length > 20_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(detail);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.time !== 'number' || !Number.isFinite(r.time)) return null;
  if (
    r.t === 'console' &&
    (r.kind === 'error' || r.kind === 'rejection') &&
    typeof r.message === 'string'
  ) {
    return { t: 'console', kind: r.kind, message: r.message, time: r.time };
  }
  if (
    r.t === 'request' &&
    typeof r.method === 'string' &&
    typeof r.status === 'number' &&
    typeof r.url === 'string'
  ) {
    return {
      t: 'request',
      method: r.method,
      status: r.status,
      url: r.url,
      time: r.time,
    };
  }
  return null;
}
