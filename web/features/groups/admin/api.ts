/** Calls of the admin's groups screens and a group's arrears grid (admin document §7), with their answer shapes (contract/plans.ts, contract/ledgers.ts). */
import type { z } from 'zod';
import type { groupArrearsAnswer, groupLedgerAnswer } from '../../../../contract/ledgers.ts';
import { GROUP_PAYMENTS_PAGE } from '../../../../contract/groups.ts';
import type { group, groupAnswer, GroupCreateBody, groupDetails, groupDetailsAnswer, groupListAnswer, groupMember, planGroupListAnswer, groupPayment, groupPaymentsAnswer, groupStats, GroupUpdateBody } from '../../../../contract/groups.ts';
import type { messageAnswer } from '../../../../contract/answers.ts';
import type { memberMovedAnswer, memberRemovedAnswer } from '../../../../contract/corrections.ts';
import type { groupRemindersAnswer, ReminderSettings, reminderSettingsAnswer } from '../../../../contract/reminders.ts';
import { api } from '../../../lib/api-client.ts';
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
  listGroups: (filter: { search: string; status: GroupStatusFilter }, signal?: AbortSignal) =>
    api
      .get<z.output<typeof groupListAnswer>>(
        '/admin/groups/all',
        { limit: GROUPS_LIST_LIMIT, search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.groups),
  listPlanGroups: (planId: string, signal?: AbortSignal) =>
    api.get<z.output<typeof planGroupListAnswer>>(`/admin/groups/plan/${encodeURIComponent(planId)}`, undefined, { signal }).then((r) => r.data.groups),
  /** The details with the first page of instalments: a group of many members and months is read a page at a time. */
  groupDetails: (id: string, signal?: AbortSignal) =>
    api
      .get<z.output<typeof groupDetailsAnswer>>(`/admin/groups/${encodeURIComponent(id)}/details`, { page: 1, limit: GROUP_PAYMENTS_PAGE }, { signal })
      .then((r) => r.group),
  /** One page of a group's instalments, in the order the details' first page began. */
  groupPayments: (id: string, page: number, signal?: AbortSignal) =>
    api
      .get<z.output<typeof groupPaymentsAnswer>>(`/admin/groups/${encodeURIComponent(id)}/payments`, { page }, { signal })
      .then((r) => r.data),
  /** GET /api/admin/groups/{id}/arrears (RULES §6a): a page of members down, months across, with the group's totals. */
  groupArrears: (id: string, page: number, signal?: AbortSignal) =>
    api.get<z.output<typeof groupArrearsAnswer>>(`/admin/groups/${encodeURIComponent(id)}/arrears`, { page }, { signal }).then((r) => {
      if (!r?.data?.group || !Array.isArray(r.data.members) || !Array.isArray(r.data.months) || !r.data.pagination) throw new Error('Invalid arrears answer');
      return r.data;
    }),
  /** GET /api/admin/groups/{id}/ledger (RULES §6a): the group's months with what was due, collected, paid out and held. */
  groupLedger: (id: string, signal?: AbortSignal) =>
    api.get<z.output<typeof groupLedgerAnswer>>(`/admin/groups/${encodeURIComponent(id)}/ledger`, undefined, { signal }).then((r) => {
      if (!r?.data?.group || !Array.isArray(r.data.months)) throw new Error('Invalid ledger answer');
      return r.data;
    }),
  /** GET /api/admin/users/{id}/statement.pdf?groupId=: a member's statement of this group, saved as the server names it. */
  downloadMemberStatement: (userId: string, groupId: string) =>
    api.download(`/admin/users/${encodeURIComponent(userId)}/statement.pdf`, { groupId }, { fallbackName: 'statement.pdf' }),
  // A create is sent once only: a retried create could make two groups.
  createGroup: (body: GroupCreateBody) => api.post<z.output<typeof groupAnswer>>('/admin/groups/create', body, { retries: 0 }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<z.output<typeof groupAnswer>>(`/admin/groups/${encodeURIComponent(id)}`, body),
  deleteGroup: (id: string) => api.delete<z.output<typeof messageAnswer>>(`/admin/groups/${encodeURIComponent(id)}`, { retries: 0 }),
  /**
   * DELETE /api/admin/groups/{id}/members/{userId} (docs/rules.md "Corrections"): the member leaves the group,
   * DROPPED with the reason; months to come leave the schedule, months due stay owed, the seat is freed.
   */
  removeMember: (groupId: string, userId: string, reason: string) =>
    api.delete<z.output<typeof memberRemovedAnswer>>(`/admin/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`, undefined, { reason }),
  /** POST /api/admin/groups/{id}/members/{userId}/move: to an active group of the same plan with a free seat, the schedule re-dated there. */
  moveMember: (groupId: string, userId: string, body: { toGroupId: string; reason: string }) =>
    api.post<z.output<typeof memberMovedAnswer>>(`/admin/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}/move`, body),
  /**
   * POST /api/admin/groups/{id}/reminders (docs/rules.md "Reminders"): with dryRun only counts what would
   * go; without it sends them (once only: the server never sends one twice, but a retry need not ask).
   */
  sendGroupReminders: (id: string, dryRun: boolean): Promise<GroupReminders> =>
    api
      .post<z.output<typeof groupRemindersAnswer>>(`/admin/groups/${encodeURIComponent(id)}/reminders`, undefined, {
        params: dryRun ? { dryRun: 'true' } : undefined,
        retries: dryRun ? undefined : 0,
      })
      .then((r) => {
        if (!r?.data || typeof r.data.count !== 'number' || typeof r.data.members !== 'number') throw new Error('Invalid reminders answer');
        return { ...r.data, message: typeof r.message === 'string' ? r.message : '', code: r.code };
      }),
  /** GET /api/admin/settings/reminders: how many days before the due date the first reminder goes. */
  reminderSettings: (signal?: AbortSignal) =>
    api.get<z.output<typeof reminderSettingsAnswer>>('/admin/settings/reminders', undefined, { signal }).then((r) => {
      if (typeof r?.data?.daysBefore !== 'number') throw new Error('Invalid reminder settings answer');
      return r.data;
    }),
  saveReminderSettings: (body: ReminderSettings) => api.put<z.output<typeof reminderSettingsAnswer>>('/admin/settings/reminders', body),
};
