import { defineBackground } from '#imports';

export default defineBackground(() => {
  // Listeners are wired by the extension issue; the service worker must exist
  // so that Chromium registers the extension.
});
