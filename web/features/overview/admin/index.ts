/** The admin dashboard (admin document §2 "/admin"): the overview's figures and alerts, then the groups. */
export { AdminDashboardPage } from './dashboard-page.tsx';
