import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';

/** A footer link's look (also for plain `<a>` links such as the extension). */
export const footerLinkClass =
  'rounded text-sm text-ink-muted hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The public pages' footer layout: the brand with its description and the
 * contact address, a Product column, a Legal column and the copyright line.
 * The consumer and company sides differ only in what they put in it.
 */
export function FooterFrame({
  brand,
  homeHref,
  description,
  product,
  legal,
}: {
  brand: string;
  homeHref: string;
  description: string;
  product: ReactNode;
  legal: ReactNode;
}) {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="max-w-sm">
          <Link
            to={homeHref}
            className="inline-flex items-center gap-2 rounded-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-7" />
            {brand}
          </Link>
          <p className="mt-3 text-sm text-ink-muted">{description}</p>
          <p className="mt-3 text-sm">
            Contact:{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className={footerLinkClass}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        <nav aria-label="Product" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Product</h2>
          {product}
        </nav>
        <nav aria-label="Legal" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Legal</h2>
          {legal}
        </nav>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-ink-muted">
        © {new Date().getFullYear()} {brand}. All rights reserved.
      </p>
    </footer>
  );
}
