/** Payment Management (admin document §2). */
export { AdminPaymentsPage } from './payments-page.tsx';
