import { useEffect } from 'react';

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** Widgets that own their arrow keys (menus, tabs, listboxes…): never taken from them. */
const OWN_KEYS =
  '[role="menu"], [role="menubar"], [role="listbox"], [role="tablist"], [role="radiogroup"], [role="grid"], [role="tree"]';
const inWidget = (t: EventTarget | null) =>
  t instanceof Element && t.closest(OWN_KEYS) !== null;

/**
 * Keyboard triage (#21), outside text fields: in the list, j or ↓ focuses
 * the first row (the list moves on from there, Enter opens); in an open
 * detail, a focuses the assignee and s the status buttons.
 */
export function useDashboardKeys(detailOpen: boolean) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (
        e.defaultPrevented ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        typing(e.target) ||
        inWidget(e.target)
      )
        return;
      const focus = (selector: string) => {
        const el = document.querySelector<HTMLElement>(selector);
        if (!el) return;
        e.preventDefault();
        el.focus();
      };
      if (detailOpen) {
        if (e.key === 'a') focus('dialog [data-shortcut="assignee"]');
        if (e.key === 's')
          focus('dialog [aria-label="Change status"] button:not([disabled])');
        return;
      }
      const inList = (e.target as HTMLElement | null)?.closest?.(
        '[data-open-row]',
      );
      if (!inList && (e.key === 'j' || e.key === 'ArrowDown'))
        focus('[data-open-row]');
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [detailOpen]);
}
