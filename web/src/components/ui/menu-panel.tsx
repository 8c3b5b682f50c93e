import { useEffect, type ReactNode, type RefObject } from 'react';

interface MenuPanelProps {
  label: string;
  /** The item focused on opening: 0 the first, -1 the last. */
  start: number;
  /** The wrapper of button and menu: a click outside it closes. */
  root: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  close: () => void;
  /** Width and placement classes. */
  className: string;
  children: ReactNode;
}

/** The open menu of a MenuButton (menu-button.tsx), loaded on first use. */
export default function MenuPanel({
  label,
  start,
  root,
  button,
  close,
  className,
  children,
}: MenuPanelProps) {
  // Items a breakpoint hides (sm:hidden, …) are skipped.
  const items = () =>
    [
      ...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ??
        []),
    ].filter((el) => el.offsetParent);

  useEffect(() => {
    items().at(start)?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
    // Focus moves in once, when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      role="menu"
      tabIndex={-1}
      aria-label={label}
      onClick={close}
      onKeyDown={(e) => {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 }[
          e.key
        ];
        if (to !== undefined) {
          e.preventDefault();
          list.at(to % list.length)?.focus();
        } else if (e.key === 'Escape') {
          close();
          button.current?.focus();
        } else if (e.key === 'Tab') {
          close();
        }
      }}
      className={`absolute right-0 z-20 mt-2 rounded-2xl border border-line bg-white p-1.5 shadow-xl ${className}`}
    >
      {children}
    </div>
  );
}
