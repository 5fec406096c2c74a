/** Plan requests and their detail page (admin document §2). */
export { AdminPlanRequestsPage, AdminPaymentDetailPage } from '../admin/admin-pages.tsx';
