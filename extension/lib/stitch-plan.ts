/** A rectangle in CSS pixels of the document (not the viewport). */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Tallest capture in CSS pixels: Chromium's canvas is limited to 32,767
 * pixels a side, and taller pages are drawn at a smaller scale instead.
 */
export const MAX_CAPTURE_SIDE = 16_384;

/**
 * Pixels a capture is drawn with at most. Every screenshot is sent within
 * 300 KB, which a JPEG of a text page reaches at about 3–4 million pixels:
 * drawing a 10,000 px page at that size from the start is several times
 * faster than drawing it whole and shrinking it after.
 */
export const MAX_CAPTURE_PIXELS = 4_000_000;

/** The scale that keeps a region's canvas within {@link MAX_CAPTURE_SIDE} and {@link MAX_CAPTURE_PIXELS}. */
export function captureScale(region: Region, preferred: number): number {
  const w = Math.max(1, region.w);
  const h = Math.max(1, region.h);
  return Math.min(
    preferred,
    MAX_CAPTURE_SIDE / Math.max(w, h),
    Math.sqrt(MAX_CAPTURE_PIXELS / (w * h)),
  );
}

/**
 * Where to scroll for each native capture of a region taller than the
 * viewport: the document y of each slice's top and its height, one
 * viewport at a time. The caller scrolls to `y` (the browser may stop
 * earlier at the page's end) and crops at `y - scrollY`.
 */
export function stitchSlices(
  region: Region,
  viewportHeight: number,
): { y: number; h: number }[] {
  const slices: { y: number; h: number }[] = [];
  const end = region.y + region.h;
  const step = Math.max(1, Math.floor(viewportHeight));
  for (let y = region.y; y < end; y += step) {
    slices.push({ y, h: Math.min(step, end - y) });
  }
  return slices;
}

/** The region clipped to the document, and to the viewport's width (native captures show no more). */
export function clipRegion(
  region: Region,
  doc: { width: number; height: number },
): Region {
  const x = Math.max(0, Math.min(region.x, doc.width));
  const y = Math.max(0, Math.min(region.y, doc.height));
  return {
    x,
    y,
    w: Math.max(0, Math.min(region.x + region.w, doc.width) - x),
    h: Math.max(0, Math.min(region.y + region.h, doc.height) - y),
  };
}
