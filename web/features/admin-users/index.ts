/** User Management and the dashboard overview (admin document §2). */
export { AdminUsersPage } from './users-page.tsx';
export { DashboardOverview } from './dashboard-overview.tsx';
