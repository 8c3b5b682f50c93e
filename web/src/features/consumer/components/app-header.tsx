import { Link, NavLink, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { authActions } from '@web/api/auth/auth-actions';
import { buttonClass } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import {
  MenuButton,
  menuExitClass,
  menuItemClass,
} from '@web/components/ui/menu-button';
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

  async function signOut() {
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
    <MenuButton
      label="User menu"
      initial={(user.email?.[0] ?? 'U').toUpperCase()}
    >
      <p className="truncate px-3 py-2 text-xs text-ink-muted">{user.email}</p>
      {/* On small screens the header's Referrals and extension links live here. */}
      <Link
        to={paths.referrals}
        role="menuitem"
        className={`${menuItemClass} sm:hidden`}
      >
        Referrals
      </Link>
      <a
        href={getEnv().extensionUrl}
        target="_blank"
        rel="noreferrer"
        role="menuitem"
        className={`${menuItemClass} lg:hidden`}
      >
        Download Extension
      </a>
      {MENU.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          role="menuitem"
          className={menuItemClass}
        >
          {item.label}
        </Link>
      ))}
      <button
        type="button"
        role="menuitem"
        onClick={signOut}
        className={menuExitClass}
      >
        Sign Out
      </button>
    </MenuButton>
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
          {/* Named on phones too, where only the mark shows. */}
          <span className="text-lg max-sm:sr-only">{CONSUMER_BRAND}</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <NavLink to={paths.community} end className={navClass}>
            <span className="md:hidden" aria-hidden="true">
              🏆
            </span>
            <span className="max-md:sr-only">Community</span>
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
