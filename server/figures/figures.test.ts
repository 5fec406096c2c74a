/**
 * What is owed (RULES §6a), shown on every endpoint that tells it, with a clock the test controls.
 * Expected figures are built here from the scenario, and from the independent oracle
 * (test/figures-oracle.ts), never by calling the product's own module.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oracleFigures, oracleState, rawInstalments, type RawInstalment } from '../test/figures-oracle.ts';
import { groupMessages } from '../../contract/groups.ts';
import { defaultersReport, paidReport, paymentReportAnswer, pendingReport, summaryReport } from '../../contract/instalments.ts';
import { groupArrearsAnswer } from '../../contract/ledgers.ts';
import { instalmentStatesNarrowingSql, instalmentStateSql, isOverdueSql, overdueMembersSql } from './figures.ts';
import { multipartBody, ok, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

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

/** Each report's answer, as the report type asked for reads it (contract/instalments.ts). */
const reportAnswer = {
  summary: { answer: paymentReportAnswer.extend({ data: summaryReport }) },
  paid: { answer: paymentReportAnswer.extend({ data: paidReport }) },
  pending: { answer: paymentReportAnswer.extend({ data: pendingReport }) },
  defaulters: { answer: paymentReportAnswer.extend({ data: defaultersReport }) },
};

async function instalmentId(userId: string, groupId: string, month: number) {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [userId, groupId, month]);
  return rows[0].id;
}

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
    const defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token, reportAnswer.defaulters)).data;
    expect(defaulters.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 2, overdueAmount: 10000, oldestDueDate: '2026-02-01' })]);
    expect(defaulters).toMatchObject({ total: 1, totalAmount: 10000 });

    // Arrears grid: the member's row, month by month, each cell under its month.
    const grid = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data;
    expect(grid.members).toHaveLength(1);
    const row = grid.months.map((m, i) => [m.month, grid.members[0].cells[i]?.state]);
    expect(row).toEqual([
      [1, 'PAID'],
      [2, 'OVERDUE'],
      [3, 'OVERDUE'],
      [4, 'SCHEDULED'],
      [5, 'SCHEDULED'],
      [6, 'SCHEDULED'],
    ]);
    expect(grid.members[0].figures.owed).toEqual({ count: 2, amount: 10000 });
    expect(grid.months.map((m) => [m.month, m.due, m.collected, m.owed])).toEqual([
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
    expect(ledger.entries.map((e) => [e.month, e.state])).toEqual(row);
    expect(ledger.figures).toEqual(grid.figures);
    expect(ledger.figures.owed).toEqual(summary.owed);
    expect(ledger.entries[0]).toMatchObject({ status: 'PAID', hasReceipt: true, reviewedBy: 'Admin User', settledByPlanRequest: true });
    expect(ledger.entries[1].settledByPlanRequest).toBe(false);

    // The month cards say the same.
    const groups = ok(await api.get('/api/committee-plans/user/groups', member.token)).data.groups;
    expect(groups[0].payments.map((p) => p.state)).toEqual(['PAID', 'OVERDUE', 'OVERDUE', 'SCHEDULED', 'SCHEDULED', 'SCHEDULED']);
  });

  it('owes the current month from its first day, overdue only after the grace day', async () => {
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group);
    at('2026-03-10');
    let cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells.slice(1, 4).map((c) => c?.state)).toEqual(['OVERDUE', 'OWED', 'SCHEDULED']);
    at('2026-03-11', '00:30');
    cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells.slice(1, 4).map((c) => c?.state)).toEqual(['OVERDUE', 'OVERDUE', 'SCHEDULED']);
    // The business day is Karachi's: 20:00 UTC on 10 March is already the 11th there.
    ctx.setNow('2026-03-10T20:00:00Z');
    cells = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data.members[0].cells;
    expect(cells[2]?.state).toBe('OVERDUE');
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
    let defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token, reportAnswer.defaulters)).data;
    expect(defaulters.defaulters).toEqual([]);

    // February's receipt is refused: owed again, and overdue (past its grace day).
    const february = await instalmentId(member.user.id, group.id, 2);
    expect((await api.put(`/api/payments/${february}/status`, { status: 'rejected', reason: 'Unreadable' }, admin.token)).status).toBe(200);
    summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 1, amount: 5000 });
    expect(summary.nextDue).toMatchObject({ month: 2, state: 'OVERDUE' });
    defaulters = ok(await api.get(`/api/payments/reports?reportType=defaulters&groupId=${group.id}`, admin.token, reportAnswer.defaulters)).data;
    expect(defaulters.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 1, overdueAmount: 5000 })]);
    const eligible = ok(await api.get(`/api/winners/eligible-members/${plan.id}/${group.groupNumber}`, admin.token));
    expect(eligible.eligibleMembers).toEqual([expect.objectContaining({ userId: member.user.id, hasOverdue: true, hasOwed: true })]);

    // March approved: collected, and the collection rate is paid ÷ due so far (January and March of three months).
    const march = await instalmentId(member.user.id, group.id, 3);
    expect((await api.put(`/api/payments/${march}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const details = ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).group;
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
    const pending = ok(await api.get(`/api/payments/reports?reportType=pending&groupId=${group.id}`, admin.token, reportAnswer.pending)).data;
    expect(pending.payments.map((p) => p.month)).toEqual([2, 3]);
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
      const report = (type: keyof typeof reportAnswer) => `/api/payments/reports?reportType=${type}&limit=100&${filter}`;
      const summary = ok(await api.get(report('summary'), admin.token, reportAnswer.summary)).data;
      for (const key of ['paid', 'pending', 'overdue'] as const) {
        expect(summary.byPlan.reduce((s, r) => s + r[key].count, 0), `${filter} ${key}`).toBe(summary.summary.figures[key].count);
        expect(sum(summary.byPlan.map((r) => r[key])), `${filter} ${key}`).toBe(summary.summary.figures[key].amount);
      }
      const paid = ok(await api.get(report('paid'), admin.token, reportAnswer.paid)).data;
      expect(paid.total).toBe(paid.payments.length);
      expect(sum(paid.payments)).toBe(paid.totalAmount);
      expect(paid.totalAmount).toBe(summary.summary.figures.paid.amount);
      const pending = ok(await api.get(report('pending'), admin.token, reportAnswer.pending)).data;
      expect(pending.total).toBe(pending.payments.length);
      expect(sum(pending.payments)).toBe(pending.totalAmount);
      expect(pending.payments.every((p) => p.state !== null && ['UNDER_REVIEW', 'OWED', 'OVERDUE'].includes(p.state))).toBe(true);
      expect(pending.summary.underReview.count + pending.summary.owed.count).toBe(pending.total);
      const defaulters = ok(await api.get(report('defaulters'), admin.token, reportAnswer.defaulters)).data;
      expect(defaulters.total).toBe(defaulters.defaulters.length);
      expect(sum(defaulters.defaulters, 'overdueAmount')).toBe(defaulters.totalAmount);
      expect(defaulters.totalAmount).toBe(summary.summary.figures.overdue.amount);

      // And all of it is what RULES §6a says of the stored rows.
      const where = [
        filter.includes('planId') ? `plan_id = '${a.plan.id}'` : 'true',
        filter.includes('groupId') ? `group_id = '${b.group.id}'` : 'true',
        filter.includes('month=3') ? 'month = 3' : filter.includes('month=2') ? 'month = 2' : 'true',
        filter.includes('year=2026') ? 'year = 2026' : 'true',
      ].join(' AND ');
      const raw = await rawInstalments(ctx.db, where);
      expect(summary.summary.figures, filter).toEqual(oracleFigures(raw, '2026-04-15'));

      // The paid rows: the latest approved first, ties by id.
      const approved = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE type = 'INSTALMENT' AND status = 'PAID' AND ${where} ORDER BY approved_at DESC NULLS LAST, id`);
      expect(paid.payments.map((p) => p.id), filter).toEqual(approved.rows.map((r) => r.id));
      // The pending rows: oldest due first, ties by id. The defaulters: the longest overdue first (their
      // oldest overdue month), ties by member id, each with the count and sum of their overdue months.
      const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
      const open = raw.filter((i) => ['UNDER_REVIEW', 'OWED', 'OVERDUE'].includes(oracleState(i, '2026-04-15')));
      expect(pending.payments.map((p) => p.id), filter).toEqual(open.sort((x, y) => byText(x.due_date, y.due_date) || byText(x.id, y.id)).map((i) => i.id));
      const owing = new Map<string, { userId: string; overdueCount: number; overdueAmount: number; oldestDueDate: string }>();
      for (const i of raw.filter((i) => oracleState(i, '2026-04-15') === 'OVERDUE')) {
        const d = owing.get(i.user_id) ?? { userId: i.user_id, overdueCount: 0, overdueAmount: 0, oldestDueDate: i.due_date };
        owing.set(i.user_id, { ...d, overdueCount: d.overdueCount + 1, overdueAmount: d.overdueAmount + i.amount, oldestDueDate: i.due_date < d.oldestDueDate ? i.due_date : d.oldestDueDate });
      }
      const expected = [...owing.values()].sort((x, y) => byText(x.oldestDueDate, y.oldestDueDate) || byText(x.userId, y.userId));
      expect(defaulters.defaulters.map(({ userId, overdueCount, overdueAmount, oldestDueDate }) => ({ userId, overdueCount, overdueAmount, oldestDueDate })), filter).toEqual(expected);
      // Page by page, the same rows, and every page says what the whole report holds.
      for (let offset = 0; offset <= expected.length; offset++) {
        const page = ok(await api.get(`/api/payments/reports?reportType=defaulters&limit=1&page=${offset + 1}&${filter}`, admin.token, reportAnswer.defaulters)).data;
        expect(page.defaulters.map((d) => d.userId), `${filter} page ${offset + 1}`).toEqual(expected.slice(offset, offset + 1).map((d) => d.userId));
        expect({ total: page.total, totalAmount: page.totalAmount, overdueCount: page.overdueCount }).toEqual({ total: defaulters.total, totalAmount: defaulters.totalAmount, overdueCount: defaulters.overdueCount });
      }
    }
    at(TODAY);
  });
});

describe('the overdue job records and notifies; the figures never wait for it', () => {
  it('announces each overdue month once, a refused one too, and leaves a refused status and its reason as they are', async () => {
    // Joined on 5 February, before February's grace day: no month was overdue when they joined
    // (months overdue on joining are told of once, on joining: reminders/months-owed-on-joining.test.ts).
    at('2026-02-05');
    const { plan, group } = await planAndGroup();
    const member = await approvedMember(plan, group, 'Job Member');
    const { markOverdueInstalments } = await import('../instalments/overdue-job.ts');
    at('2026-02-20');
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
    for (const url of [`/api/admin/users/${member.user.id}/ledger`, `/api/admin/groups/${group.id}/arrears`, `/api/admin/groups/${group.id}/arrears?page=2&limit=10`]) {
      expect((await api.get(url)).status).toBe(401);
      const forbidden = await api.get(url, member.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.success).toBe(false);
      expect((await api.get(url, admin.token)).status).toBe(200);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await api.get(`/api/admin/users/${id}/ledger`, admin.token)).status).toBe(404);
      for (const query of ['', '?page=1&limit=25', '?page=3&limit=100']) {
        const unknown = await api.get(`/api/admin/groups/${id}/arrears${query}`, admin.token);
        expect(unknown.status).toBe(404);
        expect(unknown.body).toMatchObject({ success: false, message: groupMessages.notFound });
      }
    }
    const long = 'x'.repeat(101);
    const bad = await api.get(`/api/admin/users/${long}/ledger`, admin.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
    expect((await api.get(`/api/admin/groups/${long}/arrears`, admin.token)).status).toBe(400);
  });

  it('refuse a malformed page of the arrears grid with the field at fault (400)', async () => {
    const { group } = await planAndGroup();
    const cases: [string, string[]][] = [
      ['page=0', ['page']],
      ['page=-1', ['page']],
      ['page=two', ['page']],
      ['page=1.5', ['page']],
      ['page=100001', ['page']],
      ['limit=0', ['limit']],
      ['limit=101', ['limit']],
      ['limit=2.5', ['limit']],
      ['limit=many', ['limit']],
      // No 'all': a page holds at most 100 members.
      ['limit=all', ['limit']],
      ['page=0&limit=0', ['page', 'limit']],
    ];
    for (const [query, fields] of cases) {
      for (const id of [group.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await api.get(`/api/admin/groups/${id}/arrears?${query}`, admin.token);
        expect(res.status, query).toBe(400);
        expect(res.body.success).toBe(false);
        expect(Object.keys(res.body.errors).sort(), query).toEqual([...fields].sort());
      }
    }
    // The bounds themselves are pages.
    for (const query of ['page=1&limit=1', 'page=100000&limit=100']) expect((await api.get(`/api/admin/groups/${group.id}/arrears?${query}`, admin.token)).status, query).toBe(200);
  });
});

type Cell = { state: string; amount: number } | null;
type Arrears = {
  months: { month: number; year: number; due: number; collected: number; owed: number }[];
  members: { userId: string; name: string; memberNumber: number; cells: Cell[]; figures: unknown }[];
  figures: ReturnType<typeof oracleFigures>;
  pagination: { page: number; limit: number; total: number; pages: number; exact: boolean };
};
const rupees = (list: number[]) => Math.round(list.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

describe("GET /api/admin/groups/:id/arrears: a page of members, and the group's totals over all of them", () => {
  // Three members of a four-month group (January to April 2026), read on 5 March 2026 (grace day 10).
  const DAY = '2026-03-05';
  let groupId: string;
  const names = ['Ali', 'Bushra', 'Chaudhry'];

  beforeAll(async () => {
    at(DAY);
    const { plan, group } = await planAndGroup(2500, 4);
    groupId = group.id;
    const members = [];
    for (const name of names) members.push(await approvedMember(plan, group, name));
    expect((await sendReceipt(members[0].token, group.id, 2, 2500)).statusCode).toBe(201);
    expect((await sendReceipt(members[1].token, group.id, 2, 2500)).statusCode).toBe(201);
    expect((await api.put(`/api/payments/${await instalmentId(members[1].user.id, group.id, 2)}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    // Chaudhry has no April instalment: his row has no cell under April.
    await ctx.db.query(`DELETE FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = 4`, [members[2].user.id, group.id]);
    at(TODAY);
  });
  beforeEach(() => at(DAY));
  afterEach(() => at(TODAY));

  const arrears = async (query = ''): Promise<Arrears> => ok(await api.get(`/api/admin/groups/${groupId}/arrears${query}`, admin.token, { answer: groupArrearsAnswer })).data;

  /** Every page, one after the other, until the last one the answer names. */
  async function everyPage(limit: number): Promise<Arrears[]> {
    const pages = [await arrears(`?page=1&limit=${limit}`)];
    while (pages.length < pages[0].pagination.pages) pages.push(await arrears(`?page=${pages.length + 1}&limit=${limit}`));
    return pages;
  }

  /** What the grid should say, read from the stored rows alone: the members in order, each instalment's state by member and month. */
  async function stored() {
    const raw = await rawInstalments(ctx.db, 'group_id = $1', [groupId]);
    const { rows } = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY member_number, user_id', [groupId]);
    const instalment = new Map<string, RawInstalment>(raw.map((r) => [`${r.user_id} ${r.year}-${r.month}`, r]));
    const expectedCell = (userId: string, m: { month: number; year: number }): Cell => {
      const r = instalment.get(`${userId} ${m.year}-${m.month}`);
      return r ? { state: oracleState(r, DAY), amount: r.amount } : null;
    };
    const months = [...new Set(raw.map((r) => r.year * 100 + r.month))].sort((a, b) => a - b).map((n) => ({ year: Math.floor(n / 100), month: n % 100 }));
    return { raw, order: rows.map((r) => r.user_id), expectedCell, months };
  }

  it('answers the first 25 members by default, in member-number order, with the pagination and each cell under its month', async () => {
    const grid = await arrears();
    const { raw, order, expectedCell, months } = await stored();
    expect(grid.pagination).toEqual({ page: 1, limit: 25, total: 3, pages: 1, exact: true });
    expect(grid.members.map((m) => [m.memberNumber, m.name])).toEqual([[1, 'Ali'], [2, 'Bushra'], [3, 'Chaudhry']]);
    expect(grid.members.map((m) => m.userId)).toEqual(order);
    expect(grid.months.map((m) => ({ year: m.year, month: m.month }))).toEqual(months);
    for (const m of grid.members) {
      // One cell a month, in the months' order, as the stored row of that member and month says.
      expect(m.cells).toEqual(months.map((month) => expectedCell(m.userId, month)));
      expect(m.figures).toEqual(oracleFigures(raw.filter((r) => r.user_id === m.userId), DAY));
    }
    expect(grid.members[2].cells[3]).toBeNull();
    expect(grid.members[0].cells.map((c) => c?.state)).toEqual(['PAID', 'UNDER_REVIEW', 'OWED', 'SCHEDULED']);
    expect(grid.members[1].cells.map((c) => c?.state)).toEqual(['PAID', 'PAID', 'OWED', 'SCHEDULED']);
    expect(grid.members[2].cells.map((c) => c?.state)).toEqual(['PAID', 'OVERDUE', 'OWED', undefined]);
    // Nothing of the old cell shape: no payment id and no month in a cell.
    for (const c of grid.members[0].cells) expect(Object.keys(c!).sort()).toEqual(['amount', 'state']);
    expect(Object.keys(grid.months[0]).sort()).toEqual(['collected', 'due', 'month', 'owed', 'year']);
  });

  it('splits the members over pages that concatenate to all of them, in order, at a page boundary', async () => {
    const { order, expectedCell, months } = await stored();
    const pages = await everyPage(2);
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, limit: 2, total: 3, pages: 2, exact: true },
      { page: 2, limit: 2, total: 3, pages: 2, exact: true },
    ]);
    expect(pages.map((p) => p.members.map((m) => m.name))).toEqual([['Ali', 'Bushra'], ['Chaudhry']]);
    expect(pages.flatMap((p) => p.members.map((m) => m.userId))).toEqual(order);
    for (const m of pages.flatMap((p) => p.members)) expect(m.cells).toEqual(months.map((month) => expectedCell(m.userId, month)));
    // One member a page: the same three, one by one.
    expect((await everyPage(1)).map((p) => p.members.map((m) => m.name))).toEqual([['Ali'], ['Bushra'], ['Chaudhry']]);
    // Past the last page: no members, the same totals.
    const past = await arrears('?page=3&limit=2');
    expect(past.members).toEqual([]);
    expect(past.pagination).toEqual({ page: 3, limit: 2, total: 3, pages: 2, exact: true });
    expect(past.months).toEqual(pages[0].months);
    expect(past.figures).toEqual(pages[0].figures);
  });

  it("gives the same month totals and group figures on every page, the sums of all the members' cells", async () => {
    const { raw, months } = await stored();
    const whole = await arrears();
    for (const limit of [1, 2, 3, 100]) {
      const pages = await everyPage(limit);
      for (const page of pages) {
        expect(page.months, `limit ${limit} page ${page.pagination.page}`).toEqual(whole.months);
        expect(page.figures, `limit ${limit} page ${page.pagination.page}`).toEqual(whole.figures);
      }
      expect(pages.flatMap((p) => p.members)).toEqual(whole.members);
    }
    // Summed here, over every member's cells, column by column.
    const cells = whole.members.map((m) => m.cells);
    const column = (i: number) => cells.map((row) => row[i]).filter((c): c is NonNullable<Cell> => c !== null);
    const amounts = (list: NonNullable<Cell>[]) => rupees(list.map((c) => c.amount));
    expect(whole.months).toEqual(
      months.map((m, i) => ({
        ...m,
        // Due so far: every instalment of a month whose first day (its due date) has come, paid or not.
        due: `${m.year}-${String(m.month).padStart(2, '0')}-01` <= DAY ? amounts(column(i)) : 0,
        collected: amounts(column(i).filter((c) => c.state === 'PAID')),
        owed: amounts(column(i).filter((c) => c.state === 'OWED' || c.state === 'OVERDUE')),
      })),
    );
    const all = cells.flat().filter((c): c is NonNullable<Cell> => c !== null);
    const pair = (states: string[]) => {
      const list = all.filter((c) => states.includes(c.state));
      return { count: list.length, amount: amounts(list) };
    };
    expect(whole.figures).toMatchObject({
      paid: pair(['PAID']),
      underReview: pair(['UNDER_REVIEW']),
      owed: pair(['OWED', 'OVERDUE']),
      overdue: pair(['OVERDUE']),
      scheduled: pair(['SCHEDULED']),
      pending: pair(['UNDER_REVIEW', 'OWED', 'OVERDUE']),
      collected: pair(['PAID']).amount,
    });
    expect(whole.figures).toEqual(oracleFigures(raw, DAY));
    // February: Ali under review, Bushra paid, Chaudhry overdue. March: all three owed, not yet overdue.
    expect(whole.months[1]).toMatchObject({ due: 7500, collected: 2500, owed: 2500 });
    expect(whole.months[2]).toMatchObject({ due: 7500, collected: 0, owed: 7500 });
    expect(whole.months[3]).toMatchObject({ due: 0, collected: 0, owed: 0 });
  });
});

describe('the arrears grid of a large group', () => {
  it('answers the default page of 50 members over 48 months in under 64 KB', async () => {
    at('2026-03-31');
    const monthlyAmount = 7333.33;
    const plan = (
      await api.post('/api/committee-plans', { name: `Plan large ${Math.random().toString(36).slice(2, 8)}`, monthlyAmount, duration: 48, totalAmount: 351999.84, maxMembers: 50 }, admin.token)
    ).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Large', maxMembers: 50, startDate: '2024-01-01' }, admin.token)).body.group;
    // Members made in the database (signing up fifty through the API is slow), placed through the API.
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const { rows: users } = await ctx.db.query<{ id: string }>(
      `INSERT INTO users (name, email, password_hash, referral_code)
       SELECT 'Muhammad Abdul Rehman Siddiqui ' || n, 'large-' || n || '-' || lower($1) || '@example.com', 'not-a-hash', 'L' || $1 || lpad(n::text, 2, '0')
       FROM generate_series(1, 50) AS n ORDER BY n RETURNING id`,
      [tag],
    );
    for (const user of users) expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: user.id, groupId: group.id }, admin.token)).status).toBe(201);
    // Some receipts waiting, some paid: the longest state word and every kind of cell.
    await ctx.db.query(`UPDATE payments SET under_review = true WHERE group_id = $1 AND type = 'INSTALMENT' AND month IN (2, 5)`, [group.id]);
    await ctx.db.query(`UPDATE payments SET status = 'PAID', under_review = false WHERE group_id = $1 AND type = 'INSTALMENT' AND month = 1 AND year = 2024`, [group.id]);

    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/groups/${group.id}/arrears`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    const grid = res.json().data as Arrears;
    expect(grid.members).toHaveLength(25);
    expect(grid.months).toHaveLength(48);
    expect(grid.pagination).toEqual({ page: 1, limit: 25, total: 50, pages: 2, exact: true });
    expect(res.rawPayload.length).toBeLessThan(64 * 1024);
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

describe('the overdue members, counted from the oldest unpaid month kept per member', () => {
  it('are the members of the instalments in the OVERDUE state, on days around the grace day', async () => {
    for (const today of ['2026-01-01', '2026-02-09', '2026-02-10', '2026-03-10', '2026-03-11', '2026-03-31', '2027-06-15']) {
      const day = { today, graceDay: 10 };
      const { rows } = await ctx.db.query<{ kept: number; counted: number }>(
        `SELECT ${overdueMembersSql(day)} AS kept,
           (SELECT count(DISTINCT p.user_id)::int FROM payments p WHERE p.type = 'INSTALMENT' AND ${instalmentStateSql(day)} = 'OVERDUE') AS counted`,
      );
      expect(rows[0].kept, `on ${today}`).toBe(rows[0].counted);
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
