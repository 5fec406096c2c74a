/**
 * The calls of User Management (admin document §7 "Users list", "User status", "User block", "User
 * edit"), read through the schemas of the server's answers (contract/users.ts).
 */
import type { z } from 'zod';
import { adminUserAnswer, userListAnswer, type adminUser, type adminUserUpdateBody, type CnicClaimDecision, type USER_FILTERS, type userCounters } from '../../../../contract/users.ts';
import { sentMessagesAnswer } from '../../../../contract/messaging.ts';
import { api, readAnswer, type QueryParams } from '../../../lib/api-client.ts';

/** A user as an administrator sees them (admin document §3 "User (admin view)"). */
export type AdminUser = z.output<typeof adminUser>;

export type UserFilter = (typeof USER_FILTERS)[number];

export type UserCounters = z.output<typeof userCounters>;

/** One page of users, with the counters and the paging. */
export type UserPage = Pick<z.output<typeof userListAnswer>, 'users'> & z.output<typeof userListAnswer>['data'];

export interface UserQuery {
  search: string;
  status: UserFilter;
  page: number;
}

export const USERS_PAGE_SIZE = 20;

export type AdminUserUpdate = z.output<typeof adminUserUpdateBody>;

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: UserQuery) => ['admin-users', 'list', query] as const,
};

/** The search and the status filter as the server reads them; empty ones are left out. */
const filterParams = (query: Omit<UserQuery, 'page'>): QueryParams => ({
  search: query.search.trim() || undefined,
  status: query.status === 'ALL' ? undefined : query.status,
});

/** GET /api/admin/exports/users.csv: every user the search and filter match, saved as the server names it. */
export function exportUsers(query: Omit<UserQuery, 'page'>): Promise<string> {
  return api.download('/admin/exports/users.csv', filterParams(query), { fallbackName: 'users.csv' });
}

export async function fetchUsers(query: UserQuery, signal?: AbortSignal): Promise<UserPage> {
  const { users, data } = readAnswer(userListAnswer, await api.get('/admin/users', { ...filterParams(query), page: query.page, limit: USERS_PAGE_SIZE }, { signal }));
  return { users, counters: data.counters, pagination: data.pagination };
}

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** The user as the change left them. */
const changedUser = async (answer: Promise<unknown>): Promise<AdminUser> => readAnswer(adminUserAnswer, await answer).user;

export const updateUser = (id: string, body: AdminUserUpdate) => changedUser(api.put(userPath(id), body));
export const setUserActive = (id: string, isActive: boolean, reason?: string) => changedUser(api.put(`${userPath(id)}/status`, { isActive, reason: reason?.trim() || undefined }));
export const setUserBlocked = (id: string, isBlocked: boolean, reason?: string) => changedUser(api.put(`${userPath(id)}/block`, { isBlocked, reason: reason?.trim() || undefined }));

/** A CNIC held for review: given to the user who asked for it, or the request dismissed. */
export const resolveCnicClaim = (id: string, decision: CnicClaimDecision) => changedUser(api.put(`${userPath(id)}/cnic-claim`, { decision }));

/** The newest messages by push, WhatsApp and SMS to one user, and how many there are. */
export async function fetchUserMessages(userId: string, limit: number, signal?: AbortSignal) {
  return readAnswer(sentMessagesAnswer, await api.get(`/admin/users/${encodeURIComponent(userId)}/messages`, { limit }, { signal })).data;
}
