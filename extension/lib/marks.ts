// The screenshot editor's tools (#37): blur hides, box, arrow and text point
// something out. Pure helpers, so the editor and its tests share them.
import type { Annotation, Mark, Rect } from './storage';

export type Tool = 'blur' | 'box' | 'arrow' | 'text';

export const TOOLS: readonly { tool: Tool; label: string }[] = [
  { tool: 'blur', label: 'Blur' },
  { tool: 'box', label: 'Box' },
  { tool: 'arrow', label: 'Arrow' },
  { tool: 'text', label: 'Text' },
];

/** The longest text an annotation holds: a label, not a paragraph. */
export const MAX_ANNOTATION_TEXT = 60;

export const isBlur = (m: Mark): m is Rect => !('kind' in m);

/** The mark a finished drag makes with the tool, or null when too small to mean one. */
export function markFromDrag(
  tool: Exclude<Tool, 'text'>,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Mark | null {
  if (tool === 'arrow') {
    return Math.hypot(to.x - from.x, to.y - from.y) > 0.02
      ? { kind: 'arrow', x1: from.x, y1: from.y, x2: to.x, y2: to.y }
      : null;
  }
  const rect = {
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    w: Math.abs(from.x - to.x),
    h: Math.abs(from.y - to.y),
  };
  if (rect.w <= 0.01 || rect.h <= 0.01) return null;
  return tool === 'box' ? { kind: 'box', ...rect } : rect;
}

/**
 * The mark a keyboard user's box makes: the box itself (blur or box), an
 * arrow along its diagonal pointing at its lower-right corner, or (text)
 * null: the text goes at its top-left corner once typed.
 */
export function markFromBox(tool: Tool, box: Rect): Mark | null {
  if (tool === 'blur') return { ...box };
  if (tool === 'box') return { kind: 'box', ...box };
  if (tool === 'arrow') {
    return {
      kind: 'arrow',
      x1: box.x,
      y1: box.y,
      x2: box.x + box.w,
      y2: box.y + box.h,
    };
  }
  return null;
}

export function textMark(
  at: { x: number; y: number },
  text: string,
): Annotation | null {
  const t = text.trim().slice(0, MAX_ANNOTATION_TEXT);
  return t ? { kind: 'text', x: at.x, y: at.y, text: t } : null;
}

const plural = (n: number, one: string, many: string) =>
  `${n} ${n === 1 ? one : many}`;

/** "2 regions blurred, 1 annotation", or null when there is nothing. */
export function summariseMarks(marks: readonly Mark[]): string | null {
  const blurs = marks.filter(isBlur).length;
  const notes = marks.length - blurs;
  const parts = [
    blurs > 0 ? `${plural(blurs, 'region', 'regions')} blurred` : null,
    notes > 0 ? plural(notes, 'annotation', 'annotations') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
