import type { ReactNode } from 'react';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { AppHeader } from './app-header';

/** Page of the signed-in consumer app: header, titled column. */
export function AppShell({
  title,
  children,
  width = 'max-w-6xl',
}: {
  title: string;
  children: ReactNode;
  width?: string;
}) {
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${title} · ${CONSUMER_BRAND}`}</title>
      <AppHeader />
      <main className={`mx-auto w-full ${width} px-4 py-8 sm:px-6 sm:py-10`}>
        {children}
      </main>
    </div>
  );
}
