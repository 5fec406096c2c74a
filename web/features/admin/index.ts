/** The admin area's entry point, loaded on demand by the router (app/router.tsx). */
export { AdminLayout } from './admin-layout.tsx';
export { AdminProfilePage, AdminReferralsPage, AdminUsersPage, AdminWinnersPage } from './admin-pages.tsx';
export { AdminPaymentsPage } from '../admin-payments/index.ts';
export { AdminBankAccountsPage, AdminCommitteePlansPage, AdminDashboardPage } from '../admin-catalog/index.ts';
export { AdminPaymentDetailPage, AdminPlanRequestsPage } from '../admin-requests/index.ts';
