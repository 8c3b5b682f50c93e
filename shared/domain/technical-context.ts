/**
 * The technical context a feedback may carry (issue #26): console errors
 * and failed requests the extension recorded on a site the user opted in
 * for, and the environment. Its schema is validation/technical-context.ts;
 * the database checks the same shape and limits again
 * (`private.technical_context_valid`).
 */

import { maskSecrets, maskUrl } from './mask-secrets.ts';

export const CONTEXT_LIMITS = {
  /** Kept per tab, and sent, of each list. */
  entries: 50,
  message: 500,
  url: 500,
  method: 10,
  label: 60,
} as const;

/** A console error or an unhandled promise rejection. */
export interface ConsoleEntry {
  kind: 'error' | 'rejection';
  message: string;
  /** ISO time, to the second. */
  at: string;
}

/** A fetch, XHR or resource load that failed; status 0 when no response came. */
export interface FailedRequest {
  method: string;
  status: number;
  /** Without query string or fragment. */
  url: string;
  at: string;
}

export interface Environment {
  browser?: string;
  os?: string;
  /** e.g. `1280×720`. */
  viewport?: string;
  devicePixelRatio?: number;
  language?: string;
}

export interface TechnicalContext {
  environment: Environment;
  consoleErrors: ConsoleEntry[];
  failedRequests: FailedRequest[];
}

/** The time of an entry: ISO, to the second (finer adds nothing to a report). */
export function entryTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** A console entry as it is kept: masked and cut to the limit. */
export function consoleEntry(
  kind: ConsoleEntry['kind'],
  message: string,
  ms: number,
): ConsoleEntry {
  // Cut before masking too: a page may log megabytes.
  const text =
    maskSecrets(
      message
        .slice(0, CONTEXT_LIMITS.message * 4)
        .replace(/\s+/g, ' ')
        .trim(),
    ) || '(empty)';
  return {
    kind,
    message: cut(text, CONTEXT_LIMITS.message),
    at: entryTime(ms),
  };
}

/** A failed request as it is kept: address without query, masked, cut. */
export function failedRequest(
  method: string,
  status: number,
  url: string,
  ms: number,
): FailedRequest {
  const verb = method
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 10);
  return {
    method: verb || 'GET',
    status:
      Number.isInteger(status) && status >= 0 && status <= 599 ? status : 0,
    url:
      cut(maskUrl(url.slice(0, CONTEXT_LIMITS.url * 4)), CONTEXT_LIMITS.url) ||
      '(unknown)',
    at: entryTime(ms),
  };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Appends and keeps the newest `max` entries. */
export function keepLast<T>(
  list: readonly T[],
  entries: readonly T[],
  max: number = CONTEXT_LIMITS.entries,
): T[] {
  const all = [...list, ...entries];
  return all.length > max ? all.slice(all.length - max) : all;
}

/** One line the user can untick before sending. */
export interface ContextLine {
  id: string;
  group: 'environment' | 'console' | 'requests';
  text: string;
}

export const ENVIRONMENT_LABELS: readonly [keyof Environment, string][] = [
  ['browser', 'Browser'],
  ['os', 'OS'],
  ['viewport', 'Viewport'],
  ['devicePixelRatio', 'Pixel ratio'],
  ['language', 'Language'],
];

/** What a request's status says in words (0: no response at all). */
export function statusText(status: number): string {
  return status === 0 ? 'network error' : String(status);
}

/**
 * A line's id: its content, so an unticked line stays unticked while new
 * entries arrive and old ones drop out.
 */
const consoleId = (e: ConsoleEntry) => `console:${e.at}|${e.kind}|${e.message}`;
const requestId = (r: FailedRequest) =>
  `request:${r.at}|${r.method}|${r.status}|${r.url}`;

/** Every line of a context, in the order shown and sent. */
export function contextLines(context: TechnicalContext): ContextLine[] {
  const lines: ContextLine[] = [];
  for (const [key, label] of ENVIRONMENT_LABELS) {
    const value = context.environment[key];
    if (value !== undefined && value !== '') {
      lines.push({
        id: `env:${key}`,
        group: 'environment',
        text: `${label}: ${value}`,
      });
    }
  }
  context.consoleErrors.forEach((e) =>
    lines.push({
      id: consoleId(e),
      group: 'console',
      text: `${e.kind === 'rejection' ? 'Unhandled rejection' : 'Error'}: ${e.message}`,
    }),
  );
  context.failedRequests.forEach((r) =>
    lines.push({
      id: requestId(r),
      group: 'requests',
      text: `${r.method} ${r.url} → ${statusText(r.status)}`,
    }),
  );
  return lines;
}

/**
 * The context without the unticked lines; null when nothing is left to
 * send.
 */
export function selectContext(
  context: TechnicalContext,
  excluded: readonly string[],
): TechnicalContext | null {
  const out = new Set(excluded);
  const environment: Environment = {};
  for (const [key] of ENVIRONMENT_LABELS) {
    const value = context.environment[key];
    if (value !== undefined && value !== '' && !out.has(`env:${key}`)) {
      Object.assign(environment, { [key]: value });
    }
  }
  const selected: TechnicalContext = {
    environment,
    consoleErrors: context.consoleErrors.filter((e) => !out.has(consoleId(e))),
    failedRequests: context.failedRequests.filter(
      (r) => !out.has(requestId(r)),
    ),
  };
  const empty =
    Object.keys(environment).length === 0 &&
    selected.consoleErrors.length === 0 &&
    selected.failedRequests.length === 0;
  return empty ? null : selected;
}
