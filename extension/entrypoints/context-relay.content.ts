import { defineContentScript } from '#imports';
import { CONTEXT_EVENT } from '@ext/lib/context/records';
import { createRelay } from '@ext/lib/context/relay';
import { sendMessage } from '@ext/lib/messaging';

const STARTED = Symbol.for('peega.contextRelay');

/**
 * The extension-world half of the opt-in recording: masks what the page
 * hook reports and hands it to the background, which keeps it per tab.
 */
export default defineContentScript({
  registration: 'runtime',
  main() {
    const flagged = window as unknown as Record<symbol, boolean>;
    if (flagged[STARTED]) return;
    flagged[STARTED] = true;
    const relay = createRelay((entries) => {
      // The extension may have been reloaded or the site removed: the
      // page goes on without it.
      sendMessage('recordContext', entries).catch(() => undefined);
    });
    document.addEventListener(CONTEXT_EVENT, (event) =>
      relay((event as CustomEvent<unknown>).detail),
    );
  },
});
