/** Plan requests and their detail page (admin document §2). */
export { PlanRequestsPage as AdminPlanRequestsPage } from './plan-requests-page.tsx';
export { PaymentDetailPage as AdminPaymentDetailPage } from './payment-detail-page.tsx';
