import { MAX_SCREENSHOT_BYTES, dataUrlBytes } from './screenshot';
import type { Rect } from './storage';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The screenshot could not be read.'));
    img.src = src;
  });
}

/**
 * The screenshot with every rectangle made unreadable before anything leaves
 * the browser: each region is pixelated (1/16 of its size) and blurred, so
 * no text survives. Encoded as JPEG within 300 KB.
 */
export async function redactScreenshot(
  original: string,
  rects: readonly Rect[],
): Promise<string> {
  if (rects.length === 0) return original;
  const img = await loadImage(original);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const small = document.createElement('canvas');
  const sctx = small.getContext('2d')!;
  for (const r of rects) {
    const x = Math.max(0, Math.floor(r.x * canvas.width));
    const y = Math.max(0, Math.floor(r.y * canvas.height));
    const w = Math.min(canvas.width - x, Math.ceil(r.w * canvas.width));
    const h = Math.min(canvas.height - y, Math.ceil(r.h * canvas.height));
    if (w < 1 || h < 1) continue;
    small.width = Math.max(1, Math.round(w / 16));
    small.height = Math.max(1, Math.round(h / 16));
    sctx.drawImage(canvas, x, y, w, h, 0, 0, small.width, small.height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.filter = `blur(${Math.max(6, Math.round(Math.min(w, h) / 10))}px)`;
    ctx.imageSmoothingEnabled = true;
    // Drawn a little larger so the blur does not pull in unblurred edges.
    ctx.drawImage(small, x - 8, y - 8, w + 16, h + 16);
    ctx.restore();
  }
  for (const quality of [0.8, 0.65, 0.5, 0.35]) {
    const out = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(out) <= MAX_SCREENSHOT_BYTES) return out;
  }
  return canvas.toDataURL('image/jpeg', 0.25);
}
