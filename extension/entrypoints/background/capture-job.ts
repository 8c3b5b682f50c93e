import { browser } from '#imports';
import { CAPTURE_QUALITY } from '@ext/lib/capture';
import {
  CAPTURE_TEXTS,
  captureJobItem,
  type CaptureJob,
} from '@ext/lib/capture-job';
import type { Handlers } from '@ext/lib/messaging';
import { shrinkJpeg } from '@ext/lib/screenshot';

/*
 * Whole-page and element captures. The capture script (html2canvas, in
 * entrypoints/capture.content.ts) is injected only when one is asked for,
 * under the activeTab grant of the toolbar click; the job and its result
 * live in extension storage (captureJobItem) so a popup that closed while
 * the user picked an element finds it when it opens again.
 */

/** Job updates one at a time: progress and the result may arrive together. */
let queue: Promise<unknown> = Promise.resolve();
function updateJob(
  change: (job: CaptureJob | null) => CaptureJob | null | undefined,
): Promise<void> {
  const next = queue.then(async () => {
    const job = await captureJobItem.getValue();
    const changed = change(job);
    if (changed !== undefined) await captureJobItem.setValue(changed);
  });
  queue = next.catch(() => {});
  return next;
}

const running = (job: CaptureJob | null, jobId: string): job is CaptureJob =>
  job?.id === jobId && (job.status === 'picking' || job.status === 'working');

async function cancelInTab(tabId: number): Promise<void> {
  try {
    await browser.scripting.executeScript({
      target: { tabId },
      func: () => globalThis.__peegaCapture?.cancel(),
    });
  } catch {
    // The tab is gone or no longer ours: nothing runs there any more.
  }
}

/**
 * The tab reloaded, left for another page or closed: its capture script is
 * gone, so a job still under way there can never finish.
 */
export function forgetJobOfTab(tabId: number): Promise<void> {
  return updateJob((j) =>
    j?.tabId === tabId && (j.status === 'picking' || j.status === 'working')
      ? null
      : undefined,
  );
}

/** Chromium allows two `captureVisibleTab` calls a second. */
const QUOTA_GAP_MS = 520;
/** Firefox has no such quota: its slices need no wait. */
const CAPTURE_GAP_MS = import.meta.env.FIREFOX ? 0 : QUOTA_GAP_MS;
let lastCapture = 0;

export const captureHandlers: Pick<
  Handlers,
  | 'startCapture'
  | 'cancelCapture'
  | 'captureProgress'
  | 'captureVisible'
  | 'captureFinished'
> = {
  async startCapture({ tabId, url, mode }) {
    const previous = await captureJobItem.getValue();
    if (previous && previous.status !== 'done') {
      await cancelInTab(previous.tabId);
    }
    const job: CaptureJob = {
      id: crypto.randomUUID(),
      tabId,
      url,
      mode,
      status: mode === 'element' ? 'picking' : 'working',
      progress:
        mode === 'page'
          ? { label: CAPTURE_TEXTS.rendering, done: 0, total: 0 }
          : null,
      screenshot: null,
      note: null,
      error: null,
    };
    await updateJob(() => job);
    try {
      await browser.scripting.executeScript({
        target: { tabId },
        files: ['/content-scripts/capture.js'],
      });
      await browser.scripting.executeScript({
        target: { tabId },
        func: (id: string, m: 'page' | 'element') =>
          globalThis.__peegaCapture?.start(id, m),
        args: [job.id, mode],
      });
      return { ok: true };
    } catch {
      await updateJob((j) =>
        j?.id === job.id
          ? {
              ...j,
              status: 'failed',
              progress: null,
              error: CAPTURE_TEXTS.refused,
            }
          : undefined,
      );
      return { ok: false };
    }
  },

  async cancelCapture({ tabId }) {
    await updateJob((j) => (j?.tabId === tabId ? null : undefined));
    await cancelInTab(tabId);
    return { ok: true };
  },

  async captureProgress({ jobId, progress }) {
    await updateJob((j) =>
      running(j, jobId) ? { ...j, status: 'working', progress } : undefined,
    );
    return { ok: true };
  },

  async captureVisible(_data, sender) {
    const windowId = sender.tab?.windowId;
    // Only the tab's own pixels: not another tab the user switched to.
    if (windowId === undefined || sender.tab?.active === false) {
      return { screenshot: null };
    }
    const wait = lastCapture + CAPTURE_GAP_MS - Date.now();
    lastCapture = Date.now() + Math.max(0, wait);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // The popup's own capture is not counted here: wait out the quota.
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const screenshot = await browser.tabs.captureVisibleTab(windowId, {
          format: 'jpeg',
          quality: CAPTURE_QUALITY + 20,
        });
        lastCapture = Date.now();
        return { screenshot };
      } catch (error) {
        if (!/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error))) {
          return { screenshot: null };
        }
        await new Promise((r) => setTimeout(r, QUOTA_GAP_MS));
      }
    }
    return { screenshot: null };
  },

  async captureFinished({ jobId, screenshot, note, error }) {
    const job = await captureJobItem.getValue();
    if (!running(job, jobId)) return { ok: true };
    let small: string | null = null;
    let failure = error;
    if (screenshot) {
      // Within 300 KB before it is stored (extension storage holds 10 MB).
      small = await shrinkJpeg(screenshot).catch(() => null);
      if (!small) failure = CAPTURE_TEXTS.failed;
    }
    // Neither: the user cancelled the picker (Esc).
    const cancelled = !small && !failure;
    await updateJob((j) => {
      if (!running(j, jobId)) return undefined;
      if (cancelled) return null;
      return small
        ? { ...j, status: 'done', progress: null, screenshot: small, note }
        : { ...j, status: 'failed', progress: null, error: failure };
    });
    // The toolbar popup closed for the pick: open it again with the result.
    if (job.mode === 'element' && !cancelled) {
      try {
        await browser.action.openPopup();
      } catch {
        // No focused window (or no openPopup): the next toolbar click shows it.
      }
    }
    return { ok: true };
  },
};
