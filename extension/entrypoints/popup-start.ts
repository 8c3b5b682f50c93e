import { defineUnlistedScript } from '#imports';
import { startPopup } from '@ext/lib/popup-start';

/**
 * popup.html's first script (classic, a few KB): asks for the screenshot
 * and the page before the main bundle (React, ~230 KB) is loaded and parsed.
 */
export default defineUnlistedScript(() => {
  startPopup();
});
