import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';

/** The crash screen (member document §2): 'Something went wrong' with Refresh Page and Try Again. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main role="alert" className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <TriangleAlert className="mx-auto size-12 text-destructive" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{t('errorBoundary.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('errorBoundary.message')}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => window.location.reload()}>{t('errorBoundary.refresh')}</Button>
          <Button variant="outline" onClick={onRetry}>
            {t('errorBoundary.tryAgain')}
          </Button>
        </div>
      </div>
    </main>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (the pages' boundary is given the location), the children are rendered afresh. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey?: unknown;
}

/**
 * How many times a crash screen was left (Try Again, or another address). Code that failed to download
 * asks for it again only after that (router.tsx lazyPage): asked again at once, a page would fetch in a
 * loop while the network is down.
 */
let crashesLeft = 0;
export const crashScreensLeft = () => crashesLeft;

/** Catches a crash anywhere below it; 'Try Again' renders the children afresh. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    if (state.error) crashesLeft++;
    return { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the console for whoever investigates a report; nothing is sent anywhere.
    console.error('Render error', error, info.componentStack);
  }

  reset = () => {
    crashesLeft++;
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) return <ErrorFallback onRetry={this.reset} />;
    return this.props.children;
  }
}
