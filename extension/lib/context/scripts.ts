import { browser } from '#imports';
import { grantedSites } from './site-access';

const RELAY = {
  id: 'peega-context-relay',
  js: ['/content-scripts/context-relay.js' as const],
  world: 'ISOLATED' as const,
};
const HOOK = {
  id: 'peega-context-hook',
  js: ['/content-scripts/context-hook.js' as const],
  world: 'MAIN' as const,
};

let queue: Promise<void> = Promise.resolve();

/**
 * Registers the recording scripts for exactly the sites the user allowed
 * (none: none registered). Called whenever the grants may have changed;
 * one run at a time.
 */
export function syncContextScripts(): Promise<void> {
  const run = queue.then(async () => {
    const sites = await grantedSites();
    const ids = [RELAY.id, HOOK.id];
    const existing = await browser.scripting.getRegisteredContentScripts({
      ids,
    });
    if (existing.length > 0) {
      await browser.scripting.unregisterContentScripts({
        ids: existing.map((s) => s.id),
      });
    }
    if (sites.length === 0) return;
    await browser.scripting.registerContentScripts(
      [RELAY, HOOK].map((s) => ({
        ...s,
        matches: sites,
        runAt: 'document_start' as const,
        allFrames: false,
        persistAcrossSessions: true,
      })),
    );
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Starts recording at once in the open tabs of newly allowed sites (the
 * registered scripts only run from their next page load).
 */
export async function startInOpenTabs(sites: string[]): Promise<void> {
  if (sites.length === 0) return;
  const tabs = await browser.tabs.query({ url: sites });
  await Promise.all(
    tabs.map(async (tab) => {
      if (tab.id === undefined) return;
      try {
        await browser.scripting.executeScript({
          target: { tabId: tab.id },
          files: RELAY.js,
        });
        await browser.scripting.executeScript({
          target: { tabId: tab.id },
          files: HOOK.js,
          world: 'MAIN',
        });
      } catch {
        // A tab that cannot be scripted (e.g. an error page) starts on reload.
      }
    }),
  );
}
