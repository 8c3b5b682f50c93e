import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@web/components/ui/error-screen';
import { EnvError } from '@web/lib/env';
import { describeError } from '@web/lib/errors';

/** The router's fallback when a screen fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof EnvError) {
    return (
      <ErrorScreen
        title="Peega can't reach its server"
        message={error.message}
        hint="Check that the Peega server is running, then reload."
      />
    );
  }
  return (
    <ErrorScreen title="Something went wrong" message={describeError(error)} />
  );
}
