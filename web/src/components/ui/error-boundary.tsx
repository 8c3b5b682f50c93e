import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@web/components/ui/error-screen';
import { errorScreenText } from '@web/lib/errors';

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
      return <ErrorScreen {...errorScreenText(this.state.error)} />;
    }
    return this.props.children;
  }
}
