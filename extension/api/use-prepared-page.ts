import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { sendMessage, type PreparedPage } from '@ext/lib/messaging';

/**
 * The tab the popup is about: `?tabId=&windowId=` when the popup was opened
 * in its own window (context menu fallback), else the active tab of the
 * popup's window.
 */
async function targetTab(): Promise<{
  tabId: number;
  windowId: number;
  url?: string;
  title?: string;
} | null> {
  const params = new URLSearchParams(location.search);
  const tabId = Number(params.get('tabId'));
  const windowId = Number(params.get('windowId'));
  if (params.has('tabId') && Number.isInteger(tabId)) {
    return { tabId, windowId };
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

let started: Promise<PreparedPage> | undefined;

/**
 * Asks the background, once per popup, for the page's info and screenshot.
 * The popup's entry calls it before React renders, so the capture runs
 * while the UI boots.
 */
export function preparePage(): Promise<PreparedPage> {
  started ??= targetTab()
    .then((target): Promise<PreparedPage> | PreparedPage =>
      target
        ? sendMessage('preparePage', target)
        : {
            page: null,
            screenshot: null,
            captureError: 'No page to send feedback about.',
          },
    )
    .catch(() => ({
      page: null,
      screenshot: null,
      captureError: 'The page could not be read.',
    }));
  return started;
}

/** The page's info and screenshot, once the background has them. */
export function usePreparedPage(): PreparedPage | null {
  const [prepared, setPrepared] = useState<PreparedPage | null>(null);
  useEffect(() => {
    let active = true;
    void preparePage().then((p) => active && setPrepared(p));
    return () => {
      active = false;
    };
  }, []);
  return prepared;
}
