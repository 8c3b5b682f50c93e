import { browser } from '#imports';
import { captureWindow } from './capture';
import {
  sendMessage,
  type Capture,
  type PageInfo,
  type TargetTab,
} from './messaging';

/**
 * What the popup starts before anything else: the tab it is about, its
 * screenshot and the page read. Begun by the tiny classic script
 * `popup-start.js`, which popup.html runs before its main bundle (React) is
 * even parsed, and picked up by `bootPopup`.
 */
export interface PopupStart {
  target: Promise<TargetTab | null>;
  capture: Promise<Capture>;
  pageInfo: Promise<PageInfo | null>;
  /** The capture once it has arrived: the first render can show it at once. */
  settled: { capture?: Capture };
}

declare global {
  interface Window {
    /** Set by popup-start.js (entrypoints/popup-start.ts). */
    __peegaStart?: PopupStart;
  }
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
    return {
      tabId,
      windowId,
      url: tab?.url,
      title: tab?.title,
      active: tab?.active,
    };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  return {
    tabId: tab.id,
    windowId: tab.windowId,
    url: tab.url,
    title: tab.title,
    active: tab.active,
  };
}

/** Starts the target lookup, the capture and the page read, once per popup. */
export function startPopup(): PopupStart {
  if (window.__peegaStart) return window.__peegaStart;
  // Phases for `PEEGA_BENCH_VERBOSE=1 npm run bench -- extension`.
  performance.mark('peega:start');
  const target = targetTab().catch(() => null);
  void target.then(() => performance.mark('peega:target'));
  const settled: PopupStart['settled'] = {};
  window.__peegaStart = {
    target,
    settled,
    capture: target
      .then((t) =>
        t ? captureWindow(t.windowId, t.url ?? '', t.active ?? true) : NO_PAGE,
      )
      .catch((): Capture => ({
        screenshot: null,
        captureError: 'The page could not be read.',
      }))
      .then((c) => {
        performance.mark('peega:captured');
        settled.capture = c;
        return c;
      }),
    pageInfo: target.then((t) =>
      t ? sendMessage('readPage', t).catch(() => null) : null,
    ),
  };
  return window.__peegaStart;
}
