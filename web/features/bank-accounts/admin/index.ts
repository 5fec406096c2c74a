/** The admin's Bank Accounts page (admin document §2). */
export { AdminBankAccountsPage } from './bank-accounts-page.tsx';
/** Reconciliation by bank account: the approved money per day or month, ticked against the bank statement. */
export { AdminReconciliationPage } from './reconciliation-page.tsx';
