import { Link, useLocation } from 'react-router-dom';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { signInHref } from '@shared/domain/return-path';
import { buttonClass } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { useExtensionUrl } from '@web/hooks/use-extension-url';
import { useStoredAccount } from '../hooks/use-stored-account';
import { AccountMenu } from './account-menu';

/**
 * The blog's navigation bar: logo, Log in (or the account menu when signed
 * in, #19 item 27) and Download Extension.
 */
export function BlogNav() {
  // 'Log in' is for existing accounts: sign-in, then back to this page.
  const { pathname: location } = useLocation();
  const extensionUrl = useExtensionUrl();
  const account = useStoredAccount();
  return (
    <header className="border-b border-line bg-white/80 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <Link
          to={paths.blog}
          className="flex items-center gap-2.5 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-8" />
          <span className="text-lg max-[400px]:sr-only">{CONSUMER_BRAND}</span>
          <span className="hidden text-lg font-medium text-ink-muted sm:inline">
            Blog
          </span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          {account ? (
            <AccountMenu account={account} />
          ) : (
            <Link
              to={signInHref(location)}
              className={buttonClass(
                'ghost',
                'sm',
                'px-2 whitespace-nowrap sm:px-3',
              )}
            >
              Log in
            </Link>
          )}
          <a
            href={extensionUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'sm', 'whitespace-nowrap')}
          >
            Download Extension
          </a>
        </div>
      </nav>
    </header>
  );
}
