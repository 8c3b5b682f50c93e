import { browser } from '#imports';
import type {
  Capture,
  PageInfo,
  PreparedPage,
  TargetTab,
} from '@ext/lib/messaging';
import {
  MAX_SCREENSHOT_BYTES,
  captureRestriction,
  dataUrlBytes,
} from '@ext/lib/screenshot';

/**
 * Reads the page (on-demand content script) and captures the visible tab
 * as a JPEG of at most 300 KB. Capture needs the activeTab grant of a
 * toolbar click, context-menu click or shortcut; where the browser refuses
 * (browser pages, the Web Store, PDFs) the popup works without a screenshot.
 */
export async function preparePage(args: TargetTab): Promise<PreparedPage> {
  const [page, shot] = await Promise.all([readPage(args), captureTab(args)]);
  return { page, ...shot };
}

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
    const dataUrl = await captureWithRetry(windowId);
    return { screenshot: await shrinkJpeg(dataUrl), captureError: null };
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

/**
 * Re-encodes a JPEG data URL until it fits {@link MAX_SCREENSHOT_BYTES}:
 * lower quality first, then a smaller size.
 */
export async function shrinkJpeg(
  dataUrl: string,
  maxBytes = MAX_SCREENSHOT_BYTES,
): Promise<string> {
  if (dataUrlBytes(dataUrl) <= maxBytes) return dataUrl;
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  let scale = 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    const quality = attempt < 3 ? [0.65, 0.5, 0.4][attempt]! : 0.5;
    if (attempt >= 3) scale *= 0.75;
    const canvas = new OffscreenCanvas(
      Math.round(bitmap.width * scale),
      Math.round(bitmap.height * scale),
    );
    canvas
      .getContext('2d')!
      .drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (blob.size <= maxBytes) return blobToDataUrl(blob);
  }
  throw new Error('The screenshot could not be made small enough.');
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type};base64,${btoa(binary)}`;
}
