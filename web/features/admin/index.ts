/** The admin area's entry point, loaded on demand by the router (app/router.tsx). */
export { AdminLayout } from './admin-layout.tsx';
export {
  AdminBankAccountsPage,
  AdminCommitteePlansPage,
  AdminDashboardPage,
  AdminPaymentDetailPage,
  AdminPaymentsPage,
  AdminPlanRequestsPage,
  AdminProfilePage,
  AdminReferralsPage,
  AdminUsersPage,
  AdminWinnersPage,
} from './admin-pages.tsx';
