/** The admin's Bank Accounts page (admin document §2). */
export { AdminBankAccountsPage } from './bank-accounts-page.tsx';
