import { useRef, useState, type PointerEvent } from 'react';
import type { Rect } from '@ext/lib/storage';
import { Button } from '@ext/components/ui';

/**
 * The screenshot preview. Dragging over it adds a rectangle to blur; the
 * blurred image is what gets uploaded.
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
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [live, setLive] = useState<Rect | null>(null);

  function point(e: PointerEvent) {
    const r = box.current!.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)),
      y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)),
    };
  }
  function rectFrom(a: { x: number; y: number }, b: { x: number; y: number }) {
    return {
      x: Math.min(a.x, b.x),
      y: Math.min(a.y, b.y),
      w: Math.abs(a.x - b.x),
      h: Math.abs(a.y - b.y),
    };
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div
        ref={box}
        data-testid="screenshot-preview"
        aria-label="Screenshot: drag to blur a region"
        className="relative cursor-crosshair touch-none overflow-hidden rounded-lg border border-line bg-white select-none"
        onPointerDown={(e) => {
          if (busy) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
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
        {live && (
          <div
            className="pointer-events-none absolute border-2 border-dashed border-brand-600 bg-brand-500/20"
            style={{
              left: `${live.x * 100}%`,
              top: `${live.y * 100}%`,
              width: `${live.w * 100}%`,
              height: `${live.h * 100}%`,
            }}
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-ink-muted">
        <span>
          {busy
            ? 'Blurring…'
            : redactions.length > 0
              ? `${redactions.length} region${redactions.length > 1 ? 's' : ''} blurred`
              : 'Drag over private details to blur them.'}
        </span>
        {redactions.length > 0 && (
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
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
