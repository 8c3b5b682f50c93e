import type { Capture, PageInfo } from '@ext/lib/messaging';
import { startPopup } from '@ext/lib/popup-start';
import type { Shell } from '@ext/lib/shell';

export { pageFromTab, readShell, type Shell } from '@ext/lib/shell';

export interface PopupBoot {
  shell: Promise<Shell>;
  /** og:site_name and the viewport, from the on-demand content script. */
  pageInfo: Promise<PageInfo | null>;
  /** The screenshot taken as the popup opened (background, in parallel). */
  capture: Promise<Capture>;
  /** `capture` once it has arrived (it often wins the race with the shell). */
  settled: { capture?: Capture };
}

let started: PopupBoot | undefined;

/**
 * Picks up what popup-start.js began before this bundle was even fetched
 * (lib/popup-start.ts): the capture, the page read and the storage reads
 * for the first screen, all in parallel.
 */
export function bootPopup(): PopupBoot {
  if (started) return started;
  const { shell, capture, pageInfo, settled } = startPopup();
  started = { shell, pageInfo, capture, settled };
  return started;
}
