import { browser } from '#imports';
import type { Capture } from './messaging';
import { captureRestriction } from './screenshot';

/**
 * One capture serves the preview and the upload. 60 rather than 80: about
 * 40 % fewer bytes to encode, pass to the popup and decode before the
 * preview shows (a busy 1280×720 page then usually fits 300 KB without
 * shrinkJpeg), and text stays legible.
 */
export const CAPTURE_QUALITY = 60;

/**
 * The screenshot of the window's visible tab, or why there is none. Needs
 * the activeTab grant of a toolbar click, context-menu click or shortcut;
 * the popup calls it itself (no round trip through the background for a
 * large data URL).
 */
export async function captureWindow(
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
      quality: CAPTURE_QUALITY,
    });
  } catch (error) {
    if (!/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error))) {
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    return browser.tabs.captureVisibleTab(windowId, {
      format: 'jpeg',
      quality: CAPTURE_QUALITY,
    });
  }
}
