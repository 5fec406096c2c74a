/** The audit log page (RULES §11). */
export { AdminAuditPage } from './audit-page.tsx';
