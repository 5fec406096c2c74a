/**
 * Data for the accessibility pass (e2e/accessibility.spec.ts), made through the API so that every page
 * has something to show: a plan whose group started three months ago (owed and overdue months, a
 * scheduled one), a member in it who referred a second member, a monthly receipt waiting for review,
 * the referred member's approved purchase (a commission), a pending purchase of another plan, a winner,
 * and next month's draw: one committed and voided with a reason, and one committed after it (the group's
 * draw record, published at a link).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { karachiPeriod } from './instalments.ts';
import { newMember, type Member } from './journeys.ts';
import { waitForLink } from './mailbox.ts';
import { DURATION, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, type AdminApi } from './owed.ts';
import { newBankAccount, newPlan, RECEIPT_PNG, type PlanInput } from './plans.ts';

export interface SeededMember extends Member {
  id: string;
}

export interface AccessibilitySeed {
  plan: PlanInput;
  planId: string;
  groupId: string;
  groupNumber: string;
  /** In the group; referred `referred`; sent a monthly receipt now under review. */
  member: SeededMember;
  referred: SeededMember;
  /** The monthly payment under review (admin payment detail). */
  instalmentId: string;
  /** The group's published draw record: '/draws/{token}'. */
  drawRecordPath: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Registers, verifies through the emailed link and signs in; returns the member and their session token. */
export async function memberThroughApi(request: APIRequestContext, label: string, referralCode?: string): Promise<{ member: SeededMember; token: string; referralCode: string }> {
  const member = newMember(label);
  await ok(await request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password, ...(referralCode ? { referralCode } : {}) } }));
  const token = new URL(await waitForLink(member.email, '/verify-email')).searchParams.get('token') ?? '';
  await ok(await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`));
  const login = await ok<{ token: string; user: { id: string; referralCode: string } }>(
    await request.post('/api/auth/login', { data: { email: member.email, password: member.password } }),
  );
  return { member: { ...member, id: login.user.id }, token: login.token, referralCode: login.user.referralCode };
}

export async function subscribe(request: APIRequestContext, token: string, planId: string, bankAccountId: string): Promise<void> {
  await ok(
    await request.post('/api/payments/subscribe', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { planId, amount: String(MONTHLY), bankAccountId, receipt: RECEIPT_PNG },
    }),
  );
}

export async function planAndAccount(admin: AdminApi, label: string): Promise<{ plan: PlanInput; planId: string; bankAccountId: string }> {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const planId = await createPlan(admin, plan);
  const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount(label), isActive: true });
  return { plan, planId, bankAccountId: account.data.bankAccount.id };
}

export async function seedAccessibilityData(request: APIRequestContext): Promise<AccessibilitySeed> {
  const admin = await adminApi(request);
  const start = isoDate(firstOf(karachiPeriod(-3)));
  const { plan, planId, bankAccountId } = await planAndAccount(admin, 'a11y');
  const groupId = await createGroup(admin, plan, planId, start);

  const referrer = await memberThroughApi(request, 'a11y-member');
  const referred = await memberThroughApi(request, 'a11y-referred', referrer.referralCode);

  // Both buy the plan and join the group; the referred member's purchase earns the referrer a commission.
  await subscribe(request, referrer.token, planId, bankAccountId);
  await approveIntoGroup(admin, planId, groupId);
  await subscribe(request, referred.token, planId, bankAccountId);
  await approveIntoGroup(admin, planId, groupId);

  // A second plan's purchase stays pending, so Plan Requests has a request to approve or reject.
  const other = await planAndAccount(admin, 'a11y-other');
  await subscribe(request, referred.token, other.planId, other.bankAccountId);

  // The receipt of the month after the first, waiting for review.
  const owed = karachiPeriod(-2);
  const instalment = await ok<{ payment: { id: string } }>(
    await request.post('/api/payments', {
      headers: { Authorization: `Bearer ${referrer.token}` },
      multipart: { groupId, amount: String(MONTHLY), month: String(owed.month), year: String(owed.year), bankAccountId, receipt: RECEIPT_PNG },
    }),
  );

  const now = karachiPeriod(0);
  await admin.post('/api/winners/select-specific', { committeeId: planId, groupNumber: GROUP_NUMBER, month: now.month, year: now.year, paymentType: 'UMRAH', userId: referred.member.id });

  // Last, as nothing that changes who may win can be done while a draw is committed.
  const next = karachiPeriod(1);
  const draw = `/api/winners/draws/${planId}/${GROUP_NUMBER}`;
  await admin.post(`${draw}/commit`, { month: next.month, year: next.year });
  await admin.post(`${draw}/void`, { month: next.month, year: next.year, reason: 'Committed before the last receipt was reviewed' });
  await admin.post(`${draw}/commit`, { month: next.month, year: next.year });
  const link = await admin.post<{ data: { link: { url: string } } }>(`/api/admin/groups/${groupId}/draw-record-link`, undefined);

  return {
    plan,
    planId,
    groupId,
    groupNumber: GROUP_NUMBER,
    member: referrer.member,
    referred: referred.member,
    instalmentId: instalment.payment.id,
    drawRecordPath: new URL(link.data.link.url).pathname,
  };
}
