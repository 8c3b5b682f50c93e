import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '@web/components/ui/error-screen';
import { EnvError } from '@web/lib/env';
import { errorScreenText } from '@web/lib/errors';

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
  return <ErrorScreen {...errorScreenText(error)} />;
}

type Props = { resetKey: string; children: ReactNode };
type State = { error: unknown; failedAt: string | null };

/**
 * Catches a screen that fails to load or render; moving to another address
 * clears it, so one broken screen does not break the whole visit.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { ...state, failedAt: props.resetKey };
    return state.failedAt === props.resetKey
      ? null
      : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}
