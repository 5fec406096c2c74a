import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
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
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches a crash anywhere below it; 'Try Again' renders the children afresh. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the console for whoever investigates a report; nothing is sent anywhere.
    console.error('Render error', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return <ErrorFallback onRetry={this.reset} />;
    return this.props.children;
  }
}

/**
 * The router catches errors in its routes itself (errorElement). This shows the same screen;
 * 'Try Again' navigates to the same address, which makes the router render the route afresh.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => console.error('Route error', error), [error]);
  return (
    <ErrorFallback onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })} />
  );
}
