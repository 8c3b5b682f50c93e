import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadErrorScreen } from '@web/components/ui/load-error-screen';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/** Catches render errors outside the router and offers a reload. */
export class ErrorBoundary extends Component<
  ErrorBoundaryProps,
  ErrorBoundaryState
> {
  override state: ErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[peega] render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <LoadErrorScreen error={this.state.error} />;
    }
    return this.props.children;
  }
}
