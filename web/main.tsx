import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { checkStoredSessionEarly } from './lib/auth.tsx';
import { prepareLanguage } from './lib/i18n.ts';
import './styles.css';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadOpeningPage } from './app/router.tsx';

preloadOpeningPage();
checkStoredSessionEarly();

// An Urdu reader's first screen is already in Urdu: its texts and font load before the first render.
// (A promise, not a top-level await: an entry that awaits would make every page chunk wait on it.)
// The first render is a transition: React then works in slices of a few milliseconds, so a phone stays
// responsive to a tap while the first screen is built (one long task before; docs/performance.md).
void prepareLanguage().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <AppProviders>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
});
