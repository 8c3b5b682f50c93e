import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { BackendGate } from '@web/app/backend-gate';
import { PageSpinner } from '@web/components/ui/spinner';
import { queryClient } from '@web/lib/query-client';
import { ConnectionBanner } from './connection-banner';
import { SessionEndedNotice } from './session-ended-notice';

// After the first paint: a toast asked for before then waits for it.
const AppToaster = lazy(() => import('./toaster'));

/**
 * Layout of every screen that reads or writes data: the query cache and
 * the toasts. Loaded lazily so the landing pages never download them.
 */
export function DataLayout({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionBanner />
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
      <SessionEndedNotice />
    </QueryClientProvider>
  );
}

/**
 * The router's layout route of every data screen: it renders once
 * /config.json has loaded and stays mounted between data screens, so the
 * cache, the toasts and the session check keep their state.
 */
export function DataLayoutRoute() {
  return (
    <BackendGate>
      <DataLayout>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </DataLayout>
    </BackendGate>
  );
}
