import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { brandFor, type Audience } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';

interface PageFrameProps {
  /** The page's heading, also used in the document title. */
  title: string;
  /** Which brand the header shows; consumer by default. */
  audience?: Audience;
  children?: ReactNode;
}

/** The shared page shell: brand header and a titled main column. */
export function PageFrame({
  title,
  audience = 'consumer',
  children,
}: PageFrameProps) {
  const brand = brandFor(audience);
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <title>{`${title} · ${brand}`}</title>
      <header className="border-b border-line bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
          <Link
            to={audience === 'company' ? paths.companyLanding : paths.home}
            className="flex items-center gap-2.5 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-8" />
            <span className="text-lg">{brand}</span>
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
