import { MAX_SCREENSHOT_BYTES, dataUrlBytes } from './screenshot';

/**
 * The canvas as a JPEG data URL within {@link MAX_SCREENSHOT_BYTES}, made
 * where it was drawn (the page): lower quality first, then a smaller size.
 * Sending a finished 300 KB image is much faster than sending megabytes to
 * the background and re-encoding them there.
 */
export function canvasToJpeg(source: HTMLCanvasElement): string {
  let canvas = source;
  let out = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const quality of [0.8, 0.65, 0.5]) {
      out = canvas.toDataURL('image/jpeg', quality);
      if (dataUrlBytes(out) <= MAX_SCREENSHOT_BYTES) return out;
    }
    const smaller = document.createElement('canvas');
    smaller.width = Math.max(1, Math.round(canvas.width * 0.75));
    smaller.height = Math.max(1, Math.round(canvas.height * 0.75));
    smaller
      .getContext('2d')!
      .drawImage(canvas, 0, 0, smaller.width, smaller.height);
    canvas = smaller;
  }
  // Still too large: the background's shrinkJpeg has the last word.
  return out;
}
