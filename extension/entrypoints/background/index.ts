import { browser, defineBackground } from '#imports';
import { onMessages } from '@ext/lib/messaging';
import { readPage } from './capture';
import { captureHandlers, forgetJobOfTab } from './capture-job';
import { recordContext, watchContext } from './context';
import { createContextMenu, onMenuClicked } from './menu';
import { submitDraft } from './submit';

/** Wires listeners only; each concern lives in its own module. */
export default defineBackground(() => {
  onMessages({
    readPage,
    ...captureHandlers,
    submitFeedback: ({ url }) => submitDraft(url),
    recordContext,
  });
  watchContext();
  browser.runtime.onInstalled.addListener(createContextMenu);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void onMenuClicked(info, tab);
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') void forgetJobOfTab(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => void forgetJobOfTab(tabId));
});
