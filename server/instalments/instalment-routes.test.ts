import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentsSummaryAnswer } from '../../contract/figures.ts';
import {
  bulkStatusAnswer,
  defaultersReport,
  memberGroupsAnswer,
  memberPaymentListAnswer,
  paidReport,
  paymentAnswer,
  paymentHistoryAnswer,
  paymentListAnswer,
  paymentReportAnswer,
  pendingQueueAnswer,
  summaryReport,
} from '../../contract/instalments.ts';
import { testFactories } from '../test/factories.ts';
import { lastEmailTo, multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { markOverdueInstalments } from './overdue-job.ts';
import { showsSamePicture } from '../test/pictures.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let make: ReturnType<typeof testFactories>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  bankAccountId = await make.bankAccount();
});

type Schedule = { id: string; month: number; year: number; status: string; amount: number; underReview: boolean }[];

/** A member approved into a three-month group that started in January 2026 (so the months are fixed). */
async function memberInGroup() {
  const made = await make.memberInGroup({ startDate: '2026-01-01' });
  return { ...made, schedule: () => scheduleOf(made.member.token, made.groupId) };
}

async function scheduleOf(token: string, groupId: string): Promise<Schedule> {
  const res = await api.get('/api/committee-plans/user/groups', token, { answer: memberGroupsAnswer });
  return res.body.data.groups.find((g) => g.id === groupId)!.payments;
}

function pay(token: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer } | null = { name: 'r.jpg', type: 'image/jpeg', data: sampleFiles.jpg }) {
  const form = multipartBody(fields, file ?? undefined);
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

const februaryFields = (groupId: string) => ({ groupId, amount: '5000', month: '2', year: '2026', paymentMethod: 'bank_transfer', bankAccountId, notes: 'Group 1 - February 2026' });

describe('GET /api/committee-plans/user/groups', () => {
  it('shows the schedule made at approval: one instalment a month, the first settled', async () => {
    const { member, plan, groupId } = await memberInGroup();
    const res = await api.get('/api/committee-plans/user/groups', member.token, { answer: memberGroupsAnswer });
    expect(res.status).toBe(200);
    const group = res.body.data.groups[0];
    expect(group).toMatchObject({ id: groupId, groupNumber: '1', currentMembers: 1, maxMembers: 10, startDate: '2026-01-01', endDate: '2026-04-01', position: 1, winners: [] });
    expect(group.plan).toEqual({ id: plan.id, name: plan.name, monthlyAmount: 5000, duration: 3, totalAmount: 15000 });
    expect(group.payments.map((p: Schedule[number]) => [p.year, p.month, p.status, p.amount])).toEqual([
      [2026, 1, 'PAID', 5000],
      [2026, 2, 'PENDING', 5000],
      [2026, 3, 'PENDING', 5000],
    ]);
    expect(group.payments[0].receiptUrl).toMatch(/^\/api\/receipts\//);
    expect((await api.get('/api/committee-plans/user/groups')).status).toBe(401);
    expect((await api.get('/api/committee-plans/user/groups', (await signUpMember(ctx)).token)).body.data.groups).toEqual([]);
  });
});

describe('POST /api/payments', () => {
  it('takes a receipt for a month of the own group; it waits in the admin queue', async () => {
    const { member, groupId, schedule } = await memberInGroup();
    const res = await pay(member.token, februaryFields(groupId));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Payment created successfully');
    expect(res.json().payment).toMatchObject({ month: 2, year: 2026, status: 'PENDING', underReview: true, reviewStatus: 'pending', paymentMethod: 'BANK_TRANSFER', hasReceipt: true });
    expect((await schedule())[1].underReview).toBe(true);
    const queue = await api.get('/api/payments/pending-queue', admin.token, { answer: pendingQueueAnswer });
    expect(queue.body.data.payments.map((p) => p.id)).toContain(res.json().payment.id);
    // One copy (data.payments), of what the queue shows; the payment's own page has the rest.
    expect(queue.body).not.toHaveProperty('payments');
    expect(queue.body.data.pagination).toMatchObject({ page: 1, limit: 50 });
    const queued = queue.body.data.payments.find((p) => p.id === res.json().payment.id)!;
    expect(queued).toMatchObject({ month: 2, year: 2026, underReview: true, state: 'UNDER_REVIEW', hasReceipt: true, receiptUrl: expect.any(String), user: { name: expect.any(String), email: member.email } });
    expect(Object.keys(queued.plan).sort()).toEqual(['id', 'name']);
    // The review shows which account the member paid into (to check against the bank statement).
    expect(queued.bankAccount).toMatchObject({ accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL' });
    for (const detail of ['receiptName', 'adminNotes', 'committee']) expect(queued).not.toHaveProperty(detail);
    const adminNote = await ctx.db.query<{ type: string }>(`SELECT type FROM notifications WHERE user_id = $1 AND type = 'INSTALMENT_SUBMITTED'`, [admin.user.id]);
    expect(adminNote.rowCount).toBeGreaterThan(0);
  });

  it("refuses a second receipt while one is under review, or for a paid month: 'Payment already exists for this month.'", async () => {
    const { member, groupId } = await memberInGroup();
    expect((await pay(member.token, februaryFields(groupId))).statusCode).toBe(201);
    const again = await pay(member.token, februaryFields(groupId));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Payment already exists for this month.');
    const january = await pay(member.token, { ...februaryFields(groupId), month: '1' });
    expect(january.statusCode).toBe(409);
  });

  it('checks month, year, amount, receipt and account', async () => {
    const { member, groupId } = await memberInGroup();
    const outside = await pay(member.token, { ...februaryFields(groupId), month: '7' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.month).toBe("This month is not part of the group's payment schedule.");
    expect((await pay(member.token, { ...februaryFields(groupId), month: '13' })).statusCode).toBe(400);
    expect((await pay(member.token, { ...februaryFields(groupId), year: '2031' })).json().errors.year).toBe('Year must be between 2020 and 2030.');
    const wrongAmount = await pay(member.token, { ...februaryFields(groupId), amount: '4000' });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().errors.amount).toContain('PKR 5,000');
    const noReceipt = await pay(member.token, februaryFields(groupId), null);
    expect(noReceipt.json()).toMatchObject({ message: 'Please upload a payment receipt or screenshot.' });
    const { bankAccountId: _, ...withoutBank } = februaryFields(groupId);
    expect((await pay(member.token, withoutBank)).json().message).toBe('Please select a bank account for payment.');
    expect((await pay(member.token, { amount: '5000', month: '2', year: '2026', bankAccountId })).json().message).toBe('Group, amount and month are required');
    const svg = await pay(member.token, februaryFields(groupId), { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect(svg.statusCode).toBe(415);
  });

  it("answers 404 for another member's group", async () => {
    const { groupId } = await memberInGroup();
    const stranger = await signUpMember(ctx);
    const res = await pay(stranger.token, februaryFields(groupId));
    expect(res.statusCode).toBe(404);
  });
});

describe('review by an admin', () => {
  it('approves: PAID with a payment date, the member is told, progress moves, one audit row', async () => {
    const { member, groupId, schedule } = await memberInGroup();
    const id = (await pay(member.token, februaryFields(groupId))).json().payment.id;
    const res = await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token, { answer: paymentAnswer });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment paid successfully');
    expect(res.body.payment).toMatchObject({ status: 'PAID', underReview: false, reviewStatus: 'approved' });
    expect(res.body.payment.paymentDate).not.toBeNull();
    expect((await schedule()).map((p) => p.status)).toEqual(['PAID', 'PAID', 'PENDING']);
    expect((await lastEmailTo(ctx.db, member.email))?.subject).toBe('Payment approved');
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1', [id]);
    expect(audit.rows).toEqual([{ action: 'PAYMENT_PAID' }]);
    const undo = await api.put(`/api/payments/${id}/status`, { status: 'rejected', reason: 'oops' }, admin.token);
    expect(undo.status).toBe(409);
  });

  it('rejects with a reason; the refused receipt stays in the history when the member sends a new one', async () => {
    const { member, groupId } = await memberInGroup();
    const first = (await pay(member.token, februaryFields(groupId))).json().payment;
    expect((await api.put(`/api/payments/${first.id}/status`, { status: 'REJECTED' }, admin.token)).status).toBe(400);
    const rejected = await api.put(`/api/payments/${first.id}/status`, { status: 'rejected', notes: 'Amount does not match the transfer' }, admin.token, { answer: paymentAnswer });
    expect(rejected.status).toBe(200);
    expect(rejected.body.payment).toMatchObject({ status: 'REJECTED', reviewStatus: 'rejected', rejectionReason: 'Amount does not match the transfer' });

    const second = await pay(member.token, februaryFields(groupId), { name: 'again.pdf', type: 'application/pdf', data: sampleFiles.pdf });
    expect(second.statusCode).toBe(201);
    expect(second.json().payment).toMatchObject({ id: first.id, underReview: true });
    const history = await api.get(`/api/payments/history/${first.id}`, member.token, { answer: paymentHistoryAnswer });
    expect(history.status).toBe(200);
    expect(history.body.receipts.map((r) => [r.outcome, r.reason, r.contentType])).toEqual([
      ['UNDER_REVIEW', null, 'application/pdf'],
      ['REFUSED', 'Amount does not match the transfer', 'image/jpeg'],
    ]);
    const oldFile = await ctx.app.inject({ method: 'GET', url: history.body.receipts[1].receiptUrl! });
    expect(oldFile.statusCode).toBe(200);
    expect(await showsSamePicture(oldFile.rawPayload, sampleFiles.jpg)).toBe(true);
    expect((await api.get(`/api/payments/history/${first.id}`, (await signUpMember(ctx)).token)).status).toBe(404);

    // A file whose bytes are not on this server's disk (stored by another, or removed by hand): 404, never 500.
    const { rows } = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM receipts WHERE payment_id = $1 ORDER BY created_at LIMIT 1', [first.id]);
    fs.rmSync(path.join(ctx.config.dataDir, 'receipts', rows[0].storage_key));
    const missing = await ctx.app.inject({ method: 'GET', url: history.body.receipts[1].receiptUrl! });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'receipt.notAvailable', message: 'Receipt is not available for this payment.' });
  });

  it('bulk: one transaction that changes what it may and counts the rest apart', async () => {
    const a = await memberInGroup();
    const b = await memberInGroup();
    const underReview = (await pay(a.member.token, februaryFields(a.groupId))).json().payment.id;
    const paid = (await a.schedule())[0].id;
    const waiting = (await b.schedule())[2].id;
    const res = await api.put('/api/payments/bulk-status', { paymentIds: [underReview, paid, waiting, 'not-an-id'], status: 'rejected', notes: 'Unclear receipts' }, admin.token, { answer: bulkStatusAnswer });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(res.body.data.refusedCount).toBe(3);
    expect(res.body.message).toBe('Updated 1 payments successfully');
    expect((await a.schedule()).map((p) => p.status)).toEqual(['PAID', 'REJECTED', 'PENDING']);

    const overdue = await api.put('/api/payments/bulk-status', { paymentIds: [waiting], status: 'overdue' }, admin.token, { answer: bulkStatusAnswer });
    expect(overdue.body.data).toMatchObject({ count: 1, refusedCount: 0 });
    expect((await api.put('/api/payments/bulk-status', { paymentIds: [], status: 'paid' }, admin.token)).body.message).toBe('Please select payments to update');
    expect((await api.put('/api/payments/bulk-status', { paymentIds: [waiting], status: 'rejected' }, admin.token)).status).toBe(400);
  });

  it('is closed to members, and plan requests are reviewed elsewhere', async () => {
    const { member, groupId, subscriptionId } = await memberInGroup();
    const id = (await pay(member.token, februaryFields(groupId))).json().payment.id;
    expect((await api.put(`/api/payments/${id}/status`, { status: 'paid' }, member.token)).status).toBe(403);
    expect((await api.put('/api/payments/bulk-status', { paymentIds: [id], status: 'paid' }, member.token)).status).toBe(403);
    expect((await api.get('/api/payments/pending-queue', member.token)).status).toBe(403);
    expect((await api.get('/api/payments/reports', member.token)).status).toBe(403);
    expect((await api.put(`/api/payments/${id}/status`, { status: 'approved' }, admin.token)).status).toBe(400);
    expect((await api.put(`/api/payments/${subscriptionId}/status`, { status: 'paid' }, admin.token)).status).toBe(409);
    expect((await api.put('/api/payments/00000000-0000-4000-8000-000000000000/status', { status: 'paid' }, admin.token)).status).toBe(404);
  });
});

describe('overdue instalments', () => {
  it('are marked after the grace day in Karachi time, once, with one notification and email each', async () => {
    // Joined in January: February came due after joining, so the job is the one to announce it
    // (a month already overdue on joining is told of then: reminders/months-owed-on-joining.test.ts).
    ctx.setNow('2026-01-20T12:00:00+05:00');
    const { member, schedule } = await memberInGroup().finally(() => ctx.setNow(undefined));
    expect(await markOverdueInstalments(ctx.db, { today: '2026-02-10', graceDay: 10 }, ctx.config.appUrl)).toBe(0);
    const marked = await markOverdueInstalments(ctx.db, { today: '2026-02-11', graceDay: 10 }, ctx.config.appUrl);
    expect(marked).toBeGreaterThanOrEqual(1);
    expect((await schedule()).map((p) => p.status)).toEqual(['PAID', 'OVERDUE', 'PENDING']);
    expect(await markOverdueInstalments(ctx.db, { today: '2026-02-11', graceDay: 10 }, ctx.config.appUrl)).toBe(0);
    const notes = await ctx.db.query<{ message: string }>(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'INSTALMENT_OVERDUE'`, [member.user.id]);
    expect(notes.rows).toEqual([{ message: 'Your payment for February 2026 is overdue. Please pay it as soon as you can.' }]);
    expect((await lastEmailTo(ctx.db, member.email))?.subject).toBe('Payment overdue');
  });

  it('spare a month whose receipt is under review, and an overdue month can still be paid', async () => {
    const { member, groupId, schedule } = await memberInGroup();
    await pay(member.token, februaryFields(groupId));
    await markOverdueInstalments(ctx.db, { today: '2026-03-11', graceDay: 10 }, ctx.config.appUrl);
    expect((await schedule()).map((p) => p.status)).toEqual(['PAID', 'PENDING', 'OVERDUE']);
    const march = await pay(member.token, { ...februaryFields(groupId), month: '3' });
    expect(march.statusCode).toBe(201);
    expect(march.json().payment).toMatchObject({ status: 'OVERDUE', underReview: true });
  });
});

describe('lists, summary and reports', () => {
  it("shows a member only their own sent payments, and admins every payment with filters", async () => {
    const a = await memberInGroup();
    const b = await memberInGroup();
    await pay(a.member.token, februaryFields(a.groupId));
    await pay(b.member.token, februaryFields(b.groupId));
    const mine = await api.get('/api/payments', a.member.token, { answer: memberPaymentListAnswer });
    expect(mine.body.payments.every((p) => p.userId === a.member.user.id)).toBe(true);
    // January (settled) and February (sent); March, not yet sent, is on the schedule only.
    expect(mine.body.payments.map((p) => p.month).sort()).toEqual([1, 2]);
    const subs = await api.get(`/api/payments?type=SUBSCRIPTION&limit=all&userId=${a.member.user.id}`, admin.token, { answer: paymentListAnswer });
    // A member's list is at the top (member document); an admin's under data (admin document) and at the top too.
    expect(subs.body.payments).toEqual(subs.body.data.payments);
    expect(mine.body.data).not.toHaveProperty('payments');
    expect(mine.body.data.pagination).toMatchObject({ page: 1, total: 2 });
    expect(subs.body.data.payments).toHaveLength(1);
    expect(subs.body.data.payments[0].type).toBe('SUBSCRIPTION');
    const byGroup = await api.get(`/api/payments?groupId=${b.groupId}&type=instalment&limit=all`, admin.token, { answer: paymentListAnswer });
    expect(byGroup.body.data.payments).toHaveLength(3);
    expect((await api.get('/api/payments?limit=101', admin.token)).status).toBe(400);
    const summary = await api.get('/api/payments/summary', a.member.token, { answer: paymentsSummaryAnswer });
    expect(summary.body.data.counts).toMatchObject({ total: 3, paid: 1, pending: 2, underReview: 1 });
  });

  it("gives a member's list the member document's words (lowercase status and method, receiptData) beside the stored codes", async () => {
    const { member, groupId } = await memberInGroup();
    const sent = (await pay(member.token, { ...februaryFields(groupId), paymentMethod: 'mobile_banking' })).json().payment;
    const mine = await api.get('/api/payments', member.token);
    expect(mine.status).toBe(200);
    const stored = await ctx.db.query<{ id: string; status: string; payment_method: string }>(
      `SELECT id, status, payment_method FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month IN (1, 2) ORDER BY month`,
      [member.user.id],
    );
    const words = { PAID: 'approved', PENDING: 'pending', OVERDUE: 'pending', REJECTED: 'rejected' } as Record<string, string>;
    const listed = new Map(mine.body.payments.map((p: { id: string }) => [p.id, p]));
    expect(stored.rows).toHaveLength(2);
    for (const row of stored.rows) {
      expect(listed.get(row.id)).toMatchObject({
        status: words[row.status],
        statusCode: row.status,
        paymentMethod: row.payment_method.toLowerCase(),
        paymentMethodCode: row.payment_method,
      });
    }
    // February was sent with a receipt and waits for review: pending, by mobile banking, its receipt linked.
    expect(listed.get(sent.id)).toMatchObject({ status: 'pending', paymentMethod: 'mobile_banking', receiptData: expect.stringMatching(/^\/api\/receipts\//) });
    // An admin's list keeps the stored codes, as the admin document has them.
    const all = await api.get(`/api/payments?userId=${member.user.id}&limit=all`, admin.token, { answer: paymentListAnswer });
    expect(all.body.data.payments.find((p) => p.id === sent.id)).toMatchObject({ status: 'PENDING', paymentMethod: 'MOBILE_BANKING' });
    expect(all.body.data.payments[0]).not.toHaveProperty('statusCode');
  });

  it("answers an administrator's GET /api/payments with payments at the top, where the member document's client reads them", async () => {
    const { member, groupId } = await memberInGroup();
    await pay(member.token, februaryFields(groupId));
    // As the member document's client reads it (GET /payments → payments), signed in as an administrator.
    const res = await api.get(`/api/payments?userId=${member.user.id}&type=INSTALMENT`, admin.token, { answer: paymentListAnswer });
    expect(res.status).toBe(200);
    const { payments } = res.body;
    expect(payments.map((p) => [p.userId, p.year, p.month, p.amount, p.status]).sort()).toEqual([
      [member.user.id, 2026, 1, 5000, 'PAID'],
      [member.user.id, 2026, 2, 5000, 'PENDING'],
      [member.user.id, 2026, 3, 5000, 'PENDING'],
    ]);
    expect(res.body.data.payments).toEqual(res.body.payments);
  });

  it('reports equal the sums of their rows, counted in the database', async () => {
    const { member, groupId, plan } = await memberInGroup();
    const id = (await pay(member.token, februaryFields(groupId))).json().payment.id;
    await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token);
    await markOverdueInstalments(ctx.db, { today: '2026-03-20', graceDay: 10 }, ctx.config.appUrl);

    const summary = await api.get(`/api/payments/reports?reportType=summary&planId=${plan.id}`, admin.token, { answer: paymentReportAnswer.extend({ data: summaryReport }) });
    expect(summary.status).toBe(200);
    const direct = await ctx.db.query<{ status: string; n: number; amount: string }>(
      `SELECT status, count(*)::int AS n, sum(amount)::text AS amount FROM payments
       WHERE plan_id = $1 AND type = 'INSTALMENT' GROUP BY status`,
      [plan.id],
    );
    const byStatus = Object.fromEntries(direct.rows.map((r) => [r.status, r]));
    expect(summary.body.data.summary.counts).toMatchObject({ paid: byStatus.PAID.n, overdue: byStatus.OVERDUE.n });
    expect(summary.body.data.summary.amounts).toMatchObject({ paid: Number(byStatus.PAID.amount), overdue: Number(byStatus.OVERDUE.amount) });

    const paid = await api.get(`/api/payments/reports?reportType=PAID&planId=${plan.id}&limit=all`, admin.token, { answer: paymentReportAnswer.extend({ data: paidReport }) });
    const paidRows = paid.body.data.payments;
    expect(paidRows).toHaveLength(2);
    expect(paid.body.data.totalAmount).toBe(paidRows.reduce((sum, p) => sum + p.amount, 0));
    const defaulters = await api.get(`/api/payments/reports?reportType=defaulters&planId=${plan.id}`, admin.token, { answer: paymentReportAnswer.extend({ data: defaultersReport }) });
    expect(defaulters.body.data.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 1, overdueAmount: 5000, oldestDueDate: '2026-03-01' })]);
    expect(defaulters.body.data.totalAmount).toBe(5000);
  });

  it("answers the specification's defaulters report with payments in data.payments, with a payment's fields", async () => {
    const { member, groupId, plan } = await memberInGroup();
    const id = (await pay(member.token, februaryFields(groupId))).json().payment.id;
    await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token);

    // As the admin document's Reports tab reads it: GET /payments/reports?reportType=defaulters → data.payments, each a
    // Payment (id, month, year, amount, status, paymentMethod, receiptImage, paymentDate, createdAt, user{name,email},
    // group{id, groupNumber, plan{name}}).
    const report = await api.get(`/api/payments/reports?reportType=defaulters&planId=${plan.id}`, admin.token, {
      answer: paymentReportAnswer.extend({ data: defaultersReport }),
    });
    expect(report.status).toBe(200);
    const march = (await scheduleOf(member.token, groupId)).find((p) => p.month === 3)!;
    expect(report.body.data.payments).toEqual([
      expect.objectContaining({
        id: march.id,
        month: 3,
        year: 2026,
        amount: 5000,
        status: 'PENDING',
        paymentMethod: expect.any(String),
        receiptImage: null,
        paymentDate: null,
        createdAt: expect.any(String),
        user: expect.objectContaining({ name: expect.any(String), email: member.email }),
        group: { id: groupId, groupNumber: '1', plan: { name: plan.name } },
      }),
    ]);
    // The member rows stay under their own key, and the report counts the payments it lists.
    expect(report.body.data.defaulters).toEqual([expect.objectContaining({ userId: member.user.id, overdueCount: 1 })]);
    expect(report.body.data.overdueCount).toBe(report.body.data.payments.length);
  });
});

describe('the review state machine', () => {
  it('refuses approval of a rejected instalment until a new receipt arrives', async () => {
    const { member, groupId } = await memberInGroup();
    const id = (await pay(member.token, februaryFields(groupId))).json().payment.id;
    await api.put(`/api/payments/${id}/status`, { status: 'rejected', reason: 'blurred' }, admin.token);
    const approve = await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token);
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('This payment was rejected; it can be approved once the member sends a new receipt.');
    await pay(member.token, februaryFields(groupId));
    expect((await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
  });
});

describe('approval needs a receipt', () => {
  it('refuses to approve a month nobody has paid, alone or in a bulk move', async () => {
    const { schedule } = await memberInGroup();
    const unpaid = (await schedule())[2].id;
    const single = await api.put(`/api/payments/${unpaid}/status`, { status: 'paid' }, admin.token);
    expect(single.status).toBe(409);
    expect(single.body.message).toBe('There is no submitted receipt to approve for this month yet.');
    const bulk = await api.put('/api/payments/bulk-status', { paymentIds: [unpaid], status: 'paid' }, admin.token, { answer: bulkStatusAnswer });
    expect(bulk.body.data).toMatchObject({ count: 0, refusedCount: 1 });
    // Never 'Updated 0 payments successfully': how many were refused, and that nothing changed.
    expect(bulk.body.message).toBe('No payment was updated: 1 refused.');
  });
});
