import type { Rect } from './storage';

/** How far one arrow key press moves or resizes the box, as a fraction of the screenshot. */
export const BOX_STEP = 0.05;
const MIN_SIZE = BOX_STEP;

/** The box a keyboard user starts from: the middle of the screenshot. */
export const START_BOX: Rect = { x: 0.35, y: 0.35, w: 0.3, h: 0.3 };

type Arrow = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export function isArrow(key: string): key is Arrow {
  return /^Arrow(Left|Right|Up|Down)$/.test(key);
}

const clamp = (v: number, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, v));
/** Rounded to steps, so repeated moves do not drift by float error. */
const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The box after an arrow key: moved within the screenshot, or with Shift
 * resized (Right/Down grow it, Left/Up shrink it), never past the edges.
 */
export function nudgeBox(box: Rect, key: Arrow, resize: boolean): Rect {
  const dx =
    key === 'ArrowLeft' ? -BOX_STEP : key === 'ArrowRight' ? BOX_STEP : 0;
  const dy = key === 'ArrowUp' ? -BOX_STEP : key === 'ArrowDown' ? BOX_STEP : 0;
  if (resize) {
    const w = clamp(box.w + dx, MIN_SIZE, 1 - box.x);
    const h = clamp(box.h + dy, MIN_SIZE, 1 - box.y);
    return { ...box, w: round(w), h: round(h) };
  }
  return {
    ...box,
    x: round(clamp(box.x + dx, 0, 1 - box.w)),
    y: round(clamp(box.y + dy, 0, 1 - box.h)),
  };
}

/** The box in words, for screen readers. */
export function describeBox(box: Rect): string {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return `Blur box ${pct(box.w)} wide and ${pct(box.h)} tall, ${pct(box.x)} from the left and ${pct(box.y)} from the top.`;
}
