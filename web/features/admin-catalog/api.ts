/** Calls of the plans, groups and bank accounts screens (admin document §7), with their answer shapes. */
import type { GroupArrears, InstalmentFigures, InstalmentState } from '../../../contract/figures.ts';
import type { BankAccountBody, GroupCreateBody, GroupUpdateBody, PlanBody } from '../../../contract/plans.ts';
import { api } from '../../lib/api-client.ts';
import { GROUPS_LIST_LIMIT } from './catalog-rules.ts';

export interface Plan {
  id: string;
  name: string;
  description: string;
  packageType: string;
  monthlyAmount: number;
  totalAmount: number;
  duration: number;
  maxMembers: number;
  benefits: string[];
  isActive: boolean;
  createdAt: string;
  creator: { name: string } | null;
  groupCount: number;
  currentMembers: number;
}

export interface Group {
  id: string;
  planId: string;
  plan: { id: string; name: string; monthlyAmount: number; totalAmount: number; duration: number };
  groupNumber: string;
  groupName: string;
  maxMembers: number;
  currentMembers: number;
  startDate: string;
  endDate: string;
  isActive: boolean;
  createdAt: string;
  /**
   * Instalment counts in the words of RULES §6a: pending is under review or owed (never a future month),
   * this month's remaining is this month's pending.
   */
  summary: { totalPending: number; totalPaid: number; thisMonthPaid: number; thisMonthRemaining: number };
}

export interface GroupMember {
  id: string;
  userId: string;
  memberNumber: number;
  status: string;
  joinedAt: string;
  user: { name: string; email: string; phone: string | null };
}

export interface GroupPaymentRow {
  id: string;
  user: { name: string };
  month: number;
  year: number;
  paymentMethod: string;
  amount: number;
  status: string;
  /** The instalment's state today (RULES §6a); absent from older answers. */
  state?: InstalmentState | null;
  paymentDate: string | null;
}

/**
 * A group's statistics (RULES §6a): total = paid + pending; pending = under review + owed; overdue = owed
 * after the grace day; totalRevenue = collected; expectedRevenue = money due so far; collectionRate =
 * paid ÷ due so far, in whole percent. `figures` has them all.
 */
export interface GroupStats {
  totalPayments: number;
  paidPayments: number;
  pendingPayments: number;
  overduePayments: number;
  totalRevenue: number;
  expectedRevenue: number;
  collectionRate: number;
  currentMonth: { paid: number; pending: number; overdue: number };
  figures?: InstalmentFigures;
}

export interface GroupDetails extends Group {
  members: GroupMember[];
  payments: GroupPaymentRow[];
  stats: GroupStats;
}

export interface BankAccount {
  id: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  accountType: string;
  branchCode: string | null;
  branchName: string | null;
  iban: string | null;
  swiftCode: string | null;
  isActive: boolean;
  isDefault: boolean;
  createdAt: string;
  _count: { payments: number };
}

export type GroupStatusFilter = 'all' | 'active' | 'inactive';
export type BankStatusFilter = 'all' | 'active' | 'inactive' | 'default';

interface Message {
  success: true;
  message?: string;
}

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
  groupArrears: (id: string) => ['admin-catalog', 'group-arrears', id] as const,
  bankAccounts: (filter: { search: string; status: BankStatusFilter }) => ['admin-catalog', 'bank-accounts', filter] as const,
  bankAccountsRoot: () => ['admin-catalog', 'bank-accounts'] as const,
};

const optionalText = (value: string) => (value.trim() ? value.trim() : undefined);

export const catalogApi = {
  listPlans: (signal?: AbortSignal) =>
    api
      .get<{ success: true; data: { plans: Plan[] } }>('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })
      .then((r) => r.data.plans),
  createPlan: (body: PlanBody) => api.post<Message & { plan: Plan }>('/committee-plans', body, { retries: 0 }),
  updatePlan: (id: string, body: PlanBody) => api.put<Message & { plan: Plan }>(`/committee-plans/${encodeURIComponent(id)}`, body),
  setPlanActive: (id: string, isActive: boolean) =>
    api.put<Message & { plan: Plan }>(`/committee-plans/${encodeURIComponent(id)}/${isActive ? 'activate' : 'deactivate'}`),
  deletePlan: (id: string) => api.delete<Message>(`/committee-plans/${encodeURIComponent(id)}`, { retries: 0 }),

  listGroups: (filter: { search: string; status: GroupStatusFilter }, signal?: AbortSignal) =>
    api
      .get<{ success: true; groups: Group[] }>(
        '/admin/groups/all',
        { limit: GROUPS_LIST_LIMIT, search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.groups),
  listPlanGroups: (planId: string, signal?: AbortSignal) =>
    api.get<{ success: true; groups: Group[] }>(`/admin/groups/plan/${encodeURIComponent(planId)}`, undefined, { signal }).then((r) => r.groups),
  groupDetails: (id: string, signal?: AbortSignal) =>
    api.get<{ success: true; group: GroupDetails }>(`/admin/groups/${encodeURIComponent(id)}/details`, undefined, { signal }).then((r) => r.group),
  /** GET /api/admin/groups/{id}/arrears (RULES §6a): members down, months across, with the totals. */
  groupArrears: (id: string, signal?: AbortSignal) =>
    api.get<{ success: true; data: GroupArrears }>(`/admin/groups/${encodeURIComponent(id)}/arrears`, undefined, { signal }).then((r) => {
      if (!r?.data?.group || !Array.isArray(r.data.members) || !Array.isArray(r.data.months)) throw new Error('Invalid arrears answer');
      return r.data;
    }),
  // A create is sent once only: a retried create could make two groups.
  createGroup: (body: GroupCreateBody) => api.post<Message & { group: Group }>('/admin/groups/create', body, { retries: 0 }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<Message & { group: Group }>(`/admin/groups/${encodeURIComponent(id)}`, body),
  deleteGroup: (id: string) => api.delete<Message>(`/admin/groups/${encodeURIComponent(id)}`, { retries: 0 }),

  listBankAccounts: (filter: { search: string; status: BankStatusFilter }, signal?: AbortSignal) =>
    api
      .get<{ success: true; data: { bankAccounts: BankAccount[] } }>(
        '/bank-accounts',
        { search: optionalText(filter.search), status: filter.status === 'all' ? undefined : filter.status },
        { signal },
      )
      .then((r) => r.data.bankAccounts),
  createBankAccount: (body: BankAccountBody) => api.post<Message & { bankAccount: BankAccount }>('/bank-accounts', body, { retries: 0 }),
  updateBankAccount: (id: string, body: BankAccountBody) =>
    api.put<Message & { bankAccount: BankAccount }>(`/bank-accounts/${encodeURIComponent(id)}`, body),
  // Toggling twice would undo itself: never retried.
  toggleBankAccount: (id: string) =>
    api.put<Message & { bankAccount: BankAccount }>(`/bank-accounts/${encodeURIComponent(id)}/toggle-status`, undefined, { retries: 0 }),
  setDefaultBankAccount: (id: string) =>
    api.put<Message & { bankAccount: BankAccount }>(`/bank-accounts/${encodeURIComponent(id)}/set-default`, undefined, { retries: 0 }),
  deleteBankAccount: (id: string) => api.delete<Message>(`/bank-accounts/${encodeURIComponent(id)}`, { retries: 0 }),
};
