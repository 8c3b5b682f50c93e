import { defineContentScript } from '#imports';
import type { PageInfo } from '@ext/lib/messaging';

/**
 * Injected on demand (activeTab + scripting, no host permissions) when the
 * popup opens; reads only what the popup shows and returns it.
 */
export default defineContentScript({
  registration: 'runtime',
  main(): PageInfo {
    const siteName =
      document
        .querySelector<HTMLMetaElement>('meta[property="og:site_name"]')
        ?.content.trim() || null;
    return {
      url: location.href,
      title: document.title,
      host: location.host,
      siteName,
      viewport: `${window.innerWidth}×${window.innerHeight}`,
      devicePixelRatio: Math.round(window.devicePixelRatio * 100) / 100,
      language: navigator.language,
    };
  },
});
