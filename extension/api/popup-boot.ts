import { browser } from '#imports';
import { loadDraft } from '@ext/lib/drafts';
import type { Capture, PageInfo, TargetTab } from '@ext/lib/messaging';
import { startPopup } from '@ext/lib/popup-start';
import {
  DEFAULT_BACKEND_URL,
  authStorageKey,
  readLocal,
  storedSessionUser,
  type BackendConfig,
  type CachedStats,
  type SessionEnd,
  type Draft,
  type DraftShot,
} from '@ext/lib/storage';
import { normaliseBackendUrl } from '@ext/lib/url';

/** What the popup renders its first screen from: storage and the tab only, no network. */
export interface Shell {
  backendUrl: string;
  /** The signed-in user of the stored session; null when signed out (or never configured). */
  user: { id: string; email: string | null } | null;
  /** Last known stats of that user (points preview without a round trip). */
  stats: CachedStats | null;
  /** The tab's address and title as the browser reports them; null without a page. */
  page: PageInfo | null;
  /** The stored draft of that page, if any. */
  draft: Draft | null;
  shot: DraftShot | null;
  /** A session ended without the user asking: the sign-in says so. */
  sessionEnded: boolean;
}

export interface PopupBoot {
  shell: Promise<Shell>;
  /** The tab the popup is about (whole-page and element captures need its id). */
  target: Promise<TargetTab | null>;
  /** og:site_name and the viewport, from the on-demand content script. */
  pageInfo: Promise<PageInfo | null>;
  /** The screenshot taken as the popup opened (background, in parallel). */
  capture: Promise<Capture>;
  /** `capture` once it has arrived (it often wins the race with the shell). */
  settled: { capture?: Capture };
}

/** What the tab itself tells about its page, before the content script answers. */
export function pageFromTab(target: TargetTab | null): PageInfo | null {
  if (!target?.url) return null;
  let host = '';
  try {
    host = new URL(target.url).host;
  } catch {
    // Not a URL the popup can parse: keep the address, without a host.
  }
  return {
    url: target.url,
    title: target.title ?? '',
    host,
    siteName: null,
    viewport: '',
  };
}

/** Reads the first screen's state from extension storage (three rounds, no network). */
export async function readShell(
  target: Promise<TargetTab | null>,
): Promise<Shell> {
  // One storage round trip for the first screen's items, one for the
  // session (its key depends on the backend), one for the draft.
  const [stored1, tab] = await Promise.all([
    readLocal([
      'local:backendUrl',
      'local:backendConfig',
      'local:statsCache',
      'local:sessionEnd',
    ]),
    target,
  ]);
  const backendUrl =
    (stored1['local:backendUrl'] as string | undefined) ?? DEFAULT_BACKEND_URL;
  const config =
    (stored1['local:backendConfig'] as BackendConfig | undefined) ?? null;
  const cachedStats =
    (stored1['local:statsCache'] as CachedStats | undefined) ?? null;
  const sessionEnd =
    (stored1['local:sessionEnd'] as SessionEnd | undefined) ?? null;
  const normalised = normaliseBackendUrl(backendUrl);
  const page = pageFromTab(tab);
  const sameBackend = config?.backendUrl === normalised;
  const rawSession = sameBackend
    ? await browser.storage.local
        .get(authStorageKey(config.supabaseUrl))
        .then((r) => r[authStorageKey(config.supabaseUrl)])
    : null;
  const user = storedSessionUser(rawSession);
  // Drafts are the signed-in user's own (never another account's).
  const stored =
    page && user
      ? await loadDraft(user.id, page.url)
      : { draft: null, shot: null };
  return {
    backendUrl: normalised,
    user,
    stats: user && cachedStats?.userId === user.id ? cachedStats : null,
    page,
    draft: stored.draft,
    shot: stored.shot,
    sessionEnded: sessionEnd === 'ended',
  };
}

let started: PopupBoot | undefined;

/**
 * Starts everything the popup needs, once, before React renders: the
 * capture and the page read (already under way when popup-start.js ran
 * first, see lib/popup-start.ts) and the storage reads for the first screen,
 * all in parallel.
 */
export function bootPopup(): PopupBoot {
  if (started) return started;
  const { target, capture, pageInfo, settled } = startPopup();
  started = { shell: readShell(target), target, pageInfo, capture, settled };
  return started;
}
