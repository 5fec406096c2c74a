/** The admin area's entry point, loaded on demand by the router (app/router.tsx), with its texts. */
import './catalogue.ts';
export { AdminLayout } from './admin-layout.tsx';
export { AdminReferralsPage } from '../admin-referrals/index.ts';
export { AdminWinnersPage } from '../admin-winners/index.ts';
export { AdminUsersPage } from '../admin-users/index.ts';
export { AdminAuditPage } from '../admin-audit/index.ts';
export { AdminProfilePage } from '../admin-profile/index.ts';
export { AdminMemberLedgerPage, AdminPaymentsPage } from '../admin-payments/index.ts';
export { AdminBankAccountsPage, AdminCommitteePlansPage, AdminDashboardPage, AdminGroupArrearsPage } from '../admin-catalog/index.ts';
export { AdminPaymentDetailPage, AdminPlanRequestsPage } from '../admin-requests/index.ts';
