import { Suspense, use } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@web/components/ui/spinner';
import { loadEnv } from '@web/lib/env';

function EnvReady() {
  // A failed load throws an EnvError to the router's error element.
  use(loadEnv());
  return <Outlet />;
}

/**
 * Layout route for every screen that talks to the backend: its children
 * render only once `/config.json` has loaded. Screens without a backend
 * (legal pages, 404) sit outside it and work even when the server is down.
 */
export function BackendGate() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <EnvReady />
    </Suspense>
  );
}
