import { defineWxtModule } from 'wxt/modules';
import polyfill from '@wxt-dev/webextension-polyfill';

/**
 * WXT's `@wxt-dev/webextension-polyfill` module, for the Firefox build only
 * (issue #26). There `browser` resolves to Firefox's own promise-based API;
 * the Chromium build keeps WXT's `browser` (Chrome's MV3 API, promise-based
 * too), because the polyfill adds 5.2 KB gzipped and its setup to the
 * popup's critical path (popup-start.js runs it before the screenshot
 * starts) for no change in behaviour there.
 */
export default defineWxtModule({
  name: 'peega:firefox-polyfill',
  setup(wxt, options) {
    if (wxt.config.browser === 'firefox') return polyfill.setup?.(wxt, options);
  },
});
