import { describe, expect, it } from 'vitest';
import { START_BOX, describeBox, nudgeBox } from '@ext/lib/redaction-box';

describe('the keyboard blur box', () => {
  it.each([
    ['ArrowLeft', false, { x: 0.3, y: 0.35, w: 0.3, h: 0.3 }],
    ['ArrowDown', false, { x: 0.35, y: 0.4, w: 0.3, h: 0.3 }],
    ['ArrowRight', true, { x: 0.35, y: 0.35, w: 0.35, h: 0.3 }],
    ['ArrowUp', true, { x: 0.35, y: 0.35, w: 0.3, h: 0.25 }],
  ] as const)(
    '%s (shift: %s) moves or resizes by one step',
    (key, shift, want) => {
      expect(nudgeBox(START_BOX, key, shift)).toEqual(want);
    },
  );

  it('never leaves the screenshot nor shrinks to nothing', () => {
    let box = START_BOX;
    for (let i = 0; i < 30; i++) box = nudgeBox(box, 'ArrowLeft', false);
    expect(box.x).toBe(0);
    for (let i = 0; i < 30; i++) box = nudgeBox(box, 'ArrowRight', true);
    expect(box.w).toBe(1);
    for (let i = 0; i < 30; i++) box = nudgeBox(box, 'ArrowUp', true);
    expect(box.h).toBe(0.05);
    for (let i = 0; i < 30; i++) box = nudgeBox(box, 'ArrowDown', false);
    expect(box.y + box.h).toBeCloseTo(1);
  });

  it('is described in words', () => {
    expect(describeBox(START_BOX)).toBe(
      'Blur box 30% wide and 30% tall, 35% from the left and 35% from the top.',
    );
  });
});
