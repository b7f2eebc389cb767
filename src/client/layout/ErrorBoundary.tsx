import { Component, type ErrorInfo, type ReactNode } from 'react';
import { captureException } from '../sentry';

interface Props {
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps the header usable when one page crashes, and reports the crash when monitoring is on. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    captureException(error, info.componentStack ?? undefined);
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
