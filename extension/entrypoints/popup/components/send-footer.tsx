import { DAILY_FEEDBACK_XP_CAP } from '@shared/domain/points';
import { Button } from '@ext/components/ui';
import { useOpenShortcut } from '@ext/lib/shortcut';

/** "⌘" on a Mac, "Ctrl" elsewhere: the key that sends with Enter. */
const SEND_KEY = /Mac|iPhone|iPad/i.test(navigator.userAgent) ? '⌘' : 'Ctrl';

/**
 * The form's footer, stuck to the bottom of the popup so Send never needs a
 * scroll: the button with the XP this feedback earns (none promised past
 * the daily cap) and the keyboard shortcut.
 */
export function SendFooter({
  points,
  capped,
  pending,
  disabled,
  retry,
}: {
  points: number;
  /** The daily XP cap is reached: this feedback earns nothing. */
  capped: boolean;
  pending: boolean;
  disabled: boolean;
  /** A failure that trying again may fix is shown above. */
  retry: boolean;
}) {
  const xp = capped ? '' : ` · +${points} XP`;
  const shortcut = useOpenShortcut();
  return (
    <div
      data-testid="send-footer"
      className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-col gap-1 border-t border-line bg-surface px-4 pt-2.5 pb-3"
    >
      <Button type="submit" disabled={disabled}>
        {pending ? 'Sending…' : retry ? `Try again${xp}` : `Send feedback${xp}`}
      </Button>
      <p className="text-center text-[11px] text-ink-muted">
        {capped
          ? `Daily XP limit reached (${DAILY_FEEDBACK_XP_CAP} feedback): this one earns 0 XP. `
          : ''}
        {`${SEND_KEY}+Enter sends`}
        {shortcut ? ` · ${shortcut} opens Peega` : ''}
      </p>
    </div>
  );
}
