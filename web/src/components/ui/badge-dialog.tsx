import { useEffect, useRef } from 'react';
import {
  BADGE_DIALOG_BUTTON,
  BADGE_DIALOG_TITLE,
  badgeEarnedText,
} from '@shared/domain/badges';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';

/** Spec §9: 5 seconds of confetti, 300 pieces. */
const CONFETTI_MS = 5000;
const CONFETTI_PIECES = 300;

interface BadgeDialogProps {
  badge: { name: string; emoji: string } | null;
  onClose: () => void;
}

/** 'Congratulations!' with confetti when a badge is earned. */
export function BadgeDialog({ badge, onClose }: BadgeDialogProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!badge) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      return;
    }
    let stop = false;
    let reset: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: confetti }) => {
      const target = canvas.current;
      if (stop || !target) return;
      // Drawn on a canvas inside the <dialog>: the modal's top layer sits
      // above any z-index, so a canvas on <body> stayed under the backdrop.
      const fire = confetti.create(target, { resize: true, useWorker: false });
      reset = () => fire.reset();
      const end = Date.now() + CONFETTI_MS;
      const bursts = 10;
      let fired = 0;
      const burst = () => {
        if (stop || fired >= bursts) return;
        fired += 1;
        void fire({
          particleCount: CONFETTI_PIECES / bursts,
          spread: 90,
          startVelocity: 45,
          origin: { x: 0.2 + 0.6 * ((fired % 3) / 2), y: 0.6 },
        });
        if (Date.now() < end) setTimeout(burst, CONFETTI_MS / bursts);
      };
      burst();
    });
    return () => {
      stop = true;
      reset?.();
    };
  }, [badge]);

  return (
    <Dialog open={badge !== null} onClose={onClose} title={BADGE_DIALOG_TITLE}>
      {badge && (
        <div className="flex flex-col items-center gap-4 text-center">
          <canvas
            ref={canvas}
            aria-hidden="true"
            data-testid="confetti"
            className="pointer-events-none fixed inset-0 z-10 size-full"
          />
          <span aria-hidden="true" className="text-6xl">
            {badge.emoji}
          </span>
          <p className="text-lg">{badgeEarnedText(badge.name)}</p>
          <Button onClick={onClose} size="lg">
            {BADGE_DIALOG_BUTTON}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
