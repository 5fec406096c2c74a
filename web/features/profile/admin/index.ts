/** The administrator's own profile (admin document §2 "Profile"). */
export { AdminProfilePage } from './profile-page.tsx';
