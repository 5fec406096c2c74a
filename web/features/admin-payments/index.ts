/** Payment Management (admin document §2). */
export { AdminPaymentsPage } from '../admin/admin-pages.tsx';
