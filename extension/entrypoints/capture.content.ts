import html2canvas from 'html2canvas';
import { defineContentScript } from '#imports';
import { CAPTURE_TEXTS, type CaptureMode } from '@ext/lib/capture-job';
import { canvasToJpeg } from '@ext/lib/fit-jpeg';
import { sendMessage } from '@ext/lib/messaging';
import { PICKER_ATTR, startPicker, type Picker } from '@ext/lib/picker';
import { CaptureCancelled, stitchRegion } from '@ext/lib/stitch';
import { captureScale, clipRegion, type Region } from '@ext/lib/stitch-plan';

interface Run {
  jobId: string;
  cancelled: boolean;
  picker?: Picker;
}

function documentSize() {
  const el = document.documentElement;
  return {
    width: el.clientWidth,
    height: Math.max(el.scrollHeight, document.body?.scrollHeight ?? 0),
  };
}

/** The region drawn by html2canvas, as a JPEG; throws where it cannot (e.g. `oklch()`, a tainted canvas). */
async function render(
  target: HTMLElement,
  region: Region,
  scale: number,
): Promise<string> {
  const whole = target === document.documentElement;
  const canvas = await html2canvas(target, {
    scale,
    logging: false,
    useCORS: true,
    ignoreElements: (el) => el.hasAttribute(PICKER_ATTR),
    ...(whole
      ? {
          x: region.x,
          y: region.y,
          width: region.w,
          height: region.h,
          windowWidth: region.w,
          windowHeight: window.innerHeight,
        }
      : {}),
  });
  return canvasToJpeg(canvas);
}

/**
 * Injected on demand (activeTab + scripting) when the user asks for the
 * whole page or an element; carries html2canvas, which the popup never
 * loads. Reports progress and the result to the background, which keeps
 * them in extension storage for the popup (it may have closed meanwhile).
 */
export default defineContentScript({
  registration: 'runtime',
  main() {
    if (globalThis.__peegaCapture) return;
    let run: Run | null = null;

    const progress = (r: Run, label: string, done = 0, total = 0) =>
      void sendMessage('captureProgress', {
        jobId: r.jobId,
        progress: { label, done, total },
      }).catch(() => {});
    const finish = (
      r: Run,
      result: { screenshot?: string; note?: string; error?: string },
    ) =>
      void sendMessage('captureFinished', {
        jobId: r.jobId,
        screenshot: result.screenshot ?? null,
        note: result.note ?? null,
        error: result.error ?? null,
      }).catch(() => {});

    async function capture(r: Run, target: HTMLElement, mode: CaptureMode) {
      const rect = target.getBoundingClientRect();
      const region = clipRegion(
        mode === 'page'
          ? { x: 0, y: 0, w: documentSize().width, h: documentSize().height }
          : {
              x: rect.left + scrollX,
              y: rect.top + scrollY,
              w: rect.width,
              h: rect.height,
            },
        documentSize(),
      );
      const preferred = mode === 'page' ? 1 : Math.min(2, devicePixelRatio);
      const scale = captureScale(region, preferred);
      progress(
        r,
        mode === 'page'
          ? CAPTURE_TEXTS.rendering
          : CAPTURE_TEXTS.renderingElement,
      );
      // html2canvas cannot clone the page from Firefox's content-script
      // world (its Xray wrappers, niklasvh/html2canvas#1184): Firefox goes
      // straight to the scrolled capture and says so.
      if (!import.meta.env.FIREFOX) {
        try {
          const screenshot = await render(target, region, scale);
          if (!r.cancelled) finish(r, { screenshot });
          return;
        } catch {
          if (r.cancelled) return;
        }
      }
      try {
        const screenshot = await stitchRegion({
          region,
          scale,
          capture: async () =>
            (await sendMessage('captureVisible', {})).screenshot,
          onSlice: (done, total) =>
            progress(r, CAPTURE_TEXTS.stitching, done, total),
          cancelled: () => r.cancelled,
        });
        finish(r, {
          screenshot,
          note: import.meta.env.FIREFOX
            ? CAPTURE_TEXTS.scrolledNote
            : CAPTURE_TEXTS.fallbackNote,
        });
      } catch (error) {
        if (error instanceof CaptureCancelled || r.cancelled) return;
        finish(r, { error: CAPTURE_TEXTS.failed });
      }
    }

    globalThis.__peegaCapture = {
      start(jobId, mode) {
        this.cancel();
        const r: Run = { jobId, cancelled: false };
        run = r;
        if (mode === 'page') {
          void capture(r, document.documentElement, 'page');
          return;
        }
        r.picker = startPicker();
        void r.picker.chosen.then((el) => {
          if (r.cancelled) return;
          // An SVG part is captured with the HTML element around it.
          let target = el;
          while (target && !(target instanceof HTMLElement)) {
            target = target.parentElement;
          }
          if (target instanceof HTMLElement) void capture(r, target, 'element');
          else finish(r, {});
        });
      },
      cancel() {
        if (!run) return;
        run.cancelled = true;
        run.picker?.cancel();
        run = null;
      },
    };
  },
});
