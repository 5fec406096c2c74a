/** User Management (admin document §2). */
export { AdminUsersPage } from './users-page.tsx';
