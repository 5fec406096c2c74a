/**
 * The calls of User Management and the dashboard overview (admin document §7 "Users list", "User
 * status", "User block", "User edit", "Dashboard overview"), with the shapes the server sends
 * (server/users/user-routes.ts, server/admin/overview.ts).
 */
import type { z } from 'zod';
import type { PublicUser } from '../../../contract/accounts.ts';
import type { InstalmentFigures } from '../../../contract/figures.ts';
import type { adminUserUpdateBody, USER_FILTERS } from '../../../contract/users.ts';
import type { Pagination } from '../../../contract/paging.ts';
import { api } from '../../lib/api-client.ts';

/** A user as an administrator sees them (admin document §3 "User (admin view)"). */
export interface AdminUser extends PublicUser {
  blockedReason?: string | null;
  committeeStats: { totalCommittees: number; activeCommittees: number };
  paymentStats: { totalAmount: number; totalPayments: number };
}

export type UserFilter = (typeof USER_FILTERS)[number];

export interface UserCounters {
  total: number;
  active: number;
  inactive: number;
  blocked: number;
}

export interface UserPage {
  users: AdminUser[];
  counters: UserCounters;
  pagination: Pagination;
}

export interface UserQuery {
  search: string;
  status: UserFilter;
  page: number;
}

export const USERS_PAGE_SIZE = 20;

export type AdminUserUpdate = z.output<typeof adminUserUpdateBody>;

/**
 * The dashboard's figures (admin document §3 "Dashboard overview"), the instalments' in the words of
 * RULES §6a (server/admin/overview.ts): totalPayments = paid + pending; pendingPayments = under review +
 * owed (never a future month); overduePayments = owed after the grace day; overdueMembers = members with
 * at least one overdue instalment; collectionRate = paid ÷ due so far, in whole percent.
 */
export interface Overview {
  totalUsers: number;
  activeUsers: number;
  blockedUsers: number;
  totalCommittees: number;
  activeCommittees: number;
  pausedCommittees: number;
  totalGroups: number;
  activeGroups: number;
  totalPayments: number;
  pendingPayments: number;
  underReviewPayments: number;
  owedPayments: number;
  overduePayments: number;
  overdueMembers: number;
  collectedAmount: number;
  collectionRate: number;
  pendingPlanRequests?: number;
  figures: InstalmentFigures;
}

export interface OverviewAnswer {
  overview: Overview;
  generatedAt: string;
}

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: UserQuery) => ['admin-users', 'list', query] as const,
  overview: ['admin-users', 'overview'] as const,
};

type ListBody = { users?: AdminUser[]; data?: { users?: AdminUser[]; counters?: UserCounters; pagination?: Pagination } };
type OneBody = { message?: string; user?: AdminUser; data?: { user?: AdminUser } };

const emptyCounters: UserCounters = { total: 0, active: 0, inactive: 0, blocked: 0 };

export async function fetchUsers(query: UserQuery, signal?: AbortSignal): Promise<UserPage> {
  const body = await api.get<ListBody>(
    '/admin/users',
    { search: query.search.trim() || undefined, status: query.status === 'ALL' ? undefined : query.status, page: query.page, limit: USERS_PAGE_SIZE },
    { signal },
  );
  const users = body?.data?.users ?? body?.users ?? [];
  return {
    users,
    counters: body?.data?.counters ?? emptyCounters,
    pagination: body?.data?.pagination ?? { page: query.page, limit: USERS_PAGE_SIZE, total: users.length, pages: 1, exact: true },
  };
}

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const updateUser = (id: string, body: AdminUserUpdate) => api.put<OneBody>(userPath(id), body);
export const setUserActive = (id: string, isActive: boolean) => api.put<OneBody>(`${userPath(id)}/status`, { isActive });
export const setUserBlocked = (id: string, isBlocked: boolean, reason?: string) =>
  api.put<OneBody>(`${userPath(id)}/block`, { isBlocked, reason: reason?.trim() || undefined });

export async function fetchOverview(signal?: AbortSignal): Promise<OverviewAnswer> {
  const body = await api.get<{ overview?: Overview; generatedAt?: string; data?: { overview?: Overview; generatedAt?: string } }>(
    '/admin/dashboard/overview',
    undefined,
    { signal },
  );
  const overview = body?.data?.overview ?? body?.overview;
  if (!overview || typeof overview.totalUsers !== 'number') throw new Error('Invalid overview answer');
  return { overview, generatedAt: body?.data?.generatedAt ?? body?.generatedAt ?? new Date().toISOString() };
}
