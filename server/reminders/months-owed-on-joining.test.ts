/**
 * A member approved into a group that started four months before (RULES §6a: its past months are owed
 * at once) is told in one notice, in the app and by email, how many months they owe, which, and their
 * sum; neither the overdue job nor the reminder job then sends a notice of its own for those months.
 * Months that come due later are reminded of as always, and the administrator's reminder of a month past
 * its grace day says "overdue", never "due". The expected figures are worked out here from the plan.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { markOverdueInstalments } from '../instalments/overdue-job.ts';
import { businessDayOf } from '../figures/figures.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { sendDueReminders } from './reminder-service.ts';

const { ctx, api } = await openTestFile();
const APP_URL = 'http://localhost:5173';
const MONTHLY = 5000;
const on = (date: string) => businessDayOf(new Date(`${date}T12:00:00+05:00`), 10);
type Member = Awaited<ReturnType<typeof signUpMember>>;

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let plan: { id: string };
let group: { id: string; groupNumber: string };

async function notices(member: Member) {
  const { rows } = await ctx.db.query<{ type: string; title: string; message: string; kind: string | null }>(
    `SELECT type, title, message, data->>'kind' AS kind FROM notifications WHERE user_id = $1 ORDER BY created_at, id`,
    [member.user.id],
  );
  return rows;
}
async function emails(member: Member) {
  const { rows } = await ctx.db.query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY created_at, id`, [member.email]);
  return rows;
}

/** A member who buys the plan (their request settles the group's first month) and is approved into the group. */
async function approvedMember(name: string, language: 'en' | 'ur' = 'en'): Promise<Member> {
  const member = await signUpMember(ctx, { name, language });
  const id = (await api.post('/api/plan-payments', { planId: plan.id, amount: MONTHLY }, member.token)).body.data.payment.id;
  await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token);
  expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
  return member;
}

beforeAll(async () => {
  // 5 May 2026: the group started on 1 January, four months before May.
  ctx.setNow('2026-05-05T12:00:00+05:00');
  admin = await signInAdmin(ctx);
  plan = (await api.post('/api/committee-plans', { name: 'Catch-up Plan', monthlyAmount: MONTHLY, duration: 10, totalAmount: MONTHLY * 10, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
});

describe('approved into a group that started four months ago', () => {
  it('the member is told once what they owe and why: how many months, which, their sum, and that they came due before joining', async () => {
    const aisha = await approvedMember('Aisha Khan');
    // January is settled by the request; February, March and April are past the grace day (the 10th);
    // May came due on the 1st. Four months, each of the plan's monthly amount.
    const owedMonths = ['February', 'March', 'April', 'May'];
    const sum = owedMonths.length * MONTHLY;
    const told = (await notices(aisha)).filter((n) => n.type === 'MONTHS_OWED_ON_JOINING');
    expect(told).toEqual([
      {
        type: 'MONTHS_OWED_ON_JOINING',
        title: 'Months owed from before you joined',
        message: `Catch-up Plan, Group ${group.groupNumber} started in January 2026. ${owedMonths.length} months (February 2026 to May 2026) came due before you joined: PKR ${sum.toLocaleString('en-US')} in all, owed now, 3 of them overdue. Please pay them from the Payments tab.`,
        kind: null,
      },
    ]);
    const mail = (await emails(aisha)).filter((e) => e.subject === 'Months owed from before you joined');
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain(told[0].message);
    expect(mail[0].text_body).toMatch(/\n\nOpen Umrah Committee: https?:\/\/\S+\/dashboard\?tab=payments\n/);

    // The jobs' next runs, that day and the next: the overdue job records the three overdue months as
    // always, but no overdue notice and no due reminder goes out for any of the four.
    expect(await markOverdueInstalments(ctx.db, on('2026-05-05'), APP_URL)).toBeGreaterThanOrEqual(3);
    await sendDueReminders(ctx.db, on('2026-05-05'), APP_URL);
    await sendDueReminders(ctx.db, on('2026-05-06'), APP_URL);
    expect((await notices(aisha)).map((n) => n.type).sort()).toEqual(['MONTHS_OWED_ON_JOINING', 'PLAN_REQUEST_APPROVED']);
    expect((await emails(aisha)).map((e) => e.subject).filter((s) => s.startsWith('Payment'))).toEqual([]);
    const { rows } = await ctx.db.query<{ month: number; status: string }>(
      `SELECT month, status FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month BETWEEN 2 AND 5 ORDER BY month`,
      [aisha.user.id],
    );
    expect(rows).toEqual([
      { month: 2, status: 'OVERDUE' },
      { month: 3, status: 'OVERDUE' },
      { month: 4, status: 'OVERDUE' },
      { month: 5, status: 'PENDING' },
    ]);

    // May, told of on joining, is announced once it passes the grace day: that is news the notice did not give.
    expect(await markOverdueInstalments(ctx.db, on('2026-05-11'), APP_URL)).toBeGreaterThanOrEqual(1);
    expect((await notices(aisha)).filter((n) => n.type === 'INSTALMENT_OVERDUE').map((n) => n.message)).toEqual(['Your payment for May 2026 is overdue. Please pay it as soon as you can.']);
    // June comes due after joining: reminded of as always.
    await sendDueReminders(ctx.db, on('2026-06-01'), APP_URL);
    expect((await notices(aisha)).filter((n) => n.kind === 'DUE').map((n) => n.message)).toEqual([
      'Your payment for June 2026 (PKR 5,000) is due now. Please pay it by the 10th so that it does not become overdue.',
    ]);
  });

  it('one month owed is told as that month; a group starting this month tells of nothing', async () => {
    const thisMonth = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'H', groupNumber: 'B1', maxMembers: 50, startDate: '2026-05-01' }, admin.token)).body.group;
    const member = await signUpMember(ctx, { name: 'Bilal Ahmed' });
    const id = (await api.post('/api/plan-payments', { planId: plan.id, amount: MONTHLY }, member.token)).body.data.payment.id;
    await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/2' }, member.token);
    expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId: thisMonth.id }, admin.token)).status).toBe(200);
    expect((await notices(member)).map((n) => n.type)).toEqual(['PLAN_REQUEST_APPROVED']);

    // Added by the administrator (no request settles a month) to a group that started last month.
    const lastMonth = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'I', groupNumber: 'C1', maxMembers: 50, startDate: '2026-04-01' }, admin.token)).body.group;
    const added = await signUpMember(ctx, { name: 'Sana Tariq' });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: added.user.id, groupId: lastMonth.id }, admin.token)).status).toBe(201);
    const told = (await notices(added)).filter((n) => n.type === 'MONTHS_OWED_ON_JOINING');
    expect(told.map((n) => n.message)).toEqual([
      `Catch-up Plan, Group C1 started in April 2026. 2 months (April 2026 to May 2026) came due before you joined: PKR ${(2 * MONTHLY).toLocaleString('en-US')} in all, owed now, 1 of them overdue. Please pay them from the Payments tab.`,
    ]);
  });

  it("the administrator's reminder of a month past its grace day says it is overdue, never due", async () => {
    ctx.setNow('2026-06-15T12:00:00+05:00');
    const sent = await api.post(`/api/admin/groups/${group.id}/reminders`, {}, admin.token);
    expect(sent.status).toBe(200);
    const { rows } = await ctx.db.query<{ message: string }>(
      `SELECT n.message FROM notifications n JOIN payments p ON p.id = (n.data->>'paymentId')::uuid
       WHERE n.type = 'PAYMENT_REMINDER' AND n.data->>'kind' = 'MANUAL' AND p.group_id = $1 ORDER BY p.month`,
      [group.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    // February to June: every one is past its grace day on 15 June.
    for (const { message } of rows) {
      expect(message).toMatch(/^A reminder from the committee: your payment for \w+ 2026 \(PKR 5,000\) is overdue\. Please pay it as soon as you can\.$/);
      expect(message).not.toMatch(/is due/);
    }
  });
});
