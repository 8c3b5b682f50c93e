import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { brandFor, type Audience } from '@shared/domain/brand';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';

/** Date the current legal texts took effect. */
export const LEGAL_UPDATED = 'November 21, 2025';

interface LegalLink {
  to: string;
  label: string;
}

interface LegalPageProps {
  title: string;
  audience: Audience;
  back: LegalLink;
  /** Links to the related legal pages and places. */
  related: LegalLink[];
  /** The audience's footer; the consumer site's by default. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A legal document: brand header, back link, text, cross-links, footer. */
export function LegalPage({
  title,
  audience,
  back,
  related,
  footer = <SiteFooter />,
  children,
}: LegalPageProps) {
  const brand = brandFor(audience);
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <title>{`${title} · ${brand}`}</title>
      <header className="border-b border-line bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6">
          <Link
            to={audience === 'company' ? paths.companyLanding : paths.home}
            className="flex items-center gap-2.5 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-8" />
            <span className="text-lg">{brand}</span>
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <Link
          to={back.to}
          className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">←</span> {back.label}
        </Link>
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm text-ink-muted">
          Last updated: {LEGAL_UPDATED}
        </p>
        <div className="legal-text mt-8 flex flex-col gap-8 rounded-2xl border border-line bg-white p-6 sm:p-10">
          {children}
        </div>
        <nav
          aria-label="Related documents"
          className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm"
        >
          {related.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="rounded font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {l.label}
            </Link>
          ))}
        </nav>
      </main>
      {footer}
    </div>
  );
}

/** One numbered section of a legal text. */
export function LegalSection({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 text-[15px] leading-relaxed text-ink-muted">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
