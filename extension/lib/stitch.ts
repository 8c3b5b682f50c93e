import { canvasToJpeg } from './fit-jpeg';
import { dataUrlToBlob } from './screenshot';
import { stitchSlices, type Region } from './stitch-plan';

export class CaptureCancelled extends Error {}

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Fixed and sticky elements: hidden after the first slice so a header is not repeated down the page. */
function pinnedElements(): HTMLElement[] {
  const pinned: HTMLElement[] = [];
  for (const el of document.body?.querySelectorAll<HTMLElement>('*') ?? []) {
    const position = getComputedStyle(el).position;
    if (position === 'fixed' || position === 'sticky') pinned.push(el);
  }
  return pinned;
}

/**
 * A region of the page from native screenshots (the fallback when the
 * page renderer fails): scrolls one viewport at a time, asks the
 * background for a capture of each (`captureVisible`, at most two a second
 * in Chromium) and draws the slices into one canvas at `scale` CSS pixels.
 * Puts the scroll position and the hidden elements back, also on cancel.
 */
export async function stitchRegion(args: {
  region: Region;
  scale: number;
  capture: () => Promise<string | null>;
  onSlice: (done: number, total: number) => void;
  cancelled: () => boolean;
}): Promise<string> {
  const { region, scale } = args;
  const start = { x: scrollX, y: scrollY };
  const viewWidth = document.documentElement.clientWidth;
  const slices = stitchSlices(region, document.documentElement.clientHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(region.w * scale));
  canvas.height = Math.max(1, Math.round(region.h * scale));
  const ctx = canvas.getContext('2d')!;
  const pinned = slices.length > 1 ? pinnedElements() : [];
  const hidden = pinned.map((el) => [el, el.style.visibility] as const);
  try {
    for (const [i, slice] of slices.entries()) {
      if (args.cancelled()) throw new CaptureCancelled();
      args.onSlice(i, slices.length);
      window.scrollTo({ left: region.x, top: slice.y, behavior: 'instant' });
      if (i === 1) {
        for (const el of pinned) {
          el.style.setProperty('visibility', 'hidden', 'important');
        }
      }
      await nextFrame();
      await nextFrame();
      const shot = await args.capture();
      if (!shot) throw new Error('The browser refused a screenshot.');
      if (args.cancelled()) throw new CaptureCancelled();
      const bitmap = await createImageBitmap(dataUrlToBlob(shot));
      // Device pixels per CSS pixel of this capture.
      const ratio = bitmap.width / window.innerWidth;
      const srcX = region.x - scrollX;
      const srcY = slice.y - scrollY;
      const w = Math.min(region.w, viewWidth - srcX);
      ctx.drawImage(
        bitmap,
        srcX * ratio,
        srcY * ratio,
        w * ratio,
        slice.h * ratio,
        0,
        (slice.y - region.y) * scale,
        w * scale,
        slice.h * scale,
      );
      bitmap.close();
    }
    args.onSlice(slices.length, slices.length);
    return canvasToJpeg(canvas);
  } finally {
    for (const [el, visibility] of hidden) el.style.visibility = visibility;
    window.scrollTo({ left: start.x, top: start.y, behavior: 'instant' });
  }
}
