import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '@web/components/ui/error-boundary';
import { PageSpinner } from '@web/components/ui/spinner';
import { queryClient } from '@web/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
}

/** Everything the app needs around its router: cache, toasts, fallbacks. */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        <Toaster position="top-center" richColors closeButton />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
