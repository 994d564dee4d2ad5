import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = {
  /** What to show instead of the children once one of them threw while rendering (a failed query). */
  fallback: ReactNode;
  children: ReactNode;
};

/** Catches a render failure below it, so one failed query shows a message instead of a blank page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Errore di caricamento:", error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
