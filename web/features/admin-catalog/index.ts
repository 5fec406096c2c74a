/** Plans, groups and bank accounts: the admin pages of this area (admin document §2). */
export { AdminDashboardPage, AdminCommitteePlansPage, AdminBankAccountsPage } from '../admin/admin-pages.tsx';
