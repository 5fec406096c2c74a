export { MemberHeader } from './member-header.tsx';
export { notificationsQuery } from '../notifications/index.ts';
export { MemberPageLayout } from './member-page-layout.tsx';
export { dashboardLink } from './notification-links.ts';
