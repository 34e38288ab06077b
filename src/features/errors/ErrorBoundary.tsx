/**
 * Page-level fallback for any island that throws while rendering: the
 * "Unexpected Application Error!" screen with the error message
 * (docs/features.md#the-error-page), covering the page so a half-broken tool
 * is never left on screen.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { cx, focusRing, linkClass, pageHeadingClass } from "../../components/ui/styles";

type Props = { children: ReactNode };
type State = { error: Error | null };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="alert"
        className="fixed inset-0 z-50 flex flex-col items-start justify-center gap-4 overflow-auto bg-white p-8 text-stone-900"
      >
        <h1 className={pageHeadingClass}>Unexpected Application Error!</h1>
        <pre className="max-w-full whitespace-pre-wrap rounded bg-stone-100 p-4 text-sm text-red-800">
          {error.message}
        </pre>
        <a href="/" className={cx("text-base", linkClass, focusRing)}>
          Back to the home page
        </a>
      </div>
    );
  }
}
