import { browser, type Browser } from '#imports';
import { startInOpenTabs, syncContextScripts } from '@ext/lib/context/scripts';
import { hasSiteAccess, sitePattern } from '@ext/lib/context/site-access';
import {
  appendToLog,
  tabLogItem,
  type LogEntries,
} from '@ext/lib/context/tab-log';

const writes = new Map<number, Promise<void>>();

/**
 * Keeps a recording script's entries for its tab, in session storage, and
 * only for a site the user allowed (the scripts run nowhere else, and a
 * site removed meanwhile records nothing more). One write per tab at a time.
 */
export async function recordContext(
  entries: LogEntries,
  sender: Browser.runtime.MessageSender,
): Promise<boolean> {
  const tabId = sender.tab?.id;
  const site = sitePattern(sender.url ?? sender.tab?.url);
  if (tabId === undefined || !site || sender.frameId !== 0) return false;
  if (!(await hasSiteAccess(site))) return false;
  const item = tabLogItem(tabId);
  const write = (writes.get(tabId) ?? Promise.resolve()).then(async () =>
    item.setValue(appendToLog(await item.getValue(), site, entries)),
  );
  writes.set(
    tabId,
    write.catch(() => undefined),
  );
  await write;
  return true;
}

/** Forgets what was recorded in tabs of sites no longer allowed. */
async function forgetSites(sites: string[]): Promise<void> {
  const all = await browser.storage.session.get(null);
  const keys = Object.entries(all)
    .filter(
      ([key, value]) =>
        key.startsWith('contextLog:') &&
        sites.includes((value as { site?: string } | null)?.site ?? ''),
    )
    .map(([key]) => key);
  if (keys.length > 0) await browser.storage.session.remove(keys);
}

/** Wires the recording to the user's grants and to the tabs' lives. */
export function watchContext(): void {
  browser.runtime.onInstalled.addListener(() => void syncContextScripts());
  browser.runtime.onStartup.addListener(() => void syncContextScripts());
  browser.permissions.onAdded.addListener(({ origins = [] }) => {
    void syncContextScripts().then(() => startInOpenTabs(origins));
  });
  browser.permissions.onRemoved.addListener(({ origins = [] }) => {
    void syncContextScripts();
    void forgetSites(origins);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void tabLogItem(tabId).removeValue();
  });
}
