import { Suspense, use, type ReactNode } from 'react';
import { PageSpinner } from '@web/components/ui/spinner';
import { loadEnv } from '@web/lib/env';

/** Renders its children once /config.json has loaded (suspends until then). */
export function EnvReady({ children }: { children: ReactNode }) {
  // A failed load throws an EnvError to the router's error boundary.
  use(loadEnv());
  return children;
}

/**
 * Wraps every screen that talks to the backend: its children
 * render only once `/config.json` has loaded. Screens without a backend
 * (legal pages, 404) sit outside it and work even when the server is down.
 */
export function BackendGate({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <EnvReady>{children}</EnvReady>
    </Suspense>
  );
}
