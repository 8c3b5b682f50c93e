import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { loadEnv } from '@web/lib/env';
import {
  SESSION_CHANGED_EVENT,
  type StoredAccount,
} from '@web/lib/stored-session';

const itemClass =
  'block w-full rounded-xl px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none';

/** Signs out; the backend client loads only now (#19 item 27). */
async function signOut() {
  await loadEnv();
  const { authActions } = await import('@web/api/auth/auth-actions');
  try {
    await authActions.signOut();
  } catch {
    // The local session is removed even when the server is unreachable.
  }
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The account menu of the blog's navigation: who, where to, sign out. */
export function AccountMenu({ account }: { account: StoredAccount }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((o) => !o)}
        className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {(account.email[0] ?? 'U').toUpperCase()}
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Account"
          // On phones the button is not at the edge: the menu keeps to the screen.
          className="absolute right-0 z-20 mt-2 w-60 rounded-2xl border border-line bg-white p-1.5 shadow-xl max-sm:fixed max-sm:top-14 max-sm:right-4"
        >
          <p
            title={account.email}
            className="truncate px-3 py-2 text-xs text-ink-muted"
          >
            Signed in as {account.email}
          </p>
          <Link
            to={account.company ? paths.companyDashboard : paths.dashboard}
            role="menuitem"
            onClick={() => setOpen(false)}
            className={itemClass}
          >
            {account.company ? 'Company Dashboard' : 'Dashboard'}
          </Link>
          <button
            type="button"
            role="menuitem"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOut().finally(() => {
                setBusy(false);
                setOpen(false);
              });
            }}
            className={`${itemClass} mt-1 border-t border-line text-red-700 hover:bg-red-50 focus-visible:bg-red-50`}
          >
            {busy ? 'Signing out…' : 'Sign Out'}
          </button>
        </div>
      )}
    </div>
  );
}
