import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@web/lib/query-client';
import { SessionEndedNotice } from './session-ended-notice';

/**
 * Layout of every screen that reads or writes data: the query cache and
 * the toasts. Loaded lazily so the landing pages never download them.
 */
export function DataLayout({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Bottom right: clear of the header links and page titles. */}
      <Toaster position="bottom-right" richColors closeButton />
      <SessionEndedNotice />
    </QueryClientProvider>
  );
}
