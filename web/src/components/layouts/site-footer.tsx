import { Link } from 'react-router-dom';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { paths } from '@web/config/paths';
import { useExtensionUrl } from '@web/hooks/use-extension-url';
import { FooterFrame, footerLinkClass as linkClass } from './footer-frame';

/**
 * The footer of every public page (consumer spec §2 "Footer"): a
 * description, the contact address, and links to the web app, community,
 * the extension and the legal pages.
 */
export function SiteFooter() {
  const extensionUrl = useExtensionUrl();
  return (
    <FooterFrame
      brand={CONSUMER_BRAND}
      homeHref={paths.home}
      description="Share feedback about any website in two clicks, earn XP and rewards, and help companies build better products."
      product={
        <>
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
        </>
      }
      legal={
        <>
          <Link to={paths.privacyPolicy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={paths.termsConditions} className={linkClass}>
            Terms of Service
          </Link>
        </>
      }
    />
  );
}
