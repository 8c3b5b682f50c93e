import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import {
  START_BOX,
  describeBox,
  isArrow,
  nudgeBox,
} from '@ext/lib/redaction-box';
import {
  MAX_ANNOTATION_TEXT,
  TOOLS,
  isBlur,
  markFromBox,
  markFromDrag,
  summariseMarks,
  textMark,
  type Tool,
} from '@ext/lib/marks';
import type { Mark, Rect } from '@ext/lib/storage';
import { Button } from '@ext/components/ui';

type Point = { x: number; y: number };

/** What a drag or the keyboard box does with each tool, for the caption. */
const PLACED: Record<Tool, string> = {
  blur: 'Enter blurs it',
  box: 'Enter draws it',
  arrow: 'Enter draws an arrow to its lower-right corner',
  text: 'Enter puts the text at its top-left corner',
};
const PLACE: Record<Tool, string> = {
  blur: 'a blur box',
  box: 'a box',
  arrow: 'an arrow',
  text: 'text',
};
const POINTER: Record<Tool, string> = {
  blur: 'Drag over private details to blur them.',
  box: 'Drag to draw a box around what matters.',
  arrow: 'Drag from where the arrow starts to what it points at.',
  text: 'Click where the text goes.',
};

function caption(
  busy: boolean,
  tool: Tool,
  marks: readonly Mark[],
  box: Rect | null,
  keyboard: boolean,
): string {
  if (busy) return tool === 'blur' ? 'Blurring…' : 'Drawing…';
  const done = summariseMarks(marks);
  if (box) {
    return `Arrow keys move the box, Shift+arrows resize it, ${PLACED[tool]}, Esc cancels.`;
  }
  if (keyboard) {
    const undo = marks.length > 0 ? ', Delete to undo the last one' : '';
    return `${done ? `${done}. ` : ''}Press Enter to place ${PLACE[tool]}${undo}.`;
  }
  return done ? `${done}.` : POINTER[tool];
}

/**
 * The screenshot preview and its tools (#37). Blur hides private details;
 * box, arrow and text point something out. Drag over the preview (click,
 * for text); from the keyboard, Enter places a box that the arrow keys move
 * (Shift: resize) and Enter applies with the chosen tool. Every mark is
 * burned into the uploaded image, in order; Undo takes back the last one.
 */
export function ScreenshotEditor({
  src,
  redactions: marks,
  busy,
  onRedact: onMark,
  onUndo,
}: {
  src: string;
  redactions: readonly Mark[];
  busy: boolean;
  onRedact: (mark: Mark) => void;
  onUndo: () => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const hints = useRef<HTMLDivElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  const [tool, setTool] = useState<Tool>('blur');
  const [start, setStart] = useState<Point | null>(null);
  const [end, setEnd] = useState<Point | null>(null);
  /** The box placed from the keyboard, not yet applied. */
  const [box, setBox] = useState<Rect | null>(null);
  /** Where typed text will go, while its field is open. */
  const [textAt, setTextAt] = useState<Point | null>(null);
  const [text, setText] = useState('');
  /** Focused from the keyboard: the caption says which keys work. */
  const [keyboard, setKeyboard] = useState(false);

  useEffect(() => {
    if (textAt) textInput.current?.focus();
  }, [textAt]);

  function point(e: PointerEvent): Point {
    const r = area.current!.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)),
      y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)),
    };
  }

  function apply(placed: Rect) {
    if (tool === 'text') setTextAt({ x: placed.x, y: placed.y });
    else {
      const mark = markFromBox(tool, placed);
      if (mark) onMark(mark);
    }
  }

  function addText() {
    const mark = textAt && textMark(textAt, text);
    if (mark) onMark(mark);
    setTextAt(null);
    setText('');
    area.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    // Ctrl/Cmd+Enter belongs to the form (send).
    if (busy || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key;
    const resize = e.shiftKey;
    let handled = true;
    if (isArrow(key)) {
      setBox((b) => nudgeBox(b ?? START_BOX, key, resize));
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (box) apply(box);
      setBox(box ? null : START_BOX);
    } else if (e.key === 'Escape' && box) {
      setBox(null);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && !box) {
      if (marks.length > 0) onUndo();
    } else {
      handled = false;
    }
    if (handled) e.preventDefault();
  }

  const boxRef = useRef<HTMLDivElement>(null);
  // A whole-page capture scrolls in its frame: keep the keyboard box in view.
  useEffect(() => {
    if (box) boxRef.current?.scrollIntoView({ block: 'nearest' });
  }, [box]);

  const dragged =
    start && end && tool !== 'text' ? markFromDrag(tool, start, end) : null;
  // A blur or box being dragged shows as the box; an arrow as a line.
  const shown: Rect | null =
    box ?? (dragged && !('x1' in dragged) ? (dragged as Rect) : null);
  const last = marks.at(-1);
  return (
    <div className="flex flex-col gap-1.5">
      {/* Tall captures (a whole page) scroll inside this frame. */}
      <div className="max-h-80 overflow-y-auto rounded-lg">
        {/* A custom keyboard widget (arrows move and resize the box): role
          application is the ARIA role for that, which jsx-a11y does not count
          as interactive. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={area}
          data-testid="screenshot-preview"
          role="application"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={`Screenshot: drag, or press Enter and use the arrow keys, to ${tool === 'blur' ? 'blur a region' : `add ${PLACE[tool]}`}`}
          aria-describedby={captionId}
          className="relative cursor-crosshair touch-none overflow-hidden rounded-lg border border-line bg-white select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          onFocus={(e) => {
            const fromKeys = e.currentTarget.matches(':focus-visible');
            setKeyboard(fromKeys);
            // The key hints sit under the preview: show them above the footer.
            if (fromKeys) hints.current?.scrollIntoView({ block: 'nearest' });
          }}
          onBlur={() => {
            setKeyboard(false);
            setBox(null);
          }}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            if (busy) return;
            e.currentTarget.setPointerCapture?.(e.pointerId);
            setBox(null);
            setStart(point(e));
          }}
          onPointerMove={(e) => start && setEnd(point(e))}
          onPointerUp={(e) => {
            if (!start) return;
            const to = point(e);
            setStart(null);
            setEnd(null);
            if (tool === 'text') {
              setTextAt(start);
              return;
            }
            const mark = markFromDrag(tool, start, to);
            if (mark) onMark(mark);
          }}
        >
          <img
            src={src}
            alt="Screenshot of the page"
            // Marks "popup interactive with its screenshot" for the benchmark.
            onLoad={() => performance.mark('peega:screenshot-ready')}
            className="block w-full"
            draggable={false}
          />
          {shown && (
            <div
              ref={boxRef}
              data-testid="blur-box"
              className="pointer-events-none absolute border-2 border-dashed border-brand-600 bg-brand-500/20"
              style={{
                left: `${shown.x * 100}%`,
                top: `${shown.y * 100}%`,
                width: `${shown.w * 100}%`,
                height: `${shown.h * 100}%`,
              }}
            />
          )}
          {dragged && 'x1' in dragged && (
            <svg
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 h-full w-full"
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
            >
              <line
                x1={dragged.x1 * 100}
                y1={dragged.y1 * 100}
                x2={dragged.x2 * 100}
                y2={dragged.y2 * 100}
                stroke="#e11d48"
                strokeWidth="3"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          )}
          {textAt && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-2 -translate-1 rounded-full bg-[#e11d48] ring-2 ring-white"
              style={{ left: `${textAt.x * 100}%`, top: `${textAt.y * 100}%` }}
            />
          )}
        </div>
      </div>
      {textAt && (
        // Not a <form>: the popup's feedback form holds this one.
        <div className="flex items-center gap-1.5">
          <input
            ref={textInput}
            aria-label="Text on the screenshot"
            className="min-w-0 flex-1 rounded-md border border-line px-2 py-1 text-xs"
            maxLength={MAX_ANNOTATION_TEXT}
            value={text}
            placeholder="Short text, e.g. “this is wrong”"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the text; it never sends the feedback.
              if (e.key === 'Enter') {
                e.preventDefault();
                e.stopPropagation();
                addText();
              }
              if (e.key === 'Escape') {
                e.preventDefault();
                setTextAt(null);
                setText('');
                area.current?.focus();
              }
            }}
          />
          <Button
            type="button"
            className="px-2 py-1 text-xs"
            disabled={!text.trim()}
            onClick={addText}
          >
            Add text
          </Button>
        </div>
      )}
      <div
        role="radiogroup"
        aria-label="Screenshot tool"
        className="flex gap-1 text-xs"
      >
        {TOOLS.map((t) => (
          <label
            key={t.tool}
            className="cursor-pointer rounded-md border border-line px-2 py-0.5 text-ink-muted has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={`${captionId}-tool`}
              className="sr-only"
              value={t.tool}
              checked={tool === t.tool}
              onChange={() => {
                setTool(t.tool);
                setTextAt(null);
              }}
            />
            {t.label}
          </label>
        ))}
      </div>
      <div
        ref={hints}
        className="flex scroll-mb-28 items-center justify-between gap-2 text-xs text-ink-muted"
      >
        <span id={captionId} aria-live="polite">
          {caption(busy, tool, marks, box, keyboard)}
          {box && <span className="sr-only"> {describeBox(box)}</span>}
        </span>
        {last && (
          <Button
            variant="ghost"
            className="shrink-0 px-2 py-1 text-xs"
            onClick={onUndo}
            disabled={busy}
          >
            {isBlur(last) ? 'Undo blur' : 'Undo'}
          </Button>
        )}
      </div>
    </div>
  );
}
