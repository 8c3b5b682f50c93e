import type { KeyboardEvent } from 'react';

/** Where a key moves in a list of `n` tabs (WAI-ARIA tabs pattern), or null. */
export function nextTab(key: string, current: number, n: number) {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (current + 1) % n;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (current - 1 + n) % n;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}

/**
 * A tab's keydown: arrow keys (wrapping), Home and End select the tab they
 * reach and move focus to it (automatic activation). Tabs carry
 * `tabIndex={selected ? 0 : -1}`, so the tablist is one Tab stop.
 */
export function onTabKey(
  e: KeyboardEvent<HTMLElement>,
  current: number,
  n: number,
  select: (index: number) => void,
) {
  const next = nextTab(e.key, current, n);
  if (next === null) return;
  e.preventDefault();
  select(next);
  const tabs = e.currentTarget
    .closest('[role="tablist"]')
    ?.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs?.[next]?.focus();
}
