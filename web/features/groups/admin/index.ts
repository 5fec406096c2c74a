/** The groups of the admin dashboard (admin document §2) and a group's arrears grid (RULES §6a). */
export { GroupsManagement } from './groups-management.tsx';
export { AdminGroupArrearsPage } from './arrears-page.tsx';
export { groupKeys } from './api.ts';
