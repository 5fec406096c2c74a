/** Test helpers of the admin's plans, groups and bank accounts screens: a page with its providers, and fixed plans, groups and bank accounts. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import type { z } from 'zod';
import type { plan } from '../../contract/plans.ts';
import { groupAnswer, groupDetailsAnswer, groupListAnswer, planGroupListAnswer, type group } from '../../contract/groups.ts';
import type { bankAccount } from '../../contract/bank-accounts.ts';
import { answerAs } from './api-stub.ts';
import { makeFigures } from './figure-fixtures.ts';
import { createQueryClient } from './query-client.ts';

type Plan = z.output<typeof plan>;
type Group = z.output<typeof group>;
type BankAccount = z.output<typeof bankAccount>;

/** The group cards and dialogs link to other pages: a memory router gives the links somewhere to point. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-1',
    name: 'Umrah Economy',
    description: 'Fifteen days in Makkah and Madinah',
    packageType: 'economy',
    monthlyAmount: 5000,
    totalAmount: 150000,
    duration: 30,
    maxMembers: 200,
    benefits: ['Return air ticket'],
    isActive: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    creator: { name: 'Admin' },
    groupCount: 0,
    currentMembers: 0,
    ...overrides,
  };
}

/** The plans' answers are written once, with the member's plans (plan-fixtures.ts). */
export { planAnswerOf, planListAnswerOf } from './plan-fixtures.ts';

export function makeGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 'group-1',
    planId: 'plan-1',
    plan: { id: 'plan-1', name: 'Umrah Economy', monthlyAmount: 5000, totalAmount: 150000, duration: 30 },
    groupNumber: '1',
    groupName: 'Umrah Economy - Group 1',
    maxMembers: 20,
    currentMembers: 0,
    startDate: '2026-01-01',
    endDate: '2028-07-01',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    summary: { totalPending: 0, totalPaid: 0, thisMonthPaid: 0, thisMonthRemaining: 0 },
    ...overrides,
  };
}

export function makeBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: 'bank-1',
    accountName: 'Umrah Committee Collections',
    accountNumber: '0123-4567890123',
    bankName: 'HBL',
    accountType: 'Current',
    branchCode: '0123',
    branchName: 'Blue Area',
    iban: 'PK36SCBL0000001123456702',
    swiftCode: null,
    isActive: true,
    isDefault: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    _count: { payments: 0 },
    ...overrides,
  };
}

/** The groups screens' answers as the server writes them, each checked against its contract schema. */
export const groupListAnswerOf = (groups: Group[]) =>
  answerAs(groupListAnswer, { success: true, groups, data: { pagination: { page: 1, limit: 50, total: groups.length, pages: 1, exact: true } } });
/** A plan's groups as the approval reads them; a group nobody joining would owe anything unless said. */
export const planGroupsAnswerOf = (groups: (Group & { owedOnJoining?: { count: number; amount: number } })[]) =>
  answerAs(planGroupListAnswer, {
    success: true,
    data: { groups: groups.map((g) => ({ owedOnJoining: { count: 0, amount: 0 }, ...g })), pagination: { page: 1, limit: 100, total: groups.length, pages: 1, exact: true } },
  });
type GroupDetailsInput = z.input<typeof groupDetailsAnswer>['group'];
type LooseDetails = Omit<GroupDetailsInput, 'payments' | 'stats'> & {
  payments: (Omit<GroupDetailsInput['payments'][number], 'state'> & { state?: GroupDetailsInput['payments'][number]['state'] })[];
  stats: Omit<GroupDetailsInput['stats'], 'figures'> & { figures?: GroupDetailsInput['stats']['figures'] };
};
/** A group's details; a test that does not look at them gets zero figures, and each instalment the state its status says. */
export const groupDetailsAnswerOf = (group: LooseDetails) =>
  answerAs(groupDetailsAnswer, {
    success: true,
    group: {
      ...group,
      payments: group.payments.map((p) => ({ state: p.status === 'PAID' ? ('PAID' as const) : ('OWED' as const), ...p })),
      stats: { figures: makeFigures(), ...group.stats },
    },
  });
export const groupAnswerOf = (group: Group, message: string, status = 200) => answerAs(groupAnswer, { success: true, code: 'ok', message, group, data: { group } }, status);
