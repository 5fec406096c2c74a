/**
 * Shared by the owed-figures journeys (RULES §6a): a plan whose group started months ago, set up by the
 * admin through the API, and the dates and amounts the pages are checked against, worked out here from
 * today's date alone rather than taken from the app.
 */
import { BUSINESS_TIME_ZONE } from '../../contract/business-time.ts';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import type { Period } from './instalments.ts';
import { newBankAccount, newPlan, type BankAccountInput, type PlanInput } from './plans.ts';

export const GRACE_DAY = 10;
export const DURATION = 6;
export const MONTHLY = 25_000;
export const GROUP_NUMBER = 'A1';
export const DAY_MS = 86_400_000;

/** 'PKR 75,000', written out here rather than taken from the app. */
export const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;
export const instalments = (count: number) => `${count} ${count === 1 ? 'instalment' : 'instalments'}`;

/** Today in Karachi as a UTC midnight, so days can be counted between plain dates. */
export function karachiToday(now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const read = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return new Date(Date.UTC(read('year'), read('month') - 1, read('day')));
}

export const firstOf = (period: Period) => new Date(Date.UTC(period.year, period.month - 1, 1));
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export interface AdminApi {
  post: <T>(path: string, body: unknown) => Promise<T>;
  put: <T>(path: string, body: unknown) => Promise<T>;
  get: <T>(path: string) => Promise<T>;
}

export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const read = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    post: async (path, body) => read(await request.post(path, { headers, data: body })),
    put: async (path, body) => read(await request.put(path, { headers, data: body })),
    get: async (path) => read(await request.get(path, { headers })),
  };
}

/** Creates the plan through the API and returns its id. */
export async function createPlan(admin: AdminApi, plan: PlanInput): Promise<string> {
  const created = await admin.post<{ data: { plan: { id: string } } }>('/api/committee-plans', {
    name: plan.name,
    packageType: plan.packageType,
    monthlyAmount: plan.monthlyAmount,
    duration: plan.duration,
    totalAmount: plan.monthlyAmount * plan.duration,
    maxMembers: plan.maxMembers,
    benefits: [plan.benefit],
  });
  return created.data.plan.id;
}

/** Group A1 of a plan, starting on `start` (a date in the past makes months already due). */
export async function createGroup(admin: AdminApi, plan: PlanInput, planId: string, start: string): Promise<string> {
  const group = await admin.post<{ data: { group: { id: string; startDate: string } } }>('/api/admin/groups/create', {
    planId,
    groupName: `${plan.name} - Group ${GROUP_NUMBER}`,
    groupNumber: GROUP_NUMBER,
    maxMembers: plan.maxMembers,
    startDate: start,
    isActive: true,
  });
  expect(group.data.group.startDate).toBe(start);
  return group.data.group.id;
}

/** A plan of six months, a bank account, and group A1 that started on `start`. */
export async function planWithOldGroup(admin: AdminApi, label: string, start: string) {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const account: BankAccountInput = newBankAccount(label);
  const planId = await createPlan(admin, plan);
  await admin.post('/api/bank-accounts', { ...account, isActive: true });
  const groupId = await createGroup(admin, plan, planId, start);
  return { plan, planId, account, groupId };
}

/** The admin approves the member's plan request into the group (Plan Requests → Approve, by the API). */
export async function approveIntoGroup(admin: AdminApi, planId: string, groupId: string) {
  const list = await admin.get<{ data: { payments: { id: string }[] } }>(`/api/plan-payments?planId=${planId}&status=PENDING`);
  expect(list.data.payments).toHaveLength(1);
  await admin.put(`/api/plan-payments/${list.data.payments[0].id}/approve`, { groupId });
}
