/**
 * The table of pages (member document §2 route table; admin document §2 admin routes).
 * Tests render these same routes in a memory router.
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { MemberProfilePage } from '../features/member-profile/member-profile-page.tsx';
import { PaymentPage } from '../features/payments/payment-page.tsx';
import { SubscribePage } from '../features/plans/subscribe-page.tsx';
import { ErrorBoundary, RouteErrorFallback } from './error-boundary.tsx';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * The admin area is loaded on first visit only: members (nearly everyone, mostly on phones)
 * never download it.
 */
const adminModule = () => import('../features/admin/index.ts');
const adminPage = (name: keyof Awaited<ReturnType<typeof adminModule>>) => async () => ({
  Component: (await adminModule())[name],
});

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    // Shown while the first page's code loads (only the lazily loaded admin pages take a moment).
    hydrateFallbackElement: <LoadingScreen />,
    // A crash in any page shows the fallback screen; the class boundary guards the fallback itself.
    errorElement: (
      <ErrorBoundary>
        <RouteErrorFallback />
      </ErrorBoundary>
    ),
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/profile', element: <MemberProfilePage /> },
          { path: '/user/payment/:paymentId', element: <PaymentPage /> },
          { path: '/user/subscribe/:planId', element: <SubscribePage /> },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
