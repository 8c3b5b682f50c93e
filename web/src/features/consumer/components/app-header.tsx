import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { authActions } from '@web/api/auth/auth-actions';
import { buttonClass } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';
import { getEnv } from '@web/lib/env';

const MENU = [
  { to: paths.profileAccount, label: 'Account Details' },
  { to: paths.profileSettings, label: 'Profile Settings' },
  { to: paths.badges, label: 'Badges' },
  { to: paths.rewards, label: 'Rewards' },
  { to: paths.experience, label: 'Experience' },
  { to: paths.community, label: 'Community' },
] as const;

// NavLink marks the current screen (aria-current="page") itself.
const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600 ${isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-muted hover:text-ink'}`;

function UserMenu() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const initial = (user.email?.[0] ?? 'U').toUpperCase();

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

  async function signOut() {
    setOpen(false);
    try {
      await authActions.signOut();
    } catch {
      // The local session is removed even when the server is unreachable.
    }
    toast.success('Signed out', {
      description: 'You have been successfully signed out.',
    });
    navigate(paths.auth);
  }

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        onClick={() => setOpen((o) => !o)}
        className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {initial}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-2 w-56 rounded-2xl border border-line bg-white p-1.5 shadow-xl"
        >
          <p className="truncate px-3 py-2 text-xs text-ink-muted">
            {user.email}
          </p>
          {/* On small screens the header's Referrals and extension links live here. */}
          <Link
            to={paths.referrals}
            role="menuitem"
            onClick={() => setOpen(false)}
            className="block rounded-xl px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none sm:hidden"
          >
            Referrals
          </Link>
          <a
            href={getEnv().extensionUrl}
            target="_blank"
            rel="noreferrer"
            role="menuitem"
            className="block rounded-xl px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none lg:hidden"
          >
            Download Extension
          </a>
          {MENU.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              role="menuitem"
              onClick={() => setOpen(false)}
              className="block rounded-xl px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none"
            >
              {item.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            onClick={signOut}
            className="mt-1 block w-full rounded-xl border-t border-line px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50 focus-visible:bg-red-50 focus-visible:outline-none"
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}

/** Header of the signed-in consumer screens (consumer spec §2 Dashboard). */
export function AppHeader() {
  const { extensionUrl } = getEnv();
  return (
    <header className="sticky top-0 z-10 border-b border-line bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={paths.dashboard}
          className="mr-auto flex items-center gap-2 rounded-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-8" />
          <span className="hidden text-lg sm:inline">{CONSUMER_BRAND}</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to={paths.community} end className={navClass}>
            <span className="hidden md:inline">Community</span>
            <span className="md:hidden" aria-hidden="true">
              🏆
            </span>
            <span className="sr-only md:hidden">Community</span>
          </NavLink>
          <NavLink
            to={paths.referrals}
            end
            className={(state) => `${navClass(state)} hidden sm:inline-flex`}
          >
            Referrals
          </NavLink>
          <a
            href={extensionUrl}
            target="_blank"
            rel="noreferrer"
            className="hidden rounded-full px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 lg:inline-flex"
          >
            Download Extension
          </a>
          <Link
            to={paths.submitFeedback}
            className={buttonClass('primary', 'sm', 'mx-1')}
          >
            +Add Feedback
          </Link>
        </nav>
        <UserMenu />
      </div>
    </header>
  );
}
