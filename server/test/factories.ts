/**
 * The records most server tests start from, made the way an admin and a member make them: through the
 * API, so that every row a test reads was written by the product's own rules. One place for them, so a
 * change to a route's body is made once, not in every test file.
 *
 *   const make = testFactories(ctx, admin);
 *   const plan = await make.plan({ duration: 4 });
 *   const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
 */
import { expect } from 'vitest';
import { client, multipartBody, sampleFiles, signUpMember, type TestContext } from './test-app.ts';

type Admin = { token: string };
type Member = Awaited<ReturnType<typeof signUpMember>>;
type Receipt = { name: string; type: string; data: Buffer };

/** The receipt a member uploads unless a test names another: the smallest valid PNG. */
const PNG_RECEIPT: Receipt = { name: 'receipt.png', type: 'image/png', data: sampleFiles.png };

export type PlanMade = { id: string; name: string; monthlyAmount: number; duration: number; totalAmount: number };

let made = 0;

export function testFactories(ctx: TestContext, admin: Admin) {
  const api = client(ctx);
  let bankAccountId: string | undefined;

  /** Sends a multipart form as the member's browser does. */
  async function postForm(url: string, token: string, fields: Record<string, string>, receipt: Receipt | null) {
    const form = multipartBody(fields, receipt ?? undefined);
    const res = await ctx.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  }

  const make = {
    /** The bank account members pay into (HBL 0123456789, the default one): made once per file, on first use. */
    async bankAccount(): Promise<string> {
      if (bankAccountId) return bankAccountId;
      const account = { accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true };
      const res = await api.post('/api/bank-accounts', account, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      bankAccountId = res.body.bankAccount.id as string;
      return bankAccountId;
    },

    /** An active plan of PKR 5,000 a month for three months, unless overridden; the total follows the months and amount. */
    async plan(overrides: Record<string, unknown> = {}): Promise<PlanMade> {
      made++;
      const monthlyAmount = (overrides.monthlyAmount as number | undefined) ?? 5000;
      const duration = (overrides.duration as number | undefined) ?? 3;
      const body = { name: `Plan ${made}`, monthlyAmount, duration, totalAmount: monthlyAmount * duration, maxMembers: 10, ...overrides };
      const res = await api.post('/api/committee-plans', body, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.plan as PlanMade;
    },

    /** A group of the plan, starting on the date given (January 2026 unless told). */
    async group(planId: string, overrides: Record<string, unknown> = {}): Promise<string> {
      made++;
      const body = { planId, groupName: `Group ${made}`, maxMembers: 10, startDate: '2026-01-01', ...overrides };
      const res = await api.post('/api/admin/groups/create', body, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.group.id as string;
    },

    /** The member's request to buy the plan, with its first month's amount and a receipt; answers the request's id. */
    async subscribe(token: string, planId: string, fields: Record<string, string> = {}, receipt: Receipt | null = PNG_RECEIPT): Promise<string> {
      const res = await postForm('/api/payments/subscribe', token, { planId, amount: '5000', bankAccountId: await make.bankAccount(), ...fields }, receipt);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.payment.id as string;
    },

    /** The member's receipt for one month of their group; answers the instalment's id. */
    async payInstalment(token: string, groupId: string, month: number, year = 2026, receipt: Receipt = PNG_RECEIPT): Promise<string> {
      const fields = { groupId, amount: '5000', month: String(month), year: String(year), bankAccountId: await make.bankAccount() };
      const res = await postForm('/api/payments', token, fields, receipt);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.payment.id as string;
    },

    /**
     * A new member who bought a new plan and was approved into a new group of it: the plan's overrides
     * and the group's start date (January 2026 unless told) as given.
     */
    async memberInGroup(options: { plan?: Record<string, unknown>; startDate?: string; member?: Member } = {}) {
      const plan = await make.plan(options.plan);
      const groupId = await make.group(plan.id, options.startDate ? { startDate: options.startDate } : {});
      const member = options.member ?? (await signUpMember(ctx));
      const subscriptionId = await make.subscribe(member.token, plan.id, { amount: String(plan.monthlyAmount) });
      const approved = await api.put(`/api/plan-payments/${subscriptionId}/approve`, { groupId }, admin.token);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      return { member, plan, groupId, subscriptionId };
    },
  };
  return make;
}
