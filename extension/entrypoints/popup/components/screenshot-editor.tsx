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
import type { Rect } from '@ext/lib/storage';
import { Button } from '@ext/components/ui';

function rectFrom(a: { x: number; y: number }, b: { x: number; y: number }) {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    w: Math.abs(a.x - b.x),
    h: Math.abs(a.y - b.y),
  };
}

function caption(
  busy: boolean,
  count: number,
  box: Rect | null,
  keyboard: boolean,
): string {
  if (busy) return 'Blurring…';
  const blurred =
    count > 0 ? `${count} region${count > 1 ? 's' : ''} blurred` : null;
  if (box) {
    return 'Arrow keys move the box, Shift+arrows resize it, Enter blurs it, Esc cancels.';
  }
  if (keyboard) {
    const undo = count > 0 ? ', Delete to undo the last one' : '';
    return `${blurred ? `${blurred}. ` : ''}Press Enter to place a blur box${undo}.`;
  }
  return blurred ?? 'Drag over private details to blur them.';
}

/**
 * The screenshot preview. Dragging over it adds a rectangle to blur; from
 * the keyboard, Enter places a box that the arrow keys move (Shift: resize)
 * and Enter blurs. The blurred image is what gets uploaded.
 */
export function ScreenshotEditor({
  src,
  redactions,
  busy,
  onRedact,
  onUndo,
}: {
  src: string;
  redactions: readonly Rect[];
  busy: boolean;
  onRedact: (rect: Rect) => void;
  onUndo: () => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const hints = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<Rect | null>(null);
  /** The box placed from the keyboard, not yet blurred. */
  const [box, setBox] = useState<Rect | null>(null);
  /** Focused from the keyboard: the caption says which keys work. */
  const [keyboard, setKeyboard] = useState(false);

  function point(e: PointerEvent) {
    const r = area.current!.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)),
      y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)),
    };
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
      if (box) onRedact(box);
      setBox(box ? null : START_BOX);
    } else if (e.key === 'Escape' && box) {
      setBox(null);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && !box) {
      if (redactions.length > 0) onUndo();
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

  const shown = live ?? box;
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
          aria-label="Screenshot: drag, or press Enter and use the arrow keys, to blur a region"
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
          onPointerMove={(e) => start && setLive(rectFrom(start, point(e)))}
          onPointerUp={(e) => {
            if (!start) return;
            const rect = rectFrom(start, point(e));
            setStart(null);
            setLive(null);
            if (rect.w > 0.01 && rect.h > 0.01) onRedact(rect);
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
        </div>
      </div>
      <div
        ref={hints}
        className="flex scroll-mb-28 items-center justify-between gap-2 text-xs text-ink-muted"
      >
        <span id={captionId} aria-live="polite">
          {caption(busy, redactions.length, box, keyboard)}
          {box && <span className="sr-only"> {describeBox(box)}</span>}
        </span>
        {redactions.length > 0 && (
          <Button
            variant="ghost"
            className="shrink-0 px-2 py-1 text-xs"
            onClick={onUndo}
            disabled={busy}
          >
            Undo blur
          </Button>
        )}
      </div>
    </div>
  );
}
