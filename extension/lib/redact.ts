import { MAX_SCREENSHOT_BYTES, dataUrlBytes } from './screenshot';
import { isBlur } from './marks';
import type { Annotation, Mark } from './storage';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The screenshot could not be read.'));
    img.src = src;
  });
}

const INK = '#e11d48';

/** Boxes, arrows and text in one red with a white edge, readable on any page. */
function drawAnnotation(
  ctx: CanvasRenderingContext2D,
  a: Annotation,
  width: number,
  height: number,
) {
  const line = Math.max(3, Math.round(width / 160));
  const twice = (draw: () => void) => {
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = line + 3;
    draw();
    ctx.strokeStyle = INK;
    ctx.lineWidth = line;
    draw();
  };
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (a.kind === 'box') {
    twice(() =>
      ctx.strokeRect(a.x * width, a.y * height, a.w * width, a.h * height),
    );
  } else if (a.kind === 'arrow') {
    const [x1, y1, x2, y2] = [
      a.x1 * width,
      a.y1 * height,
      a.x2 * width,
      a.y2 * height,
    ];
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = Math.max(14, line * 5);
    const wing = (turn: number) =>
      [
        x2 - head * Math.cos(angle + turn),
        y2 - head * Math.sin(angle + turn),
      ] as const;
    twice(() => {
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.moveTo(...wing(0.45));
      ctx.lineTo(x2, y2);
      ctx.lineTo(...wing(-0.45));
      ctx.stroke();
    });
  } else {
    const size = Math.max(16, Math.round(width / 28));
    ctx.font = `bold ${size}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    const w = ctx.measureText(a.text).width;
    const x = Math.min(Math.max(0, a.x * width), Math.max(0, width - w - 4));
    const y = Math.min(
      Math.max(0, a.y * height),
      Math.max(0, height - size - 4),
    );
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = Math.max(3, size / 5);
    ctx.strokeText(a.text, x, y);
    ctx.fillStyle = INK;
    ctx.fillText(a.text, x, y);
  }
  ctx.restore();
}

/**
 * The screenshot with its marks burned in, in order, before anything leaves
 * the browser: each blurred region is pixelated (1/16 of its size) and
 * blurred, so no text survives; boxes, arrows and text are drawn on top of
 * what precedes them. Encoded as JPEG within 300 KB.
 */
export async function redactScreenshot(
  original: string,
  marks: readonly Mark[],
): Promise<string> {
  if (marks.length === 0) return original;
  const img = await loadImage(original);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const small = document.createElement('canvas');
  const sctx = small.getContext('2d')!;
  for (const r of marks) {
    if (!isBlur(r)) {
      drawAnnotation(ctx, r, canvas.width, canvas.height);
      continue;
    }
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
