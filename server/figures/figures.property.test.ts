/**
 * Property: for random statuses, receipts under review and days, every figure on every endpoint that
 * tells one agrees with RULES §6a as the independent oracle computes it from the stored rows
 * (test/figures-oracle.ts). Members, plans and groups are made once through the API; each run sets the
 * instalments' status columns and the clock, then reads everything.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { oracleFigures, oracleState, rawInstalments, type RawInstalment } from '../test/figures-oracle.ts';
import { defaultersReport, paymentReportAnswer, pendingReport, summaryReport } from '../../contract/instalments.ts';
import { ok, openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
type Member = Awaited<ReturnType<typeof signUpMember>>;
const members: Member[] = [];
const groups: { id: string; planId: string; groupNumber: string }[] = [];
let instalmentIds: string[] = [];

async function join(member: Member, plan: { id: string; monthlyAmount: number }, groupId: string) {
  const request = await api.post('/api/plan-payments', { planId: plan.id, amount: plan.monthlyAmount }, member.token);
  const id = request.body.data.payment.id;
  await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r' }, member.token);
  const approved = await api.put(`/api/plan-payments/${id}/approve`, { groupId }, admin.token);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  // Two plans with amounts that need their paisa, two groups starting in different months.
  const specs = [
    { monthlyAmount: 2500.5, duration: 5, startDate: '2025-11-01' },
    { monthlyAmount: 7333.33, duration: 4, startDate: '2026-02-01' },
  ];
  const plans = [];
  for (const [i, s] of specs.entries()) {
    const plan = (await api.post('/api/committee-plans', { name: `Property ${i}`, monthlyAmount: s.monthlyAmount, duration: s.duration, totalAmount: Math.round(s.monthlyAmount * s.duration * 100) / 100, maxMembers: 20 }, admin.token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: `P${i}`, maxMembers: 20, startDate: s.startDate }, admin.token)).body.group;
    groups.push({ id: group.id, planId: plan.id, groupNumber: group.groupNumber });
    plans.push(plan);
  }
  for (const name of ['Amna', 'Babar', 'Chand', 'Danish']) members.push(await signUpMember(ctx, { name }));
  await join(members[0], plans[0], groups[0].id);
  await join(members[1], plans[0], groups[0].id);
  await join(members[1], plans[1], groups[1].id);
  await join(members[2], plans[1], groups[1].id);
  await join(members[3], plans[0], groups[0].id);
  instalmentIds = (await rawInstalments(ctx.db)).map((r) => r.id).sort();
});

const instalmentArb = fc.record({ status: fc.constantFrom('PENDING', 'PAID', 'REJECTED', 'OVERDUE'), underReview: fc.boolean() });
// Days from before the first group starts to after the last one ends.
const dayArb = fc.date({ min: new Date('2025-10-20T00:00:00Z'), max: new Date('2026-07-10T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** Each report's answer, as the report type asked for reads it (contract/instalments.ts). */
const reportAnswer = {
  summary: { answer: paymentReportAnswer.extend({ data: summaryReport }) },
  pending: { answer: paymentReportAnswer.extend({ data: pendingReport }) },
  defaulters: { answer: paymentReportAnswer.extend({ data: defaultersReport }) },
};

const sum = (list: number[]) => Math.round(list.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

describe('every figure on every endpoint agrees with RULES §6a', () => {
  it('for random schedules, statuses and days', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(instalmentArb, { minLength: 30, maxLength: 30 }), dayArb, async (states, today) => {
        // A paid instalment has no receipt waiting; any other may have one. No admin decided these
        // (reviewed_by is cleared), so the audit invariants ask for no audit rows.
        await ctx.db.query(
          `UPDATE payments p SET status = s.status, under_review = s.under_review AND s.status <> 'PAID', reviewed_by = NULL
           FROM unnest($1::uuid[], $2::text[], $3::bool[]) AS s(id, status, under_review) WHERE p.id = s.id`,
          [instalmentIds, instalmentIds.map((_, i) => states[i % states.length].status), instalmentIds.map((_, i) => states[i % states.length].underReview)],
        );
        ctx.setNow(`${today}T12:00:00+05:00`);
        const raw = await rawInstalments(ctx.db);
        const figures = (list: RawInstalment[]) => oracleFigures(list, today);
        const stateOf = new Map(raw.map((r) => [r.id, oracleState(r, today)]));

        // The admin's summary, whole and by group; the overview.
        expect(ok(await api.get('/api/payments/summary', admin.token)).data.figures).toEqual(figures(raw));
        const overview = ok(await api.get('/api/admin/dashboard/overview', admin.token)).overview;
        expect(overview.figures).toEqual(figures(raw));
        expect(overview.overdueMembers).toBe(new Set(raw.filter((r) => stateOf.get(r.id) === 'OVERDUE').map((r) => r.user_id)).size);
        expect(overview.pendingPayments).toBe(figures(raw).pending.count);

        for (const group of groups) {
          const inGroup = raw.filter((r) => r.group_id === group.id);
          expect(ok(await api.get(`/api/payments/summary?groupId=${group.id}`, admin.token)).data.figures).toEqual(figures(inGroup));
          const details = ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).group;
          expect(details.stats.figures).toEqual(figures(inGroup));
          expect(details.stats.collectionRate).toBe(figures(inGroup).collectionRate);
          expect(details.summary.totalPending).toBe(figures(inGroup).pending.count);
          expect(details.payments.map((p) => [p.id, p.state])).toEqual(details.payments.map((p) => [p.id, stateOf.get(p.id)]));

          // The grid a page of one member at a time: the cells by member and month, the totals the whole group's on every page.
          const byMemberAndMonth = new Map(inGroup.map((r) => [`${r.user_id} ${r.year}-${r.month}`, r]));
          const periods = [...new Set(inGroup.map((r) => r.year * 100 + r.month))].sort((a, b) => a - b);
          const gridMembers: string[] = [];
          for (let page = 1, pages = 1; page <= pages; page++) {
            const grid = ok(await api.get(`/api/admin/groups/${group.id}/arrears?page=${page}&limit=1`, admin.token)).data;
            pages = grid.pagination.pages;
            expect(grid.figures).toEqual(figures(inGroup));
            expect(grid.months.map((m) => m.year * 100 + m.month)).toEqual(periods);
            for (const month of grid.months) {
              const f = figures(inGroup.filter((r) => r.year === month.year && r.month === month.month));
              expect([month.due, month.collected, month.owed]).toEqual([f.dueSoFar.amount, f.collected, f.owed.amount]);
            }
            for (const m of grid.members) {
              gridMembers.push(m.userId);
              const expected = periods.map((period) => {
                const r = byMemberAndMonth.get(`${m.userId} ${Math.floor(period / 100)}-${period % 100}`);
                return r ? { state: stateOf.get(r.id), amount: r.amount } : null;
              });
              expect(m.cells).toEqual(expected);
              expect(m.figures).toEqual(figures(inGroup.filter((r) => r.user_id === m.userId)));
            }
          }
          expect(gridMembers.sort()).toEqual([...new Set(inGroup.map((r) => r.user_id))].sort());

          // The winner picker's tags.
          const eligible = ok(await api.get(`/api/winners/eligible-members/${group.planId}/${group.groupNumber}`, admin.token)).eligibleMembers;
          for (const e of eligible) {
            const own = inGroup.filter((r) => r.user_id === e.userId).map((r) => stateOf.get(r.id));
            expect([e.hasOwed, e.hasOverdue]).toEqual([own.some((s) => s === 'OWED' || s === 'OVERDUE'), own.includes('OVERDUE')]);
          }
        }

        // Reports: the summary's plans, the pending rows and the defaulters.
        const report = ok(await api.get('/api/payments/reports?reportType=summary', admin.token, reportAnswer.summary)).data;
        for (const row of report.byPlan) expect(row.figures).toEqual(figures(raw.filter((r) => r.plan_id === row.planId)));
        const pending = ok(await api.get('/api/payments/reports?reportType=pending&limit=100', admin.token, reportAnswer.pending)).data;
        expect(pending.payments.map((p) => p.id).sort()).toEqual(
          raw.filter((r) => ['UNDER_REVIEW', 'OWED', 'OVERDUE'].includes(stateOf.get(r.id)!)).map((r) => r.id).sort(),
        );
        expect(pending.totalAmount).toBe(sum(pending.payments.map((p) => p.amount)));
        const defaulters = ok(await api.get('/api/payments/reports?reportType=defaulters&limit=100', admin.token, reportAnswer.defaulters)).data;
        const overdueByUser = new Map<string, number[]>();
        for (const r of raw.filter((x) => stateOf.get(x.id) === 'OVERDUE')) overdueByUser.set(r.user_id, [...(overdueByUser.get(r.user_id) ?? []), r.amount]);
        expect(
          Object.fromEntries(defaulters.defaulters.map((d) => [d.userId, [d.overdueCount, d.overdueAmount]])),
        ).toEqual(Object.fromEntries([...overdueByUser].map(([id, amounts]) => [id, [amounts.length, sum(amounts)]])));

        // Each member: their summary, next instalment, month cards and the admin's ledger of them.
        for (const member of members) {
          const own = raw.filter((r) => r.user_id === member.user.id);
          const f = figures(own);
          const summary = ok(await api.get('/api/payments/summary', member.token)).data;
          expect(summary.figures).toEqual(f);
          expect(summary.owed).toEqual(f.owed);
          expect(summary.paid).toEqual(f.paid);
          expect(summary.remaining).toEqual({ count: own.length - f.paid.count, amount: sum(own.filter((r) => stateOf.get(r.id) !== 'PAID').map((r) => r.amount)) });
          const byDue = (a: RawInstalment, b: RawInstalment) => a.due_date.localeCompare(b.due_date);
          const next =
            own.filter((r) => ['OWED', 'OVERDUE'].includes(stateOf.get(r.id)!)).sort(byDue)[0] ?? own.filter((r) => stateOf.get(r.id) === 'SCHEDULED').sort(byDue)[0];
          expect(summary.nextDue?.dueDate ?? null).toBe(next?.due_date ?? null);
          if (next) expect(summary.nextDue!.state).toBe(stateOf.get(next.id));

          const cards = ok(await api.get('/api/committee-plans/user/groups', member.token)).data.groups.flatMap((g) => g.payments);
          for (const card of cards) expect(card.state).toBe(stateOf.get(card.id));

          const ledger = ok(await api.get(`/api/admin/users/${member.user.id}/ledger`, admin.token)).data;
          expect(ledger.figures).toEqual(f);
          for (const e of ledger.entries) expect(e.state).toBe(stateOf.get(e.paymentId));
        }
      }),
      { numRuns: 20, seed: 20261125 },
    );
    ctx.setNow(undefined);
  });
});
