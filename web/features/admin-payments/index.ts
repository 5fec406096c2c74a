/** Payment Management (admin document §2), and a member's ledger (RULES §6a). */
export { AdminPaymentsPage } from './payments-page.tsx';
export { AdminMemberLedgerPage } from './ledger-page.tsx';
