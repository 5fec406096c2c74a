/** The member's side of groups: their own groups, read once for every screen that shows them. */
export { fetchMyGroups, myGroupsKey, myGroupsQuery, RECEIPT_LINK_REFRESH_MS, useMyGroups } from './my-groups.ts';
