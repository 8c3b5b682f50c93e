import type { ReactNode } from 'react';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { BlogNav } from './blog-nav';

interface BlogLayoutProps {
  /** Tailwind max-width class of the main column. */
  width?: string;
  children: ReactNode;
}

/** Blog pages: navigation, a main column and the site footer. */
export function BlogLayout({ width = 'max-w-6xl', children }: BlogLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <BlogNav />
      <main
        className={`mx-auto w-full ${width} flex-1 px-4 py-10 sm:px-6 sm:py-14`}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
