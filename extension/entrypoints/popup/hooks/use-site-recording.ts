import { useCallback, useEffect, useState } from 'react';
import { browser } from '#imports';
import {
  hasSiteAccess,
  patternHost,
  requestSiteAccess,
  sitePattern,
} from '@ext/lib/context/site-access';
import { tabLogItem } from '@ext/lib/context/tab-log';
import { startPopup } from '@ext/lib/popup-start';
import { useSubmitFlow } from '@ext/stores/submit-flow';

/** Whether console errors and failed requests are recorded on this page's site. */
export type Recording =
  | { kind: 'unavailable' }
  | { kind: 'off' | 'asking' | 'on'; site: string; host: string };

/**
 * The recording state of the popup's page, kept current (grants can change
 * in the browser's prompt, in Options or in the browser's own site access),
 * and the tab's recorded entries fed to the submit flow as they arrive.
 */
export function useSiteRecording(url: string): {
  recording: Recording;
  allow: () => void;
} {
  const site = sitePattern(url);
  const [state, setState] = useState<'off' | 'asking' | 'on'>('off');

  useEffect(() => {
    if (!site) return;
    let active = true;
    let unwatch: (() => void) | undefined;
    const check = async () => {
      const granted = await hasSiteAccess(site);
      if (!active) return;
      setState((s) => (granted ? 'on' : s === 'asking' ? 'asking' : 'off'));
      useSubmitFlow.getState().recordingKnown(granted);
      unwatch?.();
      unwatch = undefined;
      if (!granted) {
        useSubmitFlow.getState().contextLogArrived(null);
        return;
      }
      const target = await startPopup().target;
      if (!active || !target) return;
      const item = tabLogItem(target.tabId);
      const arrived = (log: Awaited<ReturnType<typeof item.getValue>>) =>
        useSubmitFlow
          .getState()
          .contextLogArrived(log && log.site === site ? log : null);
      arrived(await item.getValue());
      if (active) unwatch = item.watch(arrived);
    };
    void check();
    const onChange = () => void check();
    browser.permissions.onAdded.addListener(onChange);
    browser.permissions.onRemoved.addListener(onChange);
    return () => {
      active = false;
      unwatch?.();
      browser.permissions.onAdded.removeListener(onChange);
      browser.permissions.onRemoved.removeListener(onChange);
    };
  }, [site]);

  const allow = useCallback(() => {
    if (!site) return;
    setState('asking');
    // In the click's own task: the browser shows its prompt for gestures only.
    requestSiteAccess(site).then(
      (granted) => setState(granted ? 'on' : 'off'),
      () => setState('off'),
    );
  }, [site]);

  return {
    recording: site
      ? { kind: state, site, host: patternHost(site) }
      : { kind: 'unavailable' },
    allow,
  };
}
