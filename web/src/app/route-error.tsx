import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@web/components/ui/error-screen';
import { EnvError } from '@web/lib/env';
import { LoadErrorScreen } from '@web/components/ui/load-error-screen';

/** What a screen shows when it fails to load or render. */
export function RouteError({ error }: { error: unknown }) {
  if (error instanceof EnvError) {
    return (
      <ErrorScreen
        title="Peega can't reach its server"
        message={error.message}
        hint="Check that the Peega server is running, then reload."
      />
    );
  }
  return <LoadErrorScreen error={error} />;
}

/**
 * The router's error boundary: a screen that fails to load or render shows
 * why; moving to another address clears it, so one broken screen does not
 * break the whole visit.
 */
export function RouteErrorElement() {
  return <RouteError error={useRouteError()} />;
}
