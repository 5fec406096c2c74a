/**
 * More of the operator's screens answering their question, at a phone's and a desktop's width:
 * approving a plan request is one group choice, and a group that started months ago says how many past
 * months the member will owe at once and how much; paying a member's commissions of a month is one
 * confirmation for all of them. Plans, groups, members and their requests are set up through the API;
 * the figures the pages are checked against are worked out here from today's date and the rules.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, createGroup, createPlan, firstOf, GROUP_NUMBER, isoDate, pkr, type AdminApi } from './support/owed.ts';
import { karachiPeriod, openAdminPayments, openAdminPaymentsTab } from './support/instalments.ts';
import { newBankAccount, newPlan, openAdminPage, planRequestItem, RECEIPT_PNG, signInAsAdmin, type PlanInput } from './support/plans.ts';
import { newMember, type Member } from './support/journeys.ts';
import { waitForLink } from './support/mailbox.ts';
import { verifiedMember, widths } from './support/operator.ts';

/** A bank account members pay into, with its id. */
async function bankAccount(admin: AdminApi, label: string): Promise<string> {
  const created = await admin.post<{ bankAccount: { id: string } }>('/api/bank-accounts', { ...newBankAccount(label), isActive: true });
  return created.bankAccount.id;
}

async function tokenOf(request: APIRequestContext, member: Member): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The member sends a plan request with a receipt (POST /api/payments/subscribe), as the subscribe page does. */
async function requestPlan(request: APIRequestContext, member: Member, plan: PlanInput, planId: string, accountId: string): Promise<void> {
  const sent = await request.post('/api/payments/subscribe', {
    headers: { Authorization: `Bearer ${await tokenOf(request, member)}` },
    multipart: { planId, amount: String(plan.monthlyAmount), bankAccountId: accountId, description: `Subscription payment for ${plan.name}`, receipt: RECEIPT_PNG },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** A member registered with a referral code and verified through the emailed link. */
async function referredMember(page: Page, label: string, referralCode: string): Promise<Member> {
  const member = newMember(label);
  const registered = await page.request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password, referralCode } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(await waitForLink(member.email, '/verify-email')).searchParams.get('token') ?? '';
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  return member;
}

/** The one pending plan request of the plan, approved by the admin into the group through the API. */
async function approveThroughApi(admin: AdminApi, planId: string, groupId: string): Promise<void> {
  const list = await admin.get<{ data: { payments: { id: string }[] } }>(`/api/plan-payments?planId=${planId}&status=PENDING`);
  expect(list.data.payments).toHaveLength(1);
  await admin.put(`/api/plan-payments/${list.data.payments[0].id}/approve`, { groupId });
}

/** One commission: payment × rate, held between the rules' minimum and maximum (RULES §8), worked out here. */
function commissionOf(payment: number, rules: { level1Rate: number; minimumCommission: number; maximumCommission: number }): number {
  const raw = Math.round(payment * rules.level1Rate * 100) / 100;
  return Math.min(Math.max(raw, rules.minimumCommission), rules.maximumCommission);
}

for (const width of widths) {
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test('approving a request is one group choice, and a group that started months ago says what the member owes at once', async ({ page }) => {
      const admin = await adminApi(page.request);
      // A six-month plan whose group A1 started three months ago: the first month is settled by the
      // request itself; the three after it (up to this one) are owed at once.
      const monthsAgo = 3;
      const plan: PlanInput = { ...newPlan(`owe-join-${width.name}`), duration: 6, monthlyAmount: 25_000, maxMembers: 5 };
      const planId = await createPlan(admin, plan);
      const accountId = await bankAccount(admin, `owe-join-${width.name}`);
      const start = karachiPeriod(-monthsAgo);
      const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(start)));
      const member = await verifiedMember(page, admin, `owejoin-${width.name}`);
      await requestPlan(page.request, member, plan, planId, accountId);

      await page.goto('/login');
      await signInAsAdmin(page);
      await openAdminPage(page, 'Plan Requests', /\/admin\/plan-requests$/);
      await planRequestItem(page, plan.name, member.name).getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Payment Request' });
      await expect(dialog).toBeVisible();

      // One choice: the plan's groups with their members and free places, and no number to agree with it.
      const group = dialog.getByLabel('Committee group', { exact: true });
      await expect(group.getByRole('option')).toHaveText(['Select a group', `Group ${GROUP_NUMBER}: 0 of 5 members, 5 free`]);
      await expect(dialog.getByLabel('Committee group number', { exact: true })).toHaveCount(0);
      await group.selectOption({ label: `Group ${GROUP_NUMBER}: 0 of 5 members, 5 free` });
      await expect(dialog.getByRole('status')).toHaveText(
        `Group ${GROUP_NUMBER} started in ${start.label}: ${member.name} will owe ${monthsAgo} past months at once, ${pkr(monthsAgo * plan.monthlyAmount)}.`,
      );

      await dialog.getByRole('button', { name: 'Approve & Assign' }).click();
      await expect(page.getByText(`Payment approved and user assigned to committee group ${GROUP_NUMBER} successfully`).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      const waiting = await admin.get<{ data: { payments: unknown[] } }>(`/api/plan-payments?planId=${planId}&status=PENDING`);
      expect(waiting.data.payments).toHaveLength(0);
      const groups = await admin.get<{ data: { groups: { id: string; currentMembers: number }[] } }>(`/api/admin/groups/plan/${planId}`);
      expect(groups.data.groups.find((g) => g.id === groupId)?.currentMembers).toBe(1);
    });

    test("one confirmation pays all of a member's commissions of the month", async ({ page }) => {
      const admin = await adminApi(page.request);
      const plan: PlanInput = { ...newPlan(`member-pay-${width.name}`), duration: 6, monthlyAmount: 5_000 };
      const planId = await createPlan(admin, plan);
      const accountId = await bankAccount(admin, `member-pay-${width.name}`);
      const period = karachiPeriod(0);
      const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(period)));

      // A referrer whose two referred members' purchases are approved this month: two commissions for them.
      const referrer = await verifiedMember(page, admin, `payee-${width.name}`);
      const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${await tokenOf(page.request, referrer)}` } });
      const referralCode = ((await me.json()) as { user: { referralCode: string } }).user.referralCode;
      for (const label of ['first', 'second']) {
        const referred = await referredMember(page, `ref-${label}-${width.name}`, referralCode);
        await requestPlan(page.request, referred, plan, planId, accountId);
        await approveThroughApi(admin, planId, groupId);
      }
      const rules = await admin.get<{ data: { rules: { level1Rate: number; minimumCommission: number; maximumCommission: number } } }>('/api/referrals/commission-rules');
      const total = 2 * commissionOf(plan.monthlyAmount, rules.data.rules);

      await page.goto('/login');
      await signInAsAdmin(page);
      await openAdminPayments(page);
      await openAdminPaymentsTab(page, 'Commission Payments');
      const byMember = page.getByRole('list', { name: `Pending commissions of ${period.label} by member` });
      const item = byMember.getByRole('listitem').filter({ hasText: referrer.email });
      await expect(item).toContainText('2 pending commissions');
      await expect(item).toContainText(pkr(total));

      await item.getByRole('button', { name: `Pay ${referrer.name}'s commissions`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Pay ${referrer.name}'s commissions` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(referrer.email);
      await expect(dialog).toContainText(period.label);
      await expect(dialog.locator('dt', { hasText: /^Commissions$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('2');
      await expect(dialog).toContainText(pkr(total));
      await expect(dialog.getByLabel('Payment method')).toHaveValue('BANK_TRANSFER');
      const transactionId = `TX-${width.name}-${Date.now()}`;
      await dialog.getByLabel(/^Transaction ID/).fill(transactionId);
      await dialog.getByRole('button', { name: 'Process Payment', exact: true }).click();

      // One confirmation, and both are paid: the toast names their total, the member leaves the list.
      await expect(page.getByText(`Commission payments processed successfully! Total: ${pkr(total)}`, { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('listitem').filter({ hasText: referrer.email })).toHaveCount(0);
      const theirs = await page.request.get('/api/referrals/commission-payments', { headers: { Authorization: `Bearer ${await tokenOf(page.request, referrer)}` } });
      const payments = ((await theirs.json()) as { data: { commissionPayments: { amount: number; transactionId: string | null }[] } }).data.commissionPayments;
      expect(payments.map((p) => p.transactionId)).toEqual([transactionId, transactionId]);
      expect(payments.reduce((sum, p) => sum + p.amount, 0)).toBe(total);
    });
  });
}
