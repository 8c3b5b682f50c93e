import { browser, storage } from '#imports';
import type { FeedbackCategory } from '@shared/domain/categories';
import type { TechnicalContext } from '@shared/domain/technical-context';
import type { CaptureKind } from './capture-job';
import { lazyItem } from './lazy-item';

declare const __PEEGA_PUBLIC_URL__: string;

/**
 * The stored values of `local:` item keys in ONE storage round trip (no
 * item defined, no fallback applied): the popup's first screen
 * (api/popup-boot.ts). Missing keys are absent.
 */
export async function readLocal(
  keys: string[],
): Promise<Record<string, unknown>> {
  const found = await browser.storage.local.get(
    keys.map((k) => k.replace(/^local:/, '')),
  );
  return Object.fromEntries(
    keys.map((k) => [k, found[k.replace(/^local:/, '')]]),
  );
}

/** The backend chosen at build time (PEEGA_PUBLIC_URL, ARCHITECTURE "Extension build"). */
export const DEFAULT_BACKEND_URL: string =
  typeof __PEEGA_PUBLIC_URL__ === 'string'
    ? __PEEGA_PUBLIC_URL__
    : 'http://localhost:3000';

/** The Peega web app the extension talks to; changeable in the options page. */
export const backendUrlItem = lazyItem(() =>
  storage.defineItem<string>('local:backendUrl', {
    fallback: DEFAULT_BACKEND_URL,
    version: 1,
  }),
);

/** What `GET <backend>/config.json` answered, kept so the popup opens offline. */
export interface BackendConfig {
  backendUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export const backendConfigItem = lazyItem(() =>
  storage.defineItem<BackendConfig | null>('local:backendConfig', {
    fallback: null,
    version: 1,
  }),
);

/** A rectangle to blur, in fractions (0–1) of the screenshot's size. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An annotation drawn on the screenshot (#37), in fractions (0–1) of its size. */
export type Annotation =
  | ({ kind: 'box' } & Rect)
  | { kind: 'arrow'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'text'; x: number; y: number; text: string };

/**
 * One edit of the screenshot, in the order made: a plain rectangle is a
 * blur (the only kind drafts from before annotations hold), else an
 * annotation. All are burned into the image before it is uploaded.
 */
export type Mark = Rect | Annotation;

/** Everything typed for one page; survives closing the popup and failed submits. */
export interface Draft {
  /** The page address without its fragment: the draft's key. */
  url: string;
  host: string;
  pageTitle: string;
  companyName: string;
  category: FeedbackCategory | null;
  /** Optional; derived from the first sentence of `text` when blank. */
  title: string;
  text: string;
  includeScreenshot: boolean;
  /**
   * Whether the technical context goes with the feedback; unset until the
   * user decides: then on for sites they allowed recording on, off elsewhere.
   */
  includeContext?: boolean;
  /**
   * The technical context as last shown (environment, and what was
   * recorded in the tab); drafts from before issue #26 hold another shape,
   * which is never sent.
   */
  context: TechnicalContext | null;
  /** Lines of the context the user unticked (`contextLines` ids). */
  excludedLines?: string[];
  /** Blurs and annotations, in order, already applied to the stored screenshot. */
  redactions: Mark[];
  updatedAt: number;
}

/** The screenshot of a draft, stored apart so typing never rewrites it. */
export interface DraftShot {
  /** JPEG data URL as captured; never leaves the browser. */
  original: string;
  /** JPEG data URL with the blurs and annotations applied: what is uploaded. */
  redacted: string;
  /** Storage path once uploaded, reused when a later step fails. */
  uploadedPath: string | null;
  /** What it shows; absent (older drafts) means the visible area. */
  kind?: CaptureKind;
  /** How it was captured, when the user should know (the scrolling fallback). */
  note?: string | null;
}

/** Page addresses of the stored drafts, most recent last. */
export const draftIndexItem = lazyItem(() =>
  storage.defineItem<string[]>('local:draftIndex', {
    fallback: [],
    version: 1,
  }),
);

export const draftItem = (url: string) =>
  storage.defineItem<Draft | null>(`local:draft:${url}`, { fallback: null });

export const draftShotItem = (url: string) =>
  storage.defineItem<DraftShot | null>(`local:draftShot:${url}`, {
    fallback: null,
  });

/**
 * Where supabase-js keeps the session of a backend: its own default key
 * (`sb-<first label of the host>-auth-token`), passed explicitly so the popup
 * can read the stored session before supabase-js is loaded.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** The signed-in user of a stored supabase-js session, or null. */
export function storedSessionUser(
  raw: unknown,
): { id: string; email: string | null } | null {
  if (typeof raw !== 'string') return null;
  try {
    const session = JSON.parse(raw) as {
      refresh_token?: unknown;
      user?: { id?: unknown; email?: unknown };
    };
    const id = session.user?.id;
    if (typeof id !== 'string' || typeof session.refresh_token !== 'string') {
      return null;
    }
    const email = session.user?.email;
    return { id, email: typeof email === 'string' ? email : null };
  } catch {
    return null;
  }
}

/** What the popup needs of `user_stats` for the points preview and level. */
export interface CachedStats {
  userId: string;
  feedback_count: number;
  total_points: number;
  day_feedback_date: string | null;
  day_feedback_count: number;
}

/** The last `user_stats` seen, so the popup shows the right points at once. */
export const statsCacheItem = lazyItem(() =>
  storage.defineItem<CachedStats | null>('local:statsCache', {
    fallback: null,
  }),
);

/**
 * How the last session ended: `ended` without the user asking (its account
 * deleted, its refresh refused), `signed-out` on purpose, null once signed
 * in again. Written by whichever context found out (a popup, the
 * background), so every popup says "Your session has ended" until the next
 * sign-in, whichever noticed first. Extension storage is the one place all
 * contexts share.
 */
export type SessionEnd = 'ended' | 'signed-out' | null;

export const sessionEndItem = lazyItem(() =>
  storage.defineItem<SessionEnd>('local:sessionEnd', { fallback: null }),
);
