/** The admin area's entry point, loaded on demand by the router (app/router.tsx), with its texts. */
import './catalogue.ts';
export { AdminLayout } from './admin-layout.tsx';
export { AdminReferralsPage } from '../referrals/admin/index.ts';
export { AdminWinnersPage } from '../winners/admin/index.ts';
export { AdminUsersPage } from '../users/admin/index.ts';
export { AdminAuditPage } from '../audit/admin/index.ts';
export { AdminProfilePage } from '../profile/admin/index.ts';
export { AdminMemberLedgerPage, AdminPaymentsPage } from '../instalments/admin/index.ts';
export { AdminDashboardPage } from '../overview/admin/index.ts';
export { AdminCommitteePlansPage } from '../plans/admin/index.ts';
export { AdminGroupArrearsPage } from '../groups/admin/index.ts';
export { AdminBankAccountsPage, AdminReconciliationPage } from '../bank-accounts/admin/index.ts';
export { AdminPaymentDetailPage, AdminPlanRequestsPage } from '../plan-requests/admin/index.ts';
