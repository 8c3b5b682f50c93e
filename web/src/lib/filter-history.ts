import type { NavigateOptions } from 'react-router-dom';

/**
 * How a change of a screen's filters or page enters the browser history:
 * as a new entry, so Back returns to the previous filter state, except
 * while the user keeps typing in the search box (`typedKey`), which updates
 * its entry instead of adding one per keystroke. The screen keeps its
 * scroll position, and the URL updates within the keystroke's event so a
 * text field bound to it behaves like local state.
 */
export function filterNavigation(
  current: URLSearchParams,
  next: URLSearchParams,
  typedKey?: string,
): NavigateOptions {
  const keys = new Set([...current.keys(), ...next.keys()]);
  const changed = [...keys].filter((k) => current.get(k) !== next.get(k));
  const typing =
    typedKey !== undefined &&
    changed.length === 1 &&
    changed[0] === typedKey &&
    Boolean(current.get(typedKey));
  return { replace: typing, preventScrollReset: true, flushSync: true };
}
