import { Link } from 'react-router-dom';
import { BRAND_SLUG, CONSUMER_BRAND } from '@shared/domain/brand';
import { buttonClass } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { SectionNav } from './section-nav';

/** The spec's anchors of this page. */
const SECTIONS = [
  { id: 'how-it-works', label: 'How it works' },
  { id: `why-${BRAND_SLUG}`, label: `Why ${CONSUMER_BRAND}` },
  { id: 'faq', label: 'FAQ' },
];

/** Top bar of the consumer landing page with the audience toggle. */
export function LandingNav() {
  return (
    <header className="border-b border-line/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <Link
          to={paths.home}
          className="mr-auto flex items-center gap-2 rounded-lg text-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-8" />
          {CONSUMER_BRAND}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <Link
            to={paths.blog}
            className="rounded-full px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Blog
          </Link>
          <Link
            to={`${paths.auth}?mode=signin`}
            className="rounded-full px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Log in
          </Link>
          <Link to={paths.auth} className={buttonClass('primary', 'sm')}>
            Sign Up Now
          </Link>
        </nav>
        <div
          role="group"
          aria-label="Audience"
          className="order-last flex w-full justify-center sm:order-none sm:w-auto"
        >
          <div className="flex rounded-full bg-brand-50 p-1 text-xs font-bold tracking-wide">
            <span
              aria-current="page"
              className="rounded-full bg-brand-600 px-4 py-2 text-white"
            >
              SHARE FEEDBACK
            </span>
            <Link
              to={paths.companyLanding}
              className="rounded-full px-4 py-2 text-brand-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              SEE THE FEEDBACK
            </Link>
          </div>
        </div>
      </div>
      <SectionNav sections={SECTIONS} />
    </header>
  );
}
