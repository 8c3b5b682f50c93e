import { useEffect, useRef, useState } from 'react';
import type { PopupBoot } from '@ext/api/popup-boot';
import { captureJobItem, type CaptureJob } from '@ext/lib/capture-job';
import { draftKey } from '@ext/lib/drafts';
import type { TargetTab } from '@ext/lib/messaging';
import { useSubmitFlow } from '@ext/stores/submit-flow';

/**
 * The whole-page or element capture of this popup's tab and page, as the
 * background keeps it in extension storage. A finished one becomes the
 * draft's screenshot (stored with the draft) and is then cleared, so it
 * is taken once, by whichever popup sees it first.
 */
export function useCaptureJob(
  boot: PopupBoot,
  pageUrl: string,
): { tab: TargetTab | null; job: CaptureJob | null } {
  const [tab, setTab] = useState<TargetTab | null>(null);
  const [job, setJob] = useState<CaptureJob | null>(null);
  const taken = useRef(new Set<string>());

  useEffect(() => {
    let active = true;
    void boot.target.then((t) => active && setTab(t));
    return () => {
      active = false;
    };
  }, [boot]);

  useEffect(() => {
    if (!tab) return;
    let active = true;
    const seen = async (j: CaptureJob | null) => {
      const mine =
        j?.tabId === tab.tabId && draftKey(j.url) === draftKey(pageUrl);
      if (!active) return;
      setJob(mine ? j : null);
      if (!mine || j.status !== 'done' || !j.screenshot) return;
      if (taken.current.has(j.id)) return;
      taken.current.add(j.id);
      await useSubmitFlow.getState().captureTaken({
        screenshot: j.screenshot,
        kind: j.mode,
        note: j.note,
      });
      // Only this job: the user may have started another meanwhile.
      if ((await captureJobItem.getValue())?.id === j.id) {
        await captureJobItem.setValue(null);
      }
    };
    void captureJobItem.getValue().then(seen);
    const unwatch = captureJobItem.watch((j) => void seen(j));
    return () => {
      active = false;
      unwatch();
    };
  }, [tab, pageUrl]);

  return { tab, job };
}
