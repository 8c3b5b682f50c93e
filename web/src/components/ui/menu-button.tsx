import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

// The open menu's keyboard and focus handling loads on first use: the
// headers sit on the routes with the tightest JS budgets. Pointing at or
// focusing the button starts the download, so the first keys are not lost.
const loadPanel = () => import('./menu-panel');
const MenuPanel = lazy(loadPanel);

export const menuItemClass =
  'block w-full rounded-xl px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none';
/** The last item, set apart: Sign Out / Logout. */
export const menuExitClass = `${menuItemClass} mt-1 border-t border-line text-red-700 hover:bg-red-50 focus-visible:bg-red-50`;

interface MenuButtonProps {
  /** The button's name ("User menu"), also the menu's. */
  label: string;
  /** The letter on the round button. */
  initial: string;
  /** Extra classes of the menu panel (width, phone placement). */
  menuClass?: string;
  /** Text and `role="menuitem"` links or buttons; a click on one closes. */
  children: ReactNode;
}

/**
 * A header account menu on the WAI-ARIA menu button pattern: opening moves
 * focus to the first item (ArrowUp on the button: the last); in the menu
 * (menu-panel.tsx) the arrow keys, Home and End move, Escape closes and
 * returns focus to the button, Tab or a click outside or on an item closes.
 */
export function MenuButton({
  label,
  initial,
  menuClass = 'w-56',
  children,
}: MenuButtonProps) {
  const [open, setOpen] = useState<false | 0 | -1>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-label={label}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(open === false && 0)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
          e.preventDefault();
          setOpen(e.key === 'ArrowUp' ? -1 : 0);
        }}
        className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {initial}
      </button>
      {open !== false && (
        <Suspense>
          <MenuPanel
            label={label}
            start={open}
            root={root}
            button={button}
            close={() => setOpen(false)}
            className={menuClass}
          >
            {children}
          </MenuPanel>
        </Suspense>
      )}
    </div>
  );
}
