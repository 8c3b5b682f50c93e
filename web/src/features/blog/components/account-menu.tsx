import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  MenuButton,
  menuExitClass,
  menuItemClass,
} from '@web/components/ui/menu-button';
import { paths } from '@web/config/paths';
import { loadEnv } from '@web/lib/env';
import {
  SESSION_CHANGED_EVENT,
  type StoredAccount,
} from '@web/lib/stored-session';

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
  const [busy, setBusy] = useState(false);
  return (
    <MenuButton
      label="Account menu"
      initial={(account.email[0] ?? 'U').toUpperCase()}
      // On phones the button is not at the edge: the menu keeps to the screen.
      menuClass="w-60 max-sm:fixed max-sm:top-14 max-sm:right-4"
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
        className={menuItemClass}
      >
        {account.company ? 'Company Dashboard' : 'Dashboard'}
      </Link>
      <button
        type="button"
        role="menuitem"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut().finally(() => setBusy(false));
        }}
        className={menuExitClass}
      >
        {busy ? 'Signing out…' : 'Sign Out'}
      </button>
    </MenuButton>
  );
}
