/** Plans, groups and bank accounts: the admin pages of this area (admin document §2), and a group's arrears grid (RULES §6a). */
export { AdminDashboardPage } from './dashboard-page.tsx';
export { AdminCommitteePlansPage } from './plans-page.tsx';
export { AdminBankAccountsPage } from './bank-accounts-page.tsx';
export { AdminGroupArrearsPage } from './arrears-page.tsx';
