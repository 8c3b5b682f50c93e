import { useEffect } from 'react';
import type { PopupBoot } from '@ext/api/popup-boot';
import { loadDraft } from '@ext/lib/drafts';
import {
  MAX_SCREENSHOT_BYTES,
  dataUrlBytes,
  shrinkJpeg,
} from '@ext/lib/screenshot';
import { useSubmitFlow } from '@ext/stores/submit-flow';

const flow = () => useSubmitFlow.getState();

/**
 * Feeds the submit flow what arrives after the first render: the content
 * script's page read and the screenshot (shown as captured at once, brought
 * within 300 KB just after, before anything is stored or sent).
 */
export function useBootArrivals(boot: PopupBoot) {
  useEffect(() => {
    let active = true;
    void boot.pageInfo.then((info) => {
      if (active && info) flow().pageInfoArrived(info);
    });
    void boot.capture.then((capture) => {
      if (!active) return;
      flow().captureArrived(capture);
      const raw = capture.screenshot;
      if (!raw || dataUrlBytes(raw) <= MAX_SCREENSHOT_BYTES) return;
      shrinkJpeg(raw).then(
        (small) => active && flow().shotShrunk(raw, small),
        () => active && flow().shrinkFailed(raw),
      );
    });
    return () => {
      active = false;
    };
  }, [boot]);
}

/**
 * The stored draft read at boot is the stored session's user's; after a
 * sign-in in this popup, the draft of the user now signed in is read here.
 */
export function useDraftRestore(own: boolean, userId: string, url: string) {
  useEffect(() => {
    if (own) return;
    let active = true;
    void loadDraft(userId, url).then((found) => {
      if (active) flow().draftFound(userId, found);
    });
    return () => {
      active = false;
    };
  }, [own, userId, url]);
}
