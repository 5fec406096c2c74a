export { MemberHeader } from './member-header.tsx';
export { MemberPageLayout } from './member-page-layout.tsx';
export { dashboardLink } from './notification-links.ts';
