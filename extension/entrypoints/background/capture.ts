import { browser } from '#imports';
import type { PageInfo, TargetTab } from '@ext/lib/messaging';

/*
 * The popup asks for the page (on-demand content script) while it takes
 * the screenshot itself (lib/capture.ts, no large data URL through the
 * background). Both need the activeTab grant of a toolbar click,
 * context-menu click or shortcut; where the browser refuses (browser pages,
 * the Web Store, PDFs) the popup works without them.
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
