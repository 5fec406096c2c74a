/**
 * Data for the paging journeys, made through the real API: members registered as anyone registers,
 * and a plan whose group the admin fills with them (POST /api/committee-plans/{id}/add-user), so that
 * lists run to more than one page.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { karachiPeriod } from './instalments.ts';
import type { z } from 'zod';
import type { userListAnswer } from '../../contract/users.ts';
import { createPlan, firstOf, isoDate, type AdminApi } from './owed.ts';
import { newPlan } from './plans.ts';

/** A generated member as the users list shows them (contract/users.ts). */
export type SeededMember = Pick<z.output<typeof userListAnswer>['users'][number], 'id' | 'name' | 'email'>;

let sequence = 0;

/**
 * A word of letters only that no other test (or earlier run) uses: searching for it finds just the
 * members named with it (a search with digits in it would also match phone numbers).
 */
export function letterStamp(): string {
  sequence++;
  const digits = `${Date.now()}${process.pid}${sequence}`;
  return [...digits].map((digit) => 'abcdefghij'[Number(digit)]).join('');
}

/**
 * `count` members named '{label} {stamp} 01', '… 02', …, registered one after another through
 * POST /api/auth/register; their ids are read from the admin's users list.
 */
export async function registerMembers(request: APIRequestContext, admin: AdminApi, label: string, count: number): Promise<{ stamp: string; members: SeededMember[] }> {
  const stamp = letterStamp();
  for (let index = 1; index <= count; index++) {
    const number = String(index).padStart(2, '0');
    const response = await request.post('/api/auth/register', {
      data: { name: `${label} ${stamp} ${number}`, email: `paging-${stamp}-${number}@e2e.test`, password: `paging-pass-${number}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const listed = await admin.get<z.output<typeof userListAnswer>>(`/api/admin/users?search=${stamp}&limit=100`);
  expect(listed.users).toHaveLength(count);
  const members = listed.users.map(({ id, name, email }) => ({ id, name, email })).sort((a, b) => a.name.localeCompare(b.name));
  return { stamp, members };
}

/**
 * A plan of `duration` months and its group A1, which starts this month (Karachi); the admin adds every
 * member to it, which gives each of them one instalment a month.
 */
export async function groupWithMembers(admin: AdminApi, label: string, members: SeededMember[], duration: number) {
  const plan = { ...newPlan(label), maxMembers: members.length, duration };
  const planId = await createPlan(admin, plan);
  const groupTitle = `${plan.name} - Group A1`;
  const group = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
    planId,
    groupName: groupTitle,
    groupNumber: 'A1',
    maxMembers: plan.maxMembers,
    startDate: isoDate(firstOf(karachiPeriod(0))),
    isActive: true,
  });
  const groupId = group.data.group.id;
  for (const member of members) {
    await admin.post(`/api/committee-plans/${planId}/add-user`, { userId: member.id, groupId });
  }
  return { plan, planId, groupId, groupTitle };
}
