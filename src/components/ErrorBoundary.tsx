import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = {
  /** What to show instead of the children once one of them threw while rendering (a failed query); a function is given the error. */
  fallback: ReactNode | ((error: unknown) => ReactNode);
  children: ReactNode;
};

/** Catches a render failure below it, so one failed query shows a message instead of a blank page. */
export class ErrorBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Errore di caricamento:", error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === "function" ? fallback(this.state.error) : fallback;
  }
}
