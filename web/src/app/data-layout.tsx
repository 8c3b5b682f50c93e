import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { Toaster } from 'sonner';
import { queryClient } from '@web/lib/query-client';

/**
 * Layout of every screen that reads or writes data: the query cache and
 * the toasts. Loaded lazily so the landing pages never download them.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
