import { Link } from 'wouter';
import { COMPANY_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';

const linkClass =
  'rounded text-sm text-ink-muted hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/** Footer of the company landing page (company spec §2 footer links). */
export function CompanyFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="max-w-sm">
          <Link
            to={paths.companyLanding}
            className="inline-flex items-center gap-2 rounded-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-7" />
            {COMPANY_BRAND}
          </Link>
          <p className="mt-3 text-sm text-ink-muted">
            Anonymous, categorised feedback about your own website, with a
            workflow your whole team can use.
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
          <Link to={paths.consumerLanding} className={linkClass}>
            For users
          </Link>
          <Link to={paths.companyLanding} className={linkClass}>
            For companies
          </Link>
          <Link to={paths.auth} className={linkClass}>
            Log in
          </Link>
        </nav>
        <nav aria-label="Legal" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Legal</h2>
          <Link to={paths.companyPrivacyPolicy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={paths.companyTermsConditions} className={linkClass}>
            Terms and Conditions
          </Link>
        </nav>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-ink-muted">
        © {new Date().getFullYear()} {COMPANY_BRAND}. All rights reserved.
      </p>
    </footer>
  );
}
