/**
 * What is owed (RULES §6a), shown on every endpoint that tells it, with a clock the test controls.
 * Expected figures are built here from the scenario, and from the independent oracle
 * (test/figures-oracle.ts), never by calling the product's own module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { oracleFigures, oracleState, rawInstalments } from '../test/figures-oracle.ts';
import { instalmentStatesNarrowingSql, instalmentStateSql, isOverdueSql } from './figures.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember, type ApiResponse } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

// The groups start on 1 January 2026; "today" is 31 March 2026, three months on, unless a test moves it.
const TODAY = '2026-03-31';
const at = (day: string, time = '12:00') => ctx.setNow(`${day}T${time}:00+05:00`);
at(TODAY);

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});

async function planAndGroup(monthlyAmount = 5000, duration = 6, startDate = '2026-01-01') {
  const plan = (await api.post('/api/committee-plans', { name: `Plan ${Math.random().toString(36).slice(2, 8)}`, monthlyAmount, duration, totalAmount: monthlyAmount * duration, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate }, admin.token)).body.group;
  return { plan, group };
}

/** A member who bought the plan and was approved into the group today: January is settled by the purchase. */
async function approvedMember(plan: { id: string; monthlyAmount: number }, group: { id: string }, name = 'Aisha Khan') {
  const member = await signUpMember(ctx, { name });
  const request = await api.post('/api/plan-payments', { planId: plan.id, amount: plan.monthlyAmount }, member.token);
  expect(request.status).toBe(201);
  const id = request.body.data.payment.id;
  expect((await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token)).status).toBe(200);
  const approved = await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return member;
}

function sendReceipt(token: string, groupId: string, month: number, amount = 5000, year = 2026) {
  const form = multipartBody({ groupId, amount: String(amount), month: String(month), year: String(year), bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

async function instalmentId(userId: string, groupId: string, month: number) {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [userId, groupId, month]);
  return rows[0].id;
}

const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('a member approved into a group that started three months ago', () => {
  it('owes February and March at once, and the summary, defaulters report, arrears grid and ledger agree', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group);

    // Summary: January paid (the purchase), February and March owed and overdue, April to June scheduled.
    const summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 2, amount: 10000 });
    expect(summary.paid).toEqual({ count: 1, amount: 5000 });
    expect(summary.remaining).toEqual({ count: 5, amount: 25000 });
    expect(summary.counts).toMatchObject({ total: 3, paid: 1, pending: 2, overdue: 2, underReview: 0, owed: 2 });
    expect(summary.figures.scheduled).toEqual({ count: 3, amount: 15000 });
    expect(summary.nextDue).toMatchObject({ month: 2, year: 2026, amount: 5000, dueDate: '2026-02-01', daysLate: 58, state: 'OVERDUE', groupId: group.id });

    // Defaulters: the member, with both months.
    const defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token)).data;
    expect(defaulters.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 2, overdueAmount: 10000, oldestDueDate: '2026-02-01' })]);
    expect(defaulters).toMatchObject({ total: 1, totalAmount: 10000 });

    // Arrears grid: the member's row, month by month.
    const grid = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data;
    expect(grid.members).toHaveLength(1);
    expect(grid.members[0].cells.map((c: { month: number; state: string }) => [c.month, c.state])).toEqual([
      [1, 'PAID'],
      [2, 'OVERDUE'],
      [3, 'OVERDUE'],
      [4, 'SCHEDULED'],
      [5, 'SCHEDULED'],
      [6, 'SCHEDULED'],
    ]);
    expect(grid.members[0].figures.owed).toEqual({ count: 2, amount: 10000 });
    expect(grid.months.map((m: { month: number; due: number; collected: number; owed: number }) => [m.month, m.due, m.collected, m.owed])).toEqual([
      [1, 5000, 5000, 0],
      [2, 5000, 0, 5000],
      [3, 5000, 0, 5000],
      [4, 0, 0, 0],
      [5, 0, 0, 0],
      [6, 0, 0, 0],
    ]);
    expect(grid.figures.collectionRate).toBe(33);

    // The member's ledger: the same months, the same figures.
    const ledger = ok(await api.get(`/api/admin/users/${member.user.id}/ledger`, admin.token)).data;
    expect(ledger.entries.map((e: { month: number; state: string }) => [e.month, e.state])).toEqual(grid.members[0].cells.map((c: { month: number; state: string }) => [c.month, c.state]));
    expect(ledger.figures).toEqual(grid.figures);
    expect(ledger.figures.owed).toEqual(summary.owed);
    expect(ledger.entries[0]).toMatchObject({ status: 'PAID', hasReceipt: true, reviewedBy: 'Admin User' });

    // The month cards say the same.
    const groups = ok(await api.get('/api/committee-plans/user/groups', member.token)).data.groups;
    expect(groups[0].payments.map((p: { state: string }) => p.state)).toEqual(['PAID', 'OVERDUE', 'OVERDUE', 'SCHEDULED', 'SCHEDULED', 'SCHEDULED']);
  });

  it('owes the current month from its first day, overdue only after the grace day', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group);
    at('2026-03-10');
    let cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells.slice(1, 4).map((c: { state: string }) => c.state)).toEqual(['OVERDUE', 'OWED', 'SCHEDULED']);
    at('2026-03-11', '00:30');
    cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells.slice(1, 4).map((c: { state: string }) => c.state)).toEqual(['OVERDUE', 'OVERDUE', 'SCHEDULED']);
    // The business day is Karachi's: 20:00 UTC on 10 March is already the 11th there.
    ctx.setNow('2026-03-10T20:00:00Z');
    cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells[2].state).toBe('OVERDUE');
    const summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.nextDue).toMatchObject({ month: 2, state: 'OVERDUE' });
    at(TODAY);
  });
});

describe('receipts and the states they put a month in', () => {
  it('a month under review is not owed; a refused receipt makes it owed, and the member a defaulter', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group, 'Bilal Ahmed');
    // Both owed months get a receipt: none is owed while they wait.
    expect((await sendReceipt(member.token, group.id, 2)).statusCode).toBe(201);
    expect((await sendReceipt(member.token, group.id, 3)).statusCode).toBe(201);
    let summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 0, amount: 0 });
    expect(summary.counts).toMatchObject({ pending: 2, underReview: 2, overdue: 0 });
    expect(summary.nextDue).toMatchObject({ month: 4, state: 'SCHEDULED', daysLate: -1 });
    let defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token)).data;
    expect(defaulters.defaulters).toEqual([]);

    // February's receipt is refused: owed again, and overdue (past its grace day).
    const february = await instalmentId(member.user.id, group.id, 2);
    expect((await api.put(`/api/payments/${february}/status`, { status: 'rejected', reason: 'Unreadable' }, admin.token)).status).toBe(200);
    summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 1, amount: 5000 });
    expect(summary.nextDue).toMatchObject({ month: 2, state: 'OVERDUE' });
    defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token)).data;
    expect(defaulters.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 1, overdueAmount: 5000 })]);
    const eligible = ok(await api.get(`/api/winners/eligible-members/${plan.id}/${group.groupNumber}`, admin.token));
    expect(eligible.eligibleMembers).toEqual([expect.objectContaining({ userId: member.user.id, hasOverdue: true, hasOwed: true })]);

    // March approved: collected, and the collection rate is paid ÷ due so far (January and March of three months).
    const march = await instalmentId(member.user.id, group.id, 3);
    expect((await api.put(`/api/payments/${march}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const details = ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).data.group;
    expect(details.stats).toMatchObject({ paidPayments: 2, pendingPayments: 1, overduePayments: 1, totalRevenue: 10000, expectedRevenue: 15000, collectionRate: 67, totalPayments: 3 });
  });

  it('puts future months in no owed, pending or due figure, even with a status column that says otherwise', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group, 'Sana Malik');
    const may = await instalmentId(member.user.id, group.id, 5);
    await ctx.db.query(`UPDATE payments SET status = 'OVERDUE' WHERE id = $1`, [may]);
    const figures = ok(await api.get(`/api/payments/summary?groupId=${group.id}`, admin.token)).data.figures;
    expect(figures.scheduled).toEqual({ count: 3, amount: 15000 });
    expect(figures.pending).toEqual({ count: 2, amount: 10000 });
    expect(figures.due).toEqual({ count: 2, amount: 10000 });
    expect(figures.dueSoFar).toEqual({ count: 3, amount: 15000 });
    const pending = ok(await api.get(`/api/payments/reports?reportType=pending&groupId=${group.id}`, admin.token)).data;
    expect(pending.payments.map((p: { month: number }) => p.month)).toEqual([2, 3]);
  });
});

describe('every report: the summary line is the sum of its rows', () => {
  it('for each report type and several filters', async () => {
    at('2026-04-15');
    const a = await planAndGroup(3000, 4, '2026-01-01');
    const b = await planAndGroup(7000, 5, '2026-02-01');
    const m1 = await approvedMember(a.plan, a.group, 'One');
    const m2 = await approvedMember(a.plan, a.group, 'Two');
    const m3 = await approvedMember(b.plan, b.group, 'Three');
    expect((await sendReceipt(m1.token, a.group.id, 2, 3000)).statusCode).toBe(201);
    expect((await sendReceipt(m2.token, a.group.id, 3, 3000)).statusCode).toBe(201);
    expect((await api.put(`/api/payments/${await instalmentId(m2.user.id, a.group.id, 3)}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    expect((await sendReceipt(m3.token, b.group.id, 3, 7000)).statusCode).toBe(201);
    expect((await api.put(`/api/payments/${await instalmentId(m3.user.id, b.group.id, 3)}/status`, { status: 'rejected', reason: 'Wrong account' }, admin.token)).status).toBe(200);

    const sum = (list: { amount?: number; overdueAmount?: number }[], key: 'amount' | 'overdueAmount' = 'amount') => Math.round(list.reduce((s, x) => s + (x[key] ?? 0) * 100, 0)) / 100;
    const filters = ['', `planId=${a.plan.id}`, `groupId=${b.group.id}`, 'month=3&year=2026', `planId=${a.plan.id}&month=2`];
    for (const filter of filters) {
      const q = (type: string) => api.get(`/api/payments/reports?reportType=${type}&limit=100&${filter}`, admin.token);
      const summary = ok(await q('summary')).data;
      for (const key of ['paid', 'pending', 'overdue'] as const) {
        expect(summary.byPlan.reduce((s: number, r: Record<string, { count: number }>) => s + r[key].count, 0), `${filter} ${key}`).toBe(summary.summary.figures[key].count);
        expect(sum(summary.byPlan.map((r: Record<string, { amount: number }>) => r[key])), `${filter} ${key}`).toBe(summary.summary.figures[key].amount);
      }
      const paid = ok(await q('paid')).data;
      expect(paid.total).toBe(paid.payments.length);
      expect(sum(paid.payments)).toBe(paid.totalAmount);
      expect(paid.totalAmount).toBe(summary.summary.figures.paid.amount);
      const pending = ok(await q('pending')).data;
      expect(pending.total).toBe(pending.payments.length);
      expect(sum(pending.payments)).toBe(pending.totalAmount);
      expect(pending.payments.every((p: { state: string }) => ['UNDER_REVIEW', 'OWED', 'OVERDUE'].includes(p.state))).toBe(true);
      expect(pending.summary.underReview.count + pending.summary.owed.count).toBe(pending.total);
      const defaulters = ok(await q('defaulters')).data;
      expect(defaulters.total).toBe(defaulters.defaulters.length);
      expect(sum(defaulters.defaulters, 'overdueAmount')).toBe(defaulters.totalAmount);
      expect(defaulters.totalAmount).toBe(summary.summary.figures.overdue.amount);

      // And all of it is what RULES §6a says of the stored rows.
      const where = [
        filter.includes('planId') ? `plan_id = '${a.plan.id}'` : 'true',
        filter.includes('groupId') ? `group_id = '${b.group.id}'` : 'true',
        filter.includes('month=3') ? 'month = 3' : filter.includes('month=2') ? 'month = 2' : 'true',
      ].join(' AND ');
      expect(summary.summary.figures, filter).toEqual(oracleFigures(await rawInstalments(ctx.db, where), '2026-04-15'));
    }
    at(TODAY);
  });
});

describe('the overdue job records and notifies; the figures never wait for it', () => {
  it('announces each overdue month once, a refused one too, and leaves a refused status and its reason as they are', async () => {
    at('2026-02-20');
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group, 'Job Member');
    const { markOverdueInstalments } = await import('./overdue-job.ts');
    expect((await sendReceipt(member.token, group.id, 2)).statusCode).toBe(201);
    const february = await instalmentId(member.user.id, group.id, 2);
    expect((await api.put(`/api/payments/${february}/status`, { status: 'rejected', reason: 'Blurred' }, admin.token)).status).toBe(200);
    // Read before any job ran: February is overdue already.
    const before = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(before.counts.overdue).toBe(1);

    const day = { today: '2026-02-20', graceDay: 10 };
    const notices = async () =>
      (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'INSTALMENT_OVERDUE'`, [member.user.id])).rows[0].n;
    // Other tests' members share this database: the first run announces theirs too, the second nothing.
    expect(await markOverdueInstalments(ctx.db, day, ctx.config.appUrl)).toBeGreaterThanOrEqual(1);
    expect(await markOverdueInstalments(ctx.db, day, ctx.config.appUrl)).toBe(0);
    const { rows } = await ctx.db.query<{ status: string; rejection_reason: string }>('SELECT status, rejection_reason FROM payments WHERE id = $1', [february]);
    expect(rows[0]).toEqual({ status: 'REJECTED', rejection_reason: 'Blurred' });
    expect(await notices()).toBe(1);
    // The figures are the same after the job as before it.
    expect(ok(await api.get('/api/payments/summary', member.token)).data).toEqual(before);
    // March becomes overdue on the 11th: one more notice.
    expect(await markOverdueInstalments(ctx.db, { today: '2026-03-11', graceDay: 10 }, ctx.config.appUrl)).toBeGreaterThanOrEqual(1);
    expect(await notices()).toBe(2);
    at(TODAY);
  });
});

describe('GET /api/admin/users/:id/ledger and GET /api/admin/groups/:id/arrears', () => {
  it('need a session (401) and the ADMIN role (403), answer 404 for an unknown id and 400 for a malformed one', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group, 'Guarded');
    for (const url of [`/api/admin/users/${member.user.id}/ledger`, `/api/admin/groups/${group.id}/arrears`]) {
      expect((await api.get(url)).status).toBe(401);
      const forbidden = await api.get(url, member.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.success).toBe(false);
      expect((await api.get(url, admin.token)).status).toBe(200);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await api.get(`/api/admin/users/${id}/ledger`, admin.token)).status).toBe(404);
      expect((await api.get(`/api/admin/groups/${id}/arrears`, admin.token)).status).toBe(404);
    }
    const long = 'x'.repeat(101);
    const bad = await api.get(`/api/admin/users/${long}/ledger`, admin.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
    expect((await api.get(`/api/admin/groups/${long}/arrears`, admin.token)).status).toBe(400);
  });

  it('show a group of several members, each cell as the oracle says, totals equal to the sums of their cells', async () => {
    at('2026-03-05');
    const { plan, group } = await planAndGroup(2500, 4);
    const members = [await approvedMember(plan, group, 'Ali'), await approvedMember(plan, group, 'Bushra'), await approvedMember(plan, group, 'Chaudhry')];
    expect((await sendReceipt(members[0].token, group.id, 2, 2500)).statusCode).toBe(201);
    expect((await sendReceipt(members[1].token, group.id, 2, 2500)).statusCode).toBe(201);
    expect((await api.put(`/api/payments/${await instalmentId(members[1].user.id, group.id, 2)}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const grid = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data;
    const raw = await rawInstalments(ctx.db, 'group_id = $1', [group.id]);
    expect(grid.asOf).toBe('2026-03-05');
    expect(grid.members.map((m: { name: string; memberNumber: number }) => [m.memberNumber, m.name])).toEqual([[1, 'Ali'], [2, 'Bushra'], [3, 'Chaudhry']]);
    for (const m of grid.members) {
      for (const cell of m.cells) {
        const stored = raw.find((r) => r.id === cell.paymentId)!;
        expect(cell.state).toBe(oracleState(stored, '2026-03-05'));
      }
      expect(m.figures).toEqual(oracleFigures(raw.filter((r) => r.user_id === m.userId), '2026-03-05'));
    }
    for (const month of grid.months) {
      const cells = grid.members.flatMap((m: { cells: { month: number; state: string; amount: number }[] }) => m.cells.filter((c) => c.month === month.month));
      expect(month.collected).toBe(cells.filter((c: { state: string }) => c.state === 'PAID').reduce((s: number, c: { amount: number }) => s + c.amount, 0));
      expect(month.owed).toBe(cells.filter((c: { state: string }) => c.state === 'OWED' || c.state === 'OVERDUE').reduce((s: number, c: { amount: number }) => s + c.amount, 0));
      expect(month.figures).toEqual(oracleFigures(raw.filter((r) => r.month === month.month), '2026-03-05'));
    }
    expect(grid.figures).toEqual(oracleFigures(raw, '2026-03-05'));
    // February: Ali under review, Bushra paid, Chaudhry overdue. March: all three owed, not yet overdue.
    expect(grid.months[1]).toMatchObject({ due: 7500, collected: 2500, owed: 2500 });
    expect(grid.months[2]).toMatchObject({ due: 7500, collected: 0, owed: 7500 });
    at(TODAY);
  });
});

describe('the overdue test on the index columns', () => {
  it('agrees with the OVERDUE state on every payment this file made, on days around the grace day', async () => {
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    expect(rows[0].n).toBeGreaterThan(20);
    for (const today of ['2026-01-01', '2026-02-09', '2026-02-10', '2026-03-10', '2026-03-11', '2026-03-31', '2027-06-15']) {
      const day = { today, graceDay: 10 };
      const { rows: differing } = await ctx.db.query<{ id: string }>(
        `SELECT p.id FROM payments p WHERE (${isOverdueSql(day)}) IS DISTINCT FROM (${instalmentStateSql(day)} IS NOT DISTINCT FROM 'OVERDUE')`,
      );
      expect(differing, `on ${today}`).toEqual([]);
    }
  });
});

describe('the narrowing of a list by states', () => {
  it('is met by every instalment in those states, and keeps out the paid ones when they are not asked for', async () => {
    for (const today of ['2026-02-09', '2026-03-31', '2027-06-15']) {
      const day = { today, graceDay: 10 };
      for (const state of ['PAID', 'UNDER_REVIEW', 'SCHEDULED', 'OWED', 'OVERDUE'] as const) {
        const { rows: missed } = await ctx.db.query<{ id: string }>(
          `SELECT p.id FROM payments p WHERE p.type = 'INSTALMENT' AND ${instalmentStateSql(day)} = $1 AND NOT ${instalmentStatesNarrowingSql(day, [state])}`,
          [state],
        );
        expect(missed, `${state} on ${today}`).toEqual([]);
      }
      const { rows: paidKept } = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments p WHERE p.type = 'INSTALMENT' AND p.status = 'PAID' AND ${instalmentStatesNarrowingSql(day, ['UNDER_REVIEW', 'OWED', 'OVERDUE'])}`,
      );
      expect(paidKept[0].n).toBe(0);
    }
  });
});
