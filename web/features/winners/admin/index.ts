/** Winner Management (admin document §2 "Winner Management (/admin/winners)"). */
export { AdminWinnersPage } from './winners-page.tsx';
