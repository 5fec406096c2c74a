import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { prepareLanguage } from './lib/i18n.ts';
import './styles.css';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadOpeningPage } from './app/router.tsx';

preloadOpeningPage();

// An Urdu reader's first screen is already in Urdu: its texts and font load before the first render.
// (A promise, not a top-level await: an entry that awaits would make every page chunk wait on it.)
void prepareLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ErrorBoundary>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>,
  );
});
