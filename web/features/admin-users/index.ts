/**
 * User Management and the dashboard overview (admin document §2), and the small pieces of the admin
 * screens that the audit log and Winner Management share with them.
 */
export { AdminUsersPage } from './users-page.tsx';
export { DashboardOverview } from './dashboard-overview.tsx';
export { FilterField, useMediaQuery, WIDE_QUERY } from './parts.tsx';
