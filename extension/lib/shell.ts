import { browser } from '#imports';
import { loadDraft } from './drafts';
import type { PageInfo, TargetTab } from './messaging';
import {
  authStorageKey,
  backendConfigItem,
  backendUrlItem,
  sessionEndItem,
  statsCacheItem,
  storedSessionUser,
  type CachedStats,
  type Draft,
  type DraftShot,
} from './storage';
import { normaliseBackendUrl } from './url';

// The popup's first screen, read from storage and the tab only. Started by
// popup-start.js (lib/popup-start.ts) before the main bundle loads, so the
// reads are done by the time React can render.

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
  const [backendUrl, config, cachedStats, sessionEnd, tab] = await Promise.all([
    backendUrlItem.getValue(),
    backendConfigItem.getValue(),
    statsCacheItem.getValue(),
    sessionEndItem.getValue(),
    target,
  ]);
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
