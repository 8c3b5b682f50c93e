import { browser } from '#imports';
import { loadDraft } from '@ext/lib/drafts';
import {
  sendMessage,
  type Capture,
  type PageInfo,
  type TargetTab,
} from '@ext/lib/messaging';
import {
  authStorageKey,
  backendConfigItem,
  backendUrlItem,
  statsCacheItem,
  storedSessionUser,
  type CachedStats,
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
}

export interface PopupBoot {
  shell: Promise<Shell>;
  /** og:site_name and the viewport, from the on-demand content script. */
  pageInfo: Promise<PageInfo | null>;
  /** The screenshot taken as the popup opened (background, in parallel). */
  capture: Promise<Capture>;
}

const NO_PAGE: Capture = {
  screenshot: null,
  captureError: 'No page to send feedback about.',
};

/**
 * The tab the popup is about: `?tabId=&windowId=` when the popup was opened
 * in its own window (context-menu fallback), else the active tab of the
 * popup's window.
 */
async function targetTab(): Promise<TargetTab | null> {
  const params = new URLSearchParams(location.search);
  const tabId = Number(params.get('tabId'));
  const windowId = Number(params.get('windowId'));
  if (params.has('tabId') && Number.isInteger(tabId)) {
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    return { tabId, windowId, url: tab?.url, title: tab?.title };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  return {
    tabId: tab.id,
    windowId: tab.windowId,
    url: tab.url,
    title: tab.title,
  };
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

/** Reads the first screen's state from extension storage (two rounds, no network). */
export async function readShell(
  target: Promise<TargetTab | null>,
): Promise<Shell> {
  const [backendUrl, config, cachedStats, tab] = await Promise.all([
    backendUrlItem.getValue(),
    backendConfigItem.getValue(),
    statsCacheItem.getValue(),
    target,
  ]);
  const normalised = normaliseBackendUrl(backendUrl);
  const page = pageFromTab(tab);
  const sameBackend = config?.backendUrl === normalised;
  const [rawSession, stored] = await Promise.all([
    sameBackend
      ? browser.storage.local
          .get(authStorageKey(config.supabaseUrl))
          .then((r) => r[authStorageKey(config.supabaseUrl)])
      : null,
    page ? loadDraft(page.url) : { draft: null, shot: null },
  ]);
  const user = storedSessionUser(rawSession);
  return {
    backendUrl: normalised,
    user,
    stats: user && cachedStats?.userId === user.id ? cachedStats : null,
    page,
    draft: stored.draft,
    shot: stored.shot,
  };
}

let started: PopupBoot | undefined;

/**
 * Starts everything the popup needs, once, before React renders: storage
 * reads for the first screen, and the page read and capture in the
 * background, all in parallel.
 */
export function bootPopup(): PopupBoot {
  if (started) return started;
  const target = targetTab().catch(() => null);
  const ask = <K extends 'readPage' | 'captureTab'>(
    type: K,
    fallback: Awaited<ReturnType<typeof sendMessage<K>>>,
  ) =>
    target.then((t) =>
      t
        ? sendMessage(type, t).catch(() => fallback)
        : Promise.resolve(fallback),
    );
  started = {
    shell: readShell(target),
    pageInfo: ask('readPage', null),
    capture: ask('captureTab', NO_PAGE).then(
      (c) =>
        c ?? {
          screenshot: null,
          captureError: 'The page could not be read.',
        },
    ),
  };
  return started;
}
