import { browser } from '#imports';
import type { Capture, PageInfo, TargetTab } from '@ext/lib/messaging';
import { captureRestriction } from '@ext/lib/screenshot';

/*
 * The popup asks for the page (on-demand content script) and its
 * screenshot as two messages, in parallel. Both need the activeTab grant of
 * a toolbar click, context-menu click or shortcut; where the browser
 * refuses (browser pages, the Web Store, PDFs) the popup works without a
 * screenshot.
 */

/** The page's info (address, title, og:site_name, viewport). */
export async function readPage(args: TargetTab): Promise<PageInfo | null> {
  const tab = await browser.tabs.get(args.tabId).catch(() => undefined);
  return readPageInfo(
    args.tabId,
    tab?.url ?? args.url ?? '',
    tab?.title ?? args.title ?? '',
  );
}

/** The tab's screenshot, or why there is none. */
export async function captureTab(args: TargetTab): Promise<Capture> {
  const tab = await browser.tabs.get(args.tabId).catch(() => undefined);
  return captureWindow(
    args.windowId,
    tab?.url ?? args.url ?? '',
    tab?.active ?? true,
  );
}

async function readPageInfo(
  tabId: number,
  url: string,
  title: string,
): Promise<PageInfo | null> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: { tabId },
      files: ['/content-scripts/page-info.js'],
    });
    const info = result?.result as PageInfo | undefined;
    if (info?.url) return info;
  } catch {
    // Protected pages refuse scripts; fall back to what the tab tells.
  }
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    host = '';
  }
  return { url, title, host, siteName: null, viewport: '' };
}

async function captureWindow(
  windowId: number,
  url: string,
  active: boolean,
): Promise<Capture> {
  const restriction = captureRestriction(url);
  if (restriction) return { screenshot: null, captureError: restriction };
  if (!active) {
    return {
      screenshot: null,
      captureError: 'Switch to the page’s tab to take a screenshot.',
    };
  }
  try {
    // As captured: the popup shows it at once and shrinks it to 300 KB
    // after (shrinkJpeg), off the path to the preview.
    return { screenshot: await captureWithRetry(windowId), captureError: null };
  } catch {
    return {
      screenshot: null,
      captureError:
        'The browser does not allow a screenshot of this page. You can still send feedback without one.',
    };
  }
}

/**
 * Chrome allows two captures per second
 * (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); a popup reopened at once
 * waits for the quota instead of going without a screenshot.
 */
async function captureWithRetry(windowId: number): Promise<string> {
  try {
    return await browser.tabs.captureVisibleTab(windowId, {
      format: 'jpeg',
      quality: 80,
    });
  } catch (error) {
    if (!/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error))) {
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    return browser.tabs.captureVisibleTab(windowId, {
      format: 'jpeg',
      quality: 80,
    });
  }
}
