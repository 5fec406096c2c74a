/**
 * Cache roots shared by more than one area. The admin's plans and groups sit under one root, because a
 * change to either changes the other's cards (a plan card counts its groups and members; a group card
 * names its plan and its amounts): a change to a plan or a group refreshes both at once.
 */
export const adminCatalogueKey = ['admin-catalog'] as const;

/** The admin dashboard's overview: a change to a user (blocked, made inactive) refreshes it too. */
export const adminOverviewKey = ['admin-overview'] as const;
