import { browser } from '#imports';

export const MENU_ID = 'peega-send-feedback';
export const MENU_TITLE = 'Send feedback about this page';

/** Adds the context-menu entry (menus persist, so once per install/update). */
export function createContextMenu(): void {
  browser.contextMenus.removeAll(() => {
    browser.contextMenus.create({
      id: MENU_ID,
      title: MENU_TITLE,
      contexts: ['page', 'selection', 'link', 'image'],
    });
  });
}

/**
 * The menu click grants activeTab like a toolbar click. Opens the toolbar
 * popup; where the browser refuses (`action.openPopup` needs a focused
 * window), the same popup opens in a small window for that tab.
 */
export async function onMenuClicked(
  info: { menuItemId: string | number },
  tab: { id?: number; windowId?: number } | undefined,
): Promise<void> {
  if (info.menuItemId !== MENU_ID) return;
  try {
    await browser.action.openPopup();
  } catch {
    if (tab?.id === undefined || tab.windowId === undefined) return;
    await browser.windows.create({
      url: browser.runtime.getURL(
        `/popup.html?tabId=${tab.id}&windowId=${tab.windowId}`,
      ),
      type: 'popup',
      width: 420,
      height: 640,
    });
  }
}
