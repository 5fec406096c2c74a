/** User Management (admin document §2), and the small pieces of the admin screens that the audit log shares with it. */
export { AdminUsersPage } from './users-page.tsx';
export { FilterField, useMediaQuery, WIDE_QUERY } from './parts.tsx';
