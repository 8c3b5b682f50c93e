import { describe, expect, it } from 'vitest';
import {
  MAX_CAPTURE_PIXELS,
  MAX_CAPTURE_SIDE,
  captureScale,
  clipRegion,
  stitchSlices,
} from '@ext/lib/stitch-plan';

describe('stitchSlices', () => {
  it('covers a 10,000 px page one viewport at a time, the last slice short', () => {
    const slices = stitchSlices({ x: 0, y: 0, w: 1280, h: 10_000 }, 720);
    expect(slices).toHaveLength(14);
    expect(slices[0]).toEqual({ y: 0, h: 720 });
    expect(slices[13]).toEqual({ y: 9360, h: 640 });
    expect(slices.reduce((sum, s) => sum + s.h, 0)).toBe(10_000);
  });

  it('takes one capture for an element that fits the viewport', () => {
    expect(stitchSlices({ x: 200, y: 240, w: 300, h: 200 }, 720)).toEqual([
      { y: 240, h: 200 },
    ]);
  });
});

describe('captureScale', () => {
  it('keeps a small element at the preferred (device pixel) scale', () => {
    expect(captureScale({ x: 0, y: 0, w: 300, h: 200 }, 2)).toBe(2);
  });

  it('draws a 10,000 px page within the pixel budget', () => {
    const region = { x: 0, y: 0, w: 1280, h: 10_000 };
    const scale = captureScale(region, 1);
    expect(scale).toBeLessThan(1);
    expect(region.w * scale * region.h * scale).toBeLessThanOrEqual(
      MAX_CAPTURE_PIXELS + 1,
    );
  });

  it('never makes a side longer than a canvas allows', () => {
    const scale = captureScale({ x: 0, y: 0, w: 100, h: 100_000 }, 1);
    expect(100_000 * scale).toBeLessThanOrEqual(MAX_CAPTURE_SIDE);
  });
});

describe('clipRegion', () => {
  it('clips an element that runs off the page', () => {
    expect(
      clipRegion(
        { x: -10, y: 9_900, w: 2_000, h: 300 },
        { width: 1280, height: 10_000 },
      ),
    ).toEqual({ x: 0, y: 9_900, w: 1280, h: 100 });
  });
});
