import { Link } from 'wouter';
import { CONSUMER_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { useExtensionUrl } from '@web/hooks/use-extension-url';

const linkClass =
  'rounded text-sm text-ink-muted hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The footer of every public page (consumer spec §2 "Footer"): a
 * description, the contact address, and links to the web app, community,
 * the extension and the legal pages.
 */
export function SiteFooter() {
  const extensionUrl = useExtensionUrl();
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="max-w-sm">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-7" />
            {CONSUMER_BRAND}
          </Link>
          <p className="mt-3 text-sm text-ink-muted">
            Share feedback about any website in two clicks, earn XP and rewards,
            and help companies build better products.
          </p>
          <p className="mt-3 text-sm">
            Contact:{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Product" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Product</h2>
          <Link to={paths.dashboard} className={linkClass}>
            Web-app
          </Link>
          <Link to={paths.community} className={linkClass}>
            Community
          </Link>
          <a href={extensionUrl} className={linkClass}>
            Browser extension
          </a>
          <Link to={paths.blog} className={linkClass}>
            Blog
          </Link>
        </nav>
        <nav aria-label="Legal" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Legal</h2>
          <Link to={paths.privacyPolicy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={paths.termsConditions} className={linkClass}>
            Terms of Service
          </Link>
        </nav>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-ink-muted">
        © {new Date().getFullYear()} {CONSUMER_BRAND}. All rights reserved.
      </p>
    </footer>
  );
}
