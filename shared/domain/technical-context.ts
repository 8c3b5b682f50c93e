/**
 * The technical context a feedback may carry (issue #26): console errors
 * and failed requests the extension recorded on a site the user opted in
 * for, and the environment. The database checks the same shape and limits
 * again (`private.technical_context_valid`).
 */

import { z } from 'zod';
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

const at = z.iso.datetime({ offset: true });

export const technicalContextSchema = z.strictObject({
  environment: z.strictObject({
    browser: z.string().min(1).max(CONTEXT_LIMITS.label).optional(),
    os: z.string().min(1).max(CONTEXT_LIMITS.label).optional(),
    viewport: z
      .string()
      .regex(/^\d{1,5}×\d{1,5}$/)
      .optional(),
    devicePixelRatio: z.number().min(0.1).max(10).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/)
      .optional(),
  }),
  consoleErrors: z
    .array(
      z.strictObject({
        kind: z.enum(['error', 'rejection']),
        message: z.string().min(1).max(CONTEXT_LIMITS.message),
        at,
      }),
    )
    .max(CONTEXT_LIMITS.entries),
  failedRequests: z
    .array(
      z.strictObject({
        method: z.string().regex(/^[A-Z]{1,10}$/),
        status: z.number().int().min(0).max(599),
        url: z
          .string()
          .min(1)
          .max(CONTEXT_LIMITS.url)
          .regex(/^[^?#]*$/),
        at,
      }),
    )
    .max(CONTEXT_LIMITS.entries),
});

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
  const text = maskSecrets(message.replace(/\s+/g, ' ').trim()) || '(empty)';
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
    url: cut(maskUrl(url), CONTEXT_LIMITS.url) || '(unknown)',
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

const ENVIRONMENT_LABELS: [keyof Environment, string][] = [
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
  context.consoleErrors.forEach((e, i) =>
    lines.push({
      id: `console:${i}`,
      group: 'console',
      text: `${e.kind === 'rejection' ? 'Unhandled rejection' : 'Error'}: ${e.message}`,
    }),
  );
  context.failedRequests.forEach((r, i) =>
    lines.push({
      id: `request:${i}`,
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
    consoleErrors: context.consoleErrors.filter(
      (_, i) => !out.has(`console:${i}`),
    ),
    failedRequests: context.failedRequests.filter(
      (_, i) => !out.has(`request:${i}`),
    ),
  };
  const empty =
    Object.keys(environment).length === 0 &&
    selected.consoleErrors.length === 0 &&
    selected.failedRequests.length === 0;
  return empty ? null : selected;
}

/** A stored value read back as a context (companies and authors): null when it is none. */
export function parseTechnicalContext(value: unknown): TechnicalContext | null {
  const parsed = technicalContextSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
