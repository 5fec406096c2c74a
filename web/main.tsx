import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { checkStoredSessionEarly } from './lib/auth.tsx';
import { prepareLanguage } from './lib/i18n.ts';
import { registerServiceWorkerAfterLoad } from './lib/service-worker.ts';
import './styles.css';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadOpeningPage } from './app/router.tsx';

const queryClient = createQueryClient();
const openingReads = preloadOpeningPage(queryClient);
const sessionChecked = checkStoredSessionEarly();
registerServiceWorkerAfterLoad();

/**
 * The first screen waits for the stored session's check and the opening page's first reads only if
 * their answers are already here: the page's HTML asked for them before the app's code arrived
 * (web/build/early-answers.js), so on a slow link they usually are, and a signed-in person's first
 * screen is their page. Otherwise it shows 'Authenticating...' at once. Waiting longer held the first
 * paint back for everyone (docs/performance-history.md).
 */
const answersAlreadyHere = Promise.race([Promise.all([sessionChecked, openingReads]), new Promise((resolve) => setTimeout(resolve, 0))]);

// An Urdu reader's first screen is already in Urdu: its texts and font load before the first render.
// (A promise, not a top-level await: an entry that awaits would make every page chunk wait on it.)
// The first render is a transition: React then works in slices of a few milliseconds, so a phone stays
// responsive to a tap while the first screen is built (one long task before; docs/performance-history.md).
void Promise.all([prepareLanguage(), answersAlreadyHere]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <AppProviders queryClient={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
});
