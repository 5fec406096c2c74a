/** Calls of the admin's groups screens and a group's arrears grid (admin document §7), with their answer shapes (contract/plans.ts, contract/ledgers.ts). */
import type { z } from 'zod';
import { groupArrearsAnswer, groupLedgerAnswer } from '../../../../contract/ledgers.ts';
import {
  GROUP_PAYMENTS_PAGE,
  groupAnswer,
  groupDetailsAnswer,
  groupListAnswer,
  groupPaymentsAnswer,
  planGroupListAnswer,
  type group,
  type GroupCreateBody,
  type groupDetails,
  type groupMember,
  type groupPayment,
  type groupStats,
  type GroupUpdateBody,
} from '../../../../contract/groups.ts';
import { messageAnswer } from '../../../../contract/answers.ts';
import { memberMovedAnswer, memberRemovedAnswer } from '../../../../contract/corrections.ts';
import { groupRemindersAnswer, reminderSettingsAnswer, type ReminderSettings } from '../../../../contract/reminders.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { optionalText } from '../../../lib/forms.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';
import { GROUPS_LIST_LIMIT } from './group-rules.ts';

/**
 * A group, with instalment counts in the words of RULES §6a: pending is under review or owed (never a
 * future month), this month's remaining is this month's pending.
 */
export type Group = z.output<typeof group>;

export type GroupMember = z.output<typeof groupMember>;

/** One of a group's instalments, with its state today (RULES §6a). */
export type GroupPaymentRow = z.output<typeof groupPayment>;

/**
 * A group's statistics (RULES §6a): total = paid + pending; pending = under review + owed; overdue = owed
 * after the grace day; totalRevenue = collected; expectedRevenue = money due so far; collectionRate =
 * paid ÷ due so far, in whole percent. `figures` has them all.
 */
export type GroupStats = z.output<typeof groupStats>;

/** A group with its members, the first page of its instalments (groupPayments gives the others) and its statistics. */
export type GroupDetails = z.output<typeof groupDetails>;

export type GroupStatusFilter = 'all' | 'active' | 'inactive';

/** Where a group's arrears grid lives (app/router.tsx). */
export const arrearsPath = (groupId: string) => `/admin/groups/${encodeURIComponent(groupId)}/arrears`;

/** React Query keys of the groups screens, under the catalogue's root (lib/query-keys.ts). */
export const groupKeys = {
  groups: (filter: { search: string; status: GroupStatusFilter }) => [...adminCatalogueKey, 'groups', filter] as const,
  groupsRoot: () => [...adminCatalogueKey, 'groups'] as const,
  planGroups: (planId: string) => [...adminCatalogueKey, 'plan-groups', planId] as const,
  groupDetails: (id: string) => [...adminCatalogueKey, 'group-details', id] as const,
  groupPayments: (id: string) => [...adminCatalogueKey, 'group-payments', id] as const,
  groupArrears: (id: string, page: number) => [...adminCatalogueKey, 'group-arrears', id, page] as const,
  groupLedger: (id: string) => [...adminCatalogueKey, 'group-ledger', id] as const,
  reminderSettings: () => [...adminCatalogueKey, 'reminder-settings'] as const,
};

/** What "Send reminders now" would send (dryRun) or sent: how many reminders, to how many members, and the server's words. */
export type GroupReminders = z.output<typeof groupRemindersAnswer>['data'] & { message: string; code?: string };

export const groupApi = {
  listGroups: async (filter: { search: string; status: GroupStatusFilter }, signal?: AbortSignal) => {
    const query = { limit: GROUPS_LIST_LIMIT, search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status };
    return readAnswer(groupListAnswer, await api.get('/admin/groups/all', query, { signal })).groups;
  },
  listPlanGroups: async (planId: string, signal?: AbortSignal) =>
    readAnswer(planGroupListAnswer, await api.get(`/admin/groups/plan/${encodeURIComponent(planId)}`, undefined, { signal })).data.groups,
  /** The details with the first page of instalments: a group of many members and months is read a page at a time. */
  groupDetails: async (id: string, signal?: AbortSignal) =>
    readAnswer(groupDetailsAnswer, await api.get(`/admin/groups/${encodeURIComponent(id)}/details`, { page: 1, limit: GROUP_PAYMENTS_PAGE }, { signal })).group,
  /** One page of a group's instalments, in the order the details' first page began. */
  groupPayments: async (id: string, page: number, signal?: AbortSignal) =>
    readAnswer(groupPaymentsAnswer, await api.get(`/admin/groups/${encodeURIComponent(id)}/payments`, { page }, { signal })).data,
  /** GET /api/admin/groups/{id}/arrears (RULES §6a): a page of members down, months across, with the group's totals. */
  groupArrears: async (id: string, page: number, signal?: AbortSignal) =>
    readAnswer(groupArrearsAnswer, await api.get(`/admin/groups/${encodeURIComponent(id)}/arrears`, { page }, { signal })).data,
  /** GET /api/admin/groups/{id}/ledger (RULES §6a): the group's months with what was due, collected, paid out and held. */
  groupLedger: async (id: string, signal?: AbortSignal) =>
    readAnswer(groupLedgerAnswer, await api.get(`/admin/groups/${encodeURIComponent(id)}/ledger`, undefined, { signal })).data,
  /** GET /api/admin/users/{id}/statement.pdf?groupId=: a member's statement of this group, saved as the server names it. */
  downloadMemberStatement: (userId: string, groupId: string) =>
    api.download(`/admin/users/${encodeURIComponent(userId)}/statement.pdf`, { groupId }, { fallbackName: 'statement.pdf' }),
  // A create is sent once only: a retried create could make two groups.
  createGroup: async (body: GroupCreateBody) => readAnswer(groupAnswer, await api.post('/admin/groups/create', body, { retries: 0 })),
  updateGroup: async (id: string, body: GroupUpdateBody) => readAnswer(groupAnswer, await api.put(`/admin/groups/${encodeURIComponent(id)}`, body)),
  deleteGroup: async (id: string) => readAnswer(messageAnswer, await api.delete(`/admin/groups/${encodeURIComponent(id)}`, { retries: 0 })),
  /**
   * DELETE /api/admin/groups/{id}/members/{userId} (docs/rules.md "Corrections"): the member leaves the group,
   * DROPPED with the reason; months to come leave the schedule, months due stay owed, the seat is freed.
   */
  removeMember: async (groupId: string, userId: string, reason: string) =>
    readAnswer(memberRemovedAnswer, await api.delete(`/admin/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`, undefined, { reason })),
  /** POST /api/admin/groups/{id}/members/{userId}/move: to an active group of the same plan with a free seat, the schedule re-dated there. */
  moveMember: async (groupId: string, userId: string, body: { toGroupId: string; reason: string }) =>
    readAnswer(memberMovedAnswer, await api.post(`/admin/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}/move`, body)),
  /**
   * POST /api/admin/groups/{id}/reminders (docs/rules.md "Reminders"): with dryRun only counts what would
   * go; without it sends them (once only: the server never sends one twice, but a retry need not ask).
   */
  sendGroupReminders: async (id: string, dryRun: boolean): Promise<GroupReminders> => {
    const body = await api.post(`/admin/groups/${encodeURIComponent(id)}/reminders`, undefined, { params: dryRun ? { dryRun: 'true' } : undefined, retries: dryRun ? undefined : 0 });
    const { data, message, code } = readAnswer(groupRemindersAnswer, body);
    return { ...data, message, code };
  },
  /** GET /api/admin/settings/reminders: how many days before the due date the first reminder goes. */
  reminderSettings: async (signal?: AbortSignal) => readAnswer(reminderSettingsAnswer, await api.get('/admin/settings/reminders', undefined, { signal })).data,
  saveReminderSettings: async (body: ReminderSettings) => readAnswer(reminderSettingsAnswer, await api.put('/admin/settings/reminders', body)),
};
