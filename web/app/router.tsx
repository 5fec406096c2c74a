/**
 * The table of pages (member document §2 route table; admin document §2 admin routes).
 * Tests render these same routes in a memory router.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { ErrorBoundary, RouteErrorFallback } from './error-boundary.tsx';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { LoadingScreen } from './loading-screen.tsx';

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
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: module[name] as ComponentType }),
      (error: unknown) => {
        loading = undefined; // A failed download (a network blip) is tried again on the next render.
        throw error;
      },
    ));
  const Page = lazy(preload);
  return Object.assign(() => <Page />, { preload });
}

const LandingPage = lazyPage(() => import('../features/landing/landing-page.tsx'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/accounts/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/accounts/register-page.tsx'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/accounts/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/accounts/reset-password-page.tsx'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../features/accounts/verify-email-page.tsx'), 'VerifyEmailPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const MemberProfilePage = lazyPage(() => import('../features/profile/member/member-profile-page.tsx'), 'MemberProfilePage');
const PaymentPage = lazyPage(() => import('../features/instalments/member/payment-page.tsx'), 'PaymentPage');
const SubscribePage = lazyPage(() => import('../features/plans/member/subscribe-page.tsx'), 'SubscribePage');

/** A page's route: `handle.preload` fetches its code (used for the address the app opens on). */
const page = (path: string, Page: LazyPage): RouteObject => ({ path, element: <Page />, handle: { preload: Page.preload } });

/**
 * The admin area is loaded on first visit only: members (nearly everyone, mostly on phones)
 * never download it.
 */
const adminModule = () => import('../features/admin-frame/index.ts');
const adminPage = (name: keyof Awaited<ReturnType<typeof adminModule>>) => async () => ({
  Component: (await adminModule())[name],
});

export const routes: RouteObject[] = [
  {
    // A new page opens at its top, and Back returns to where the person was (ScrollRestoration).
    element: (
      <>
        <ScrollRestoration />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </>
    ),
    // Shown while the admin area's code loads on a first visit to /admin.
    hydrateFallbackElement: <LoadingScreen />,
    // A crash in any page shows the fallback screen; the class boundary guards the fallback itself.
    errorElement: (
      <ErrorBoundary>
        <RouteErrorFallback />
      </ErrorBoundary>
    ),
    children: [
      // Most visitors' first page: its code is requested as soon as the app starts (createAppRouter).
      page('/', LandingPage),
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
        children: [
          {
            lazy: adminPage('AdminLayout'),
            children: [
              { index: true, lazy: adminPage('AdminDashboardPage') },
              { path: 'committee-plans', lazy: adminPage('AdminCommitteePlansPage') },
              { path: 'users', lazy: adminPage('AdminUsersPage') },
              { path: 'users/:id/ledger', lazy: adminPage('AdminMemberLedgerPage') },
              { path: 'payments', lazy: adminPage('AdminPaymentsPage') },
              { path: 'plan-requests', lazy: adminPage('AdminPlanRequestsPage') },
              { path: 'referrals', lazy: adminPage('AdminReferralsPage') },
              { path: 'winners', lazy: adminPage('AdminWinnersPage') },
              { path: 'bank-accounts', lazy: adminPage('AdminBankAccountsPage') },
              { path: 'reconciliation', lazy: adminPage('AdminReconciliationPage') },
              { path: 'audit', lazy: adminPage('AdminAuditPage') },
              { path: 'payment-detail/:paymentId', lazy: adminPage('AdminPaymentDetailPage') },
              { path: 'groups/:id/arrears', lazy: adminPage('AdminGroupArrearsPage') },
              { path: 'profile', lazy: adminPage('AdminProfilePage') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The browser's router. The code of the page the app opens on is requested at once, while the session
 * is still being checked, rather than after the guard lets the page render.
 */
export function createAppRouter() {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const preload = (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload;
    void preload?.().catch(() => {
      // Rendering the page loads it again and shows the error screen if it still fails.
    });
  }
  return createBrowserRouter(routes);
}
