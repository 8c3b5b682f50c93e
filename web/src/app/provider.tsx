import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '@web/components/ui/error-boundary';
import { PageSpinner } from '@web/components/ui/spinner';

interface AppProviderProps {
  children: ReactNode;
}

/**
 * What every screen needs around the router: fallbacks. The query cache
 * and toasts live in the lazy data layout (app/data-layout.tsx), so the
 * landing pages stay small.
 */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
