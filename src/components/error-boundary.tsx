import * as React from "react";
import { ErrorFallback } from "./error-fallback";

interface ErrorBoundaryProps {
  heading: string;
  companyName: string;
  children: React.ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/** Shows what went wrong instead of a blank page when a page fails in the browser. */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: React.ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.failed) {
      const { error } = this.state;
      return (
        <ErrorFallback
          heading={this.props.heading}
          companyName={this.props.companyName}
          message={error instanceof Error ? error.message : String(error)}
        />
      );
    }
    return this.props.children;
  }
}
