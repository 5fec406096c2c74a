/** Calls of the plans, groups and bank accounts screens (admin document §7), with their answer shapes (contract/plans.ts). */
import type { z } from 'zod';
import type { groupArrearsAnswer } from '../../../contract/payments.ts';
import type { bankAccount, bankAccountAnswer, BankAccountBody, bankAccountDeletedAnswer, bankAccountListAnswer, group, groupAnswer, GroupCreateBody, groupDetails, groupDetailsAnswer, groupListAnswer, groupMember, groupPayment, groupPaymentsAnswer, groupStats, GroupUpdateBody, plan, planAnswer, PlanBody, planListAnswer } from '../../../contract/plans.ts';
import { api } from '../../lib/api-client.ts';
import { GROUPS_LIST_LIMIT } from './catalog-rules.ts';
import type { messageAnswer } from '../../../contract/answers.ts';

export type Plan = z.output<typeof plan>;

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

export type BankAccount = z.output<typeof bankAccount>;

export type GroupStatusFilter = 'all' | 'active' | 'inactive';
export type BankStatusFilter = 'all' | 'active' | 'inactive' | 'default';

/** Where a group's arrears grid lives (app/router.tsx). */
export const arrearsPath = (groupId: string) => `/admin/groups/${encodeURIComponent(groupId)}/arrears`;

/** React Query keys of this area; `all` invalidates every list here at once. */
export const catalogKeys = {
  all: ['admin-catalog'] as const,
  plans: () => ['admin-catalog', 'plans'] as const,
  groups: (filter: { search: string; status: GroupStatusFilter }) => ['admin-catalog', 'groups', filter] as const,
  groupsRoot: () => ['admin-catalog', 'groups'] as const,
  planGroups: (planId: string) => ['admin-catalog', 'plan-groups', planId] as const,
  groupDetails: (id: string) => ['admin-catalog', 'group-details', id] as const,
  groupPayments: (id: string) => ['admin-catalog', 'group-payments', id] as const,
  groupArrears: (id: string, page: number) => ['admin-catalog', 'group-arrears', id, page] as const,
  bankAccounts: (filter: { search: string; status: BankStatusFilter }) => ['admin-catalog', 'bank-accounts', filter] as const,
  bankAccountsRoot: () => ['admin-catalog', 'bank-accounts'] as const,
};

const optionalText = (value: string) => (value.trim() ? value.trim() : undefined);

export const catalogApi = {
  listPlans: (signal?: AbortSignal) =>
    api
      .get<z.output<typeof planListAnswer>>('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })
      .then((r) => r.data.plans),
  createPlan: (body: PlanBody) => api.post<z.output<typeof planAnswer>>('/committee-plans', body, { retries: 0 }),
  updatePlan: (id: string, body: PlanBody) => api.put<z.output<typeof planAnswer>>(`/committee-plans/${encodeURIComponent(id)}`, body),
  setPlanActive: (id: string, isActive: boolean) =>
    api.put<z.output<typeof planAnswer>>(`/committee-plans/${encodeURIComponent(id)}/${isActive ? 'activate' : 'deactivate'}`),
  deletePlan: (id: string) => api.delete<z.output<typeof messageAnswer>>(`/committee-plans/${encodeURIComponent(id)}`, { retries: 0 }),

  listGroups: (filter: { search: string; status: GroupStatusFilter }, signal?: AbortSignal) =>
    api
      .get<z.output<typeof groupListAnswer>>(
        '/admin/groups/all',
        { limit: GROUPS_LIST_LIMIT, search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.groups),
  listPlanGroups: (planId: string, signal?: AbortSignal) =>
    api.get<z.output<typeof groupListAnswer>>(`/admin/groups/plan/${encodeURIComponent(planId)}`, undefined, { signal }).then((r) => r.groups),
  groupDetails: (id: string, signal?: AbortSignal) =>
    api.get<z.output<typeof groupDetailsAnswer>>(`/admin/groups/${encodeURIComponent(id)}/details`, undefined, { signal }).then((r) => r.group),
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
  // A create is sent once only: a retried create could make two groups.
  createGroup: (body: GroupCreateBody) => api.post<z.output<typeof groupAnswer>>('/admin/groups/create', body, { retries: 0 }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<z.output<typeof groupAnswer>>(`/admin/groups/${encodeURIComponent(id)}`, body),
  deleteGroup: (id: string) => api.delete<z.output<typeof messageAnswer>>(`/admin/groups/${encodeURIComponent(id)}`, { retries: 0 }),

  listBankAccounts: (filter: { search: string; status: BankStatusFilter }, signal?: AbortSignal) =>
    api
      .get<z.output<typeof bankAccountListAnswer>>(
        '/bank-accounts',
        { search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.data.bankAccounts),
  createBankAccount: (body: BankAccountBody) => api.post<z.output<typeof bankAccountAnswer>>('/bank-accounts', body, { retries: 0 }),
  updateBankAccount: (id: string, body: BankAccountBody) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}`, body),
  // Toggling twice would undo itself: never retried.
  toggleBankAccount: (id: string) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}/toggle-status`, undefined, { retries: 0 }),
  setDefaultBankAccount: (id: string) =>
    api.put<z.output<typeof bankAccountAnswer>>(`/bank-accounts/${encodeURIComponent(id)}/set-default`, undefined, { retries: 0 }),
  deleteBankAccount: (id: string) => api.delete<z.output<typeof bankAccountDeletedAnswer>>(`/bank-accounts/${encodeURIComponent(id)}`, { retries: 0 }),
};
