import { CAPTURE_TEXTS } from './capture-job';

/** Marks what the picker adds to the page, so captures leave it out. */
export const PICKER_ATTR = 'data-peega-picker';

export interface Picker {
  /** The chosen element, or null when cancelled (Esc or `cancel`). */
  chosen: Promise<Element | null>;
  cancel(): void;
}

const BOX_STYLE =
  'position:fixed;pointer-events:none;box-sizing:border-box;border:2px solid #6d28d9;background:rgba(109,40,217,.15);border-radius:3px;display:none;z-index:2147483647';
const BANNER_STYLE =
  'position:fixed;left:50%;top:12px;transform:translateX(-50%);width:max-content;max-width:calc(100vw - 24px);box-sizing:border-box;pointer-events:none;z-index:2147483647;background:#1f1235;color:#fff;font:13px/1.4 system-ui,sans-serif;padding:8px 12px;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.3)';

/**
 * The element picker in the page: a highlight follows the pointer, a click
 * chooses (the page never sees it), Esc cancels; from the keyboard, ↑/↓
 * move to the parent or first child and Enter chooses. Lives in its own
 * shadow root so the page's styles cannot change it.
 */
export function startPicker(): Picker {
  const host = document.createElement('div');
  host.setAttribute(PICKER_ATTR, '');
  const root = host.attachShadow({ mode: 'open' });
  const box = document.createElement('div');
  box.setAttribute('data-peega-highlight', '');
  box.setAttribute('style', BOX_STYLE);
  const banner = document.createElement('div');
  banner.setAttribute('role', 'status');
  banner.setAttribute('style', BANNER_STYLE);
  banner.textContent = CAPTURE_TEXTS.picking;
  root.append(box, banner);
  document.documentElement.append(host);

  let current: Element | null = null;
  let finish: (el: Element | null) => void = () => {};
  const chosen = new Promise<Element | null>((resolve) => {
    finish = (el) => {
      cleanup();
      resolve(el);
    };
  });

  function highlight(el: Element | null) {
    current = el;
    if (!el) {
      box.style.display = 'none';
      return;
    }
    const r = el.getBoundingClientRect();
    Object.assign(box.style, {
      display: 'block',
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
  }
  const swallow = (e: Event) => {
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  const onMove = (e: PointerEvent) => {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    if (el && el !== current && !host.contains(el)) highlight(el);
  };
  const onClick = (e: MouseEvent) => {
    swallow(e);
    const el =
      document.elementFromPoint(e.clientX, e.clientY) ?? current ?? null;
    finish(el);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') finish(null);
    else if (e.key === 'Enter' && current) finish(current);
    else if (e.key === 'ArrowUp' && current?.parentElement) {
      highlight(current.parentElement);
    } else if (e.key === 'ArrowDown' && current?.firstElementChild) {
      highlight(current.firstElementChild);
    } else return;
    swallow(e);
  };
  const onScroll = () => highlight(current);
  const swallowed = ['pointerdown', 'pointerup', 'mousedown', 'mouseup'];
  window.addEventListener('pointermove', onMove, true);
  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('scroll', onScroll, true);
  for (const type of swallowed) window.addEventListener(type, swallow, true);

  function cleanup() {
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('scroll', onScroll, true);
    for (const type of swallowed) {
      window.removeEventListener(type, swallow, true);
    }
    host.remove();
  }

  return { chosen, cancel: () => finish(null) };
}
