/**
 * The table of pages (member document §2 route table; admin document §2 admin routes).
 * Tests render these same routes in a memory router.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { crashScreensLeft, ErrorBoundary } from './error-boundary.tsx';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { readStorage, storageKeys } from '../lib/storage-keys.ts';

/**
 * Each page is its own chunk, loaded when the page is first shown, so that a visitor's first load
 * carries the framework and the one page asked for: the landing page does not bring the dashboard's
 * code, nor the dashboard the landing page's, the sign-in form does not bring the registration's, and
 * rarely used screens (password reset, e-mail verification, profile, payments) cost nothing until
 * opened.
 *
 * The routes and guards themselves stay in the main bundle: a visitor is sent to /login at once, and a
 * guard decides before any page code is fetched. A page not loaded yet suspends; the boundary around
 * all pages (below) shows the loading screen on the first load, and on a later navigation the router's
 * transition keeps the current page on screen until the next one's code has arrived.
 */
/** Starts the reads of a page's first screen into the cache; settles when they have (each may have failed). */
type ReadAhead = (queryClient: QueryClient) => Promise<unknown>;
type LazyPage = ComponentType & { preload: () => Promise<unknown>; readAhead?: ReadAhead };
type PageHandle = { preload?: () => Promise<unknown>; readAhead?: ReadAhead };

/**
 * A page whose code is fetched on first use. A page whose code has already arrived (the opening page,
 * fetched as the app starts) is drawn at once: through React.lazy it would suspend for a moment even
 * then, and React holds back what follows a loading screen for 300 ms. React.lazy keeps a failed load
 * for good: after a failed download (a network blip) the crash screen shows, and once it is left (Try
 * Again, or another address) the page makes a fresh lazy component that fetches the code again,
 * instead of failing at once until the page is reloaded.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M, readAheadName?: keyof M): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  let module: M | undefined;
  // The count of crash screens left when the download failed.
  let failedAt: number | undefined;
  const preload = () =>
    (loading ??= load().then(
      (arrived) => {
        module = arrived;
        loaded = arrived[name] as ComponentType;
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined;
        failedAt = crashScreensLeft();
        throw error;
      },
    ));
  let Page = lazy(preload);
  const Shown = () => {
    // Chosen once for each time the page is shown: a page never changes its kind of component (and
    // loses its state) while it is on screen.
    const [Loaded] = useState(() => loaded);
    if (failedAt !== undefined && failedAt !== crashScreensLeft()) {
      failedAt = undefined;
      Page = lazy(preload);
    }
    return Loaded ? <Loaded /> : <Page />;
  };
  const readAhead = readAheadName && ((queryClient: QueryClient) => preload().then(() => (module![readAheadName] as ReadAhead)(queryClient)));
  return Object.assign(Shown, { preload, readAhead });
}

const LandingPage = lazyPage(() => import('../features/landing/landing-page.tsx'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/accounts/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/accounts/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/accounts/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/accounts/reset-password-page.tsx'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../features/accounts/verify-email-page.tsx'), 'VerifyEmailPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage', 'readDashboardAhead');
const MemberProfilePage = lazyPage(() => import('../features/profile/member/member-profile-page.tsx'), 'MemberProfilePage');
const PaymentPage = lazyPage(() => import('../features/instalments/member/payment-page.tsx'), 'PaymentPage');
const SubscribePage = lazyPage(() => import('../features/plans/member/subscribe-page.tsx'), 'SubscribePage');
const PublicDrawRecordPage = lazyPage(() => import('../features/winners/public/draw-record-page.tsx'), 'PublicDrawRecordPage');

/**
 * A page's route: `handle.preload` fetches its code and `handle.readAhead` its first screen's reads
 * (used for the address the app opens on).
 */
const page = (path: string, Page: LazyPage): RouteObject => ({ path, element: <Page />, handle: { preload: Page.preload, readAhead: Page.readAhead } satisfies PageHandle });

/**
 * The admin area is loaded on first visit only: members (nearly everyone, mostly on phones)
 * never download it. All its pages are in one module, fetched once.
 */
const adminModule = () => import('../features/admin-frame/index.ts');
const adminPage = (name: keyof Awaited<ReturnType<typeof adminModule>>) => {
  const Page = lazyPage(adminModule, name);
  return <Page />;
};

/**
 * Around every page. A crash in any page shows the crash screen in place of the pages, until the
 * person moves to another address or presses Try Again.
 */
function PagesFrame() {
  const location = useLocation();
  return (
    <>
      {/* A new page opens at its top, and Back returns to where the person was. */}
      <ScrollRestoration />
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <PagesFrame />,
    children: [
      // Most visitors' first page: its code is requested as soon as the app starts (preloadOpeningPage).
      page('/', LandingPage),
      // A group's draw record at the link its administrator published: anyone opens it, signed in or not.
      page('/draws/:token', PublicDrawRecordPage),
      {
        element: <GuestOnly />,
        children: [
          page('/login', LoginPage),
          page('/register', RegisterPage),
          page('/forgot-password', ForgotPasswordPage),
          page('/reset-password', ResetPasswordPage),
          page('/verify-email', VerifyEmailPage),
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          page('/dashboard', DashboardPage),
          page('/profile', MemberProfilePage),
          page('/user/payment/:paymentId', PaymentPage),
          page('/user/subscribe/:planId', SubscribePage),
        ],
      },
      {
        path: '/admin',
        element: <RequireAdmin />,
        handle: { preload: adminModule },
        children: [
          {
            element: adminPage('AdminLayout'),
            children: [
              { index: true, element: adminPage('AdminDashboardPage') },
              { path: 'committee-plans', element: adminPage('AdminCommitteePlansPage') },
              { path: 'users', element: adminPage('AdminUsersPage') },
              { path: 'users/:id/ledger', element: adminPage('AdminMemberLedgerPage') },
              { path: 'payments', element: adminPage('AdminPaymentsPage') },
              { path: 'plan-requests', element: adminPage('AdminPlanRequestsPage') },
              { path: 'referrals', element: adminPage('AdminReferralsPage') },
              { path: 'winners', element: adminPage('AdminWinnersPage') },
              { path: 'bank-accounts', element: adminPage('AdminBankAccountsPage') },
              { path: 'reconciliation', element: adminPage('AdminReconciliationPage') },
              { path: 'audit', element: adminPage('AdminAuditPage') },
              { path: 'payment-detail/:paymentId', element: adminPage('AdminPaymentDetailPage') },
              { path: 'groups/:id/arrears', element: adminPage('AdminGroupArrearsPage') },
              { path: 'profile', element: adminPage('AdminProfilePage') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Requests the code of the page the app opens on at once, while the session is still being checked,
 * rather than after the guard lets the page render; for a signed-in person, also its first screen's
 * reads. Settles once those have (whether or not they succeeded: the page shows its own errors).
 */
export function preloadOpeningPage(queryClient: QueryClient): Promise<unknown> {
  const reads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    void handle?.preload?.().catch(() => {
      // Rendering the page loads it again and shows the error screen if it still fails.
    });
    if (handle?.readAhead && readStorage(storageKeys.authToken)) reads.push(handle.readAhead(queryClient).catch(() => undefined));
  }
  return Promise.all(reads);
}

/**
 * The page for the address shown, in a <BrowserRouter>. The routes need no loaders or actions, so the
 * app uses React Router's declarative mode: the data router's code is 17 kB more of gzipped JavaScript
 * on every first load (decision 036).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
