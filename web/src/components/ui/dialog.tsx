import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
}

const TAB_STOPS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), audio[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab wrap inside the dialog: the browser's modal <dialog>
 * makes the page inert but lets Tab leave for the browser's own controls.
 */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const stops = [
    ...e.currentTarget.querySelectorAll<HTMLElement>(TAB_STOPS),
  ].filter((el) => el.getClientRects().length > 0);
  const edge = e.shiftKey ? stops[0] : stops.at(-1);
  if (document.activeElement !== edge) return;
  e.preventDefault();
  (e.shiftKey ? stops.at(-1) : stops[0])?.focus();
}

/**
 * A modal on the native `<dialog>`: focus moves in, Escape closes and the
 * page behind is inert (the browser); Tab wraps inside (trapTab); focus
 * returns to the opener on close (the browser).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  width = 'max-w-lg',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs can be mounted at once (blog admin): ids stay unique.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop closes, as Escape does from the keyboard (the
    // browser's own key for <dialog>); keydown keeps Tab inside. The dialog
    // itself is no control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      onClose={onClose}
      onKeyDown={trapTab}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm`}
    >
      {open && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-1 rounded-full p-1 text-ink-muted hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                className="size-5"
                aria-hidden="true"
              >
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
