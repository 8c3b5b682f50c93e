import { describe, expect, it } from 'vitest';
import {
  MAX_ANNOTATION_TEXT,
  isBlur,
  markFromBox,
  markFromDrag,
  summariseMarks,
  textMark,
} from '@ext/lib/marks';

const box = { x: 0.1, y: 0.2, w: 0.3, h: 0.4 };

describe('screenshot marks (#37)', () => {
  it('a drag makes a blur, a box or an arrow; a slip of the mouse makes nothing', () => {
    const from = { x: 0.4, y: 0.6 };
    const to = { x: 0.1, y: 0.2 };
    const blur = markFromDrag('blur', from, to)!;
    expect(blur).toEqual({
      x: 0.1,
      y: 0.2,
      w: expect.closeTo(0.3),
      h: expect.closeTo(0.4),
    });
    expect(isBlur(blur)).toBe(true);
    expect(markFromDrag('box', from, to)).toMatchObject({
      kind: 'box',
      x: 0.1,
      y: 0.2,
    });
    // An arrow keeps its direction: it points where the drag ended.
    expect(markFromDrag('arrow', from, to)).toEqual({
      kind: 'arrow',
      x1: 0.4,
      y1: 0.6,
      x2: 0.1,
      y2: 0.2,
    });
    expect(markFromDrag('blur', from, { x: 0.405, y: 0.9 })).toBeNull();
    expect(markFromDrag('arrow', from, { x: 0.41, y: 0.61 })).toBeNull();
  });

  it('the keyboard box becomes a blur, a box, or an arrow along its diagonal; text waits for its words', () => {
    expect(markFromBox('blur', box)).toEqual(box);
    expect(markFromBox('box', box)).toEqual({ kind: 'box', ...box });
    expect(markFromBox('arrow', box)).toEqual({
      kind: 'arrow',
      x1: 0.1,
      y1: 0.2,
      x2: expect.closeTo(0.4),
      y2: expect.closeTo(0.6),
    });
    expect(markFromBox('text', box)).toBeNull();
  });

  it('text is trimmed and kept short; blank text adds nothing', () => {
    expect(textMark({ x: 0.5, y: 0.5 }, '  Wrong price  ')).toEqual({
      kind: 'text',
      x: 0.5,
      y: 0.5,
      text: 'Wrong price',
    });
    expect(textMark({ x: 0, y: 0 }, 'x'.repeat(200))!).toMatchObject({
      text: 'x'.repeat(MAX_ANNOTATION_TEXT),
    });
    expect(textMark({ x: 0, y: 0 }, '   ')).toBeNull();
  });

  it('counts blurs (drafts from before annotations hold plain rectangles) apart from annotations', () => {
    expect(summariseMarks([])).toBeNull();
    expect(summariseMarks([box])).toBe('1 region blurred');
    expect(summariseMarks([box, box])).toBe('2 regions blurred');
    expect(
      summariseMarks([
        box,
        { kind: 'box', ...box },
        { kind: 'text', x: 0, y: 0, text: 'a' },
      ]),
    ).toBe('1 region blurred, 2 annotations');
    expect(summariseMarks([{ kind: 'box', ...box }])).toBe('1 annotation');
  });
});
