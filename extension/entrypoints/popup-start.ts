import { defineUnlistedScript } from '#imports';
import { startPopup } from '@ext/lib/popup-start';

/**
 * popup.html's first script (classic, ~13 KB): asks for the screenshot and
 * the page and reads the first screen from storage before the main bundle
 * (React, ~230 KB) is loaded and parsed.
 */
export default defineUnlistedScript(() => {
  startPopup();
});
