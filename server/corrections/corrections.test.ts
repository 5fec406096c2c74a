/**
 * The operator's corrections, with a clock the test controls: undo an approval (commissions reversed by
 * counter-entries, or the undo refused once paid out), correct a receipt under review, remove a member,
 * move a member. Expected figures are built here from the scenario; the invariants checked after every
 * test (server/test/invariants.ts) hold the kept totals, seats and commissions to the rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { correctionMessages } from '../../contract/corrections.ts';
import { groupMessages, membershipMessages } from '../../contract/groups.ts';
import { instalmentMessages } from '../../contract/instalments.ts';
import { sendDueReminders } from '../reminders/reminder-service.ts';
import { multipartBody, ok, openTestFile, sampleFiles, signInAdmin, signUpMember, TEST_APP_URL, type ApiResponse, type BodyOf } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

// Groups start on 1 January 2026; today is 15 March 2026: January and February are past the grace day,
// March is due, April on are to come.
const at = (day: string) => ctx.setNow(`${day}T12:00:00+05:00`);
at('2026-03-15');

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});

/** DELETE with a JSON body (the test client's delete sends none). */
async function removeCall(groupId: string, userId: string, body: unknown, token?: string): Promise<ApiResponse<BodyOf<'DELETE', `/api/admin/groups/${string}/members/${string}`>>> {
  const response = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${groupId}/members/${userId}`, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function newPlan(duration = 6) {
  return ok(await api.post('/api/committee-plans', { name: `Plan ${Math.random().toString(36).slice(2, 8)}`, monthlyAmount: 5000, duration, totalAmount: 5000 * duration, maxMembers: 50 }, admin.token), 201).plan;
}
async function newGroup(planId: string, startDate = '2026-01-01', extra: Record<string, unknown> = {}) {
  return ok(await api.post('/api/admin/groups/create', { planId, groupName: 'G', maxMembers: 50, startDate, ...extra }, admin.token), 201).group;
}
/** A member put into the group by the admin: every month of the cycle still to pay. */
async function memberIn(planId: string, groupId: string, fields: { name?: string; referralCode?: string } = {}) {
  const member = await signUpMember(ctx, fields);
  ok(await api.post(`/api/committee-plans/${planId}/add-user`, { userId: member.user.id, groupId }, admin.token), 201);
  return member;
}
function sendReceipt(token: string, groupId: string, month: number, year = 2026, transfer: Record<string, string> = {}) {
  const form = multipartBody({ groupId, amount: '5000', month: String(month), year: String(year), bankAccountId, ...transfer }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}
async function instalment(userId: string, month: number, year = 2026) {
  const { rows } = await ctx.db.query<{ id: string; group_id: string; status: string; under_review: boolean; receipt_id: string | null; amount: string; due_date: string }>(
    `SELECT id, group_id, status, under_review, receipt_id, amount::text, due_date::text FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month = $2 AND year = $3`,
    [userId, month, year],
  );
  return rows[0];
}
async function paidMonth(member: { token: string; user: { id: string } }, groupId: string, month: number) {
  expect((await sendReceipt(member.token, groupId, month)).statusCode).toBe(201);
  const id = (await instalment(member.user.id, month)).id;
  ok(await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token));
  return id;
}
async function commissionsOf(paymentId: string) {
  const { rows } = await ctx.db.query<{ id: string; amount: string; status: string; reversed_at: Date | null; reverses_commission_id: string | null; accrued_year: number; accrued_month: number }>(
    'SELECT id, amount::text, status, reversed_at, reverses_commission_id, accrued_year, accrued_month FROM commissions WHERE payment_id = $1 ORDER BY reverses_commission_id NULLS FIRST, accrued_at',
    [paymentId],
  );
  return rows;
}
/** The audit rows of a record and action; `After` is what the test reads of the after data. */
async function auditOf<After = Record<string, unknown>>(entityId: string, action: string) {
  const { rows } = await ctx.db.query<{ actor_id: string; before_data: Record<string, unknown>; after_data: After }>(
    'SELECT actor_id, before_data, after_data FROM audit_log WHERE entity_id = $1 AND action = $2',
    [entityId, action],
  );
  return rows;
}

describe('POST /api/payments/{id}/undo-approval', () => {
  it('refuses the month after all: owed again with its reason, the receipt keeps its acceptance, unpaid commissions reversed by counter-entries', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const referrer = await signUpMember(ctx, { name: 'Bilal Referrer' });
    const member = await memberIn(plan.id, group.id, { name: 'Sana Undo', referralCode: referrer.user.referralCode });
    const january = await paidMonth(member, group.id, 1);
    const [commission] = await commissionsOf(january);
    expect(commission).toMatchObject({ amount: '500.00', status: 'PENDING', reversed_at: null });
    const owedBefore = ok(await api.get('/api/payments/summary', member.token)).data.owed;
    expect(owedBefore).toBeDefined();
    const receiptId = (await instalment(member.user.id, 1)).receipt_id;

    const undone = ok(await api.post(`/api/payments/${january}/undo-approval`, { reason: 'The transfer never reached the account.' }, admin.token));
    expect(undone.message).toBe(correctionMessages.approvalUndone);
    expect(undone.payment).toMatchObject({ id: january, status: 'REJECTED', state: 'OVERDUE', rejectionReason: 'The transfer never reached the account.' });

    // January is owed again: one more month, PKR 5,000 more, on the member's own summary.
    const owedAfter = ok(await api.get('/api/payments/summary', member.token)).data.owed;
    expect(owedAfter).toEqual({ count: owedBefore!.count + 1, amount: owedBefore!.amount + 5000 });
    const { rows: receipt } = await ctx.db.query<{ outcome: string; undone_by: string; undo_reason: string; payment_id: string }>('SELECT outcome, undone_by, undo_reason, payment_id FROM receipts WHERE id = $1', [receiptId]);
    expect(receipt[0]).toEqual({ outcome: 'ACCEPTED', undone_by: admin.user.id, undo_reason: 'The transfer never reached the account.', payment_id: january });

    // The commission stays, marked reversed, beside a counter-entry of the opposite amount in its month.
    const [original, counter] = await commissionsOf(january);
    expect(original.id).toBe(commission.id);
    expect(original.reversed_at).not.toBeNull();
    expect(counter).toMatchObject({ amount: '-500.00', status: 'PENDING', reverses_commission_id: commission.id, accrued_year: commission.accrued_year, accrued_month: commission.accrued_month });
    const history = ok(await api.get(`/api/referrals/commission-history?userId=${referrer.user.id}`, admin.token));
    const amounts = history.commissions.map((c) => [c.amount, c.reversal]).sort();
    expect(amounts).toEqual([[-500, true], [500, false]].sort());

    const [audit] = await auditOf(january, 'PAYMENT_APPROVAL_UNDONE');
    expect(audit.actor_id).toBe(admin.user.id);
    expect(audit.after_data).toEqual({ status: 'REJECTED', reason: 'The transfer never reached the account.', reversedCommissions: [commission.id] });
    const { rows: told } = await ctx.db.query<{ message: string }>(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'INSTALMENT_APPROVAL_UNDONE'`, [member.user.id]);
    expect(told[0].message).toContain('January 2026');

    // Approving again takes a new receipt, and accrues a new live commission.
    expect((await api.put(`/api/payments/${january}/status`, { status: 'paid' }, admin.token)).status).toBe(409);
    expect((await sendReceipt(member.token, group.id, 1)).statusCode).toBe(201);
    ok(await api.put(`/api/payments/${january}/status`, { status: 'paid' }, admin.token));
    const after = await commissionsOf(january);
    expect(after.map((c) => c.amount).sort()).toEqual(['-500.00', '500.00', '500.00']);
    expect(after.filter((c) => c.reversed_at === null && c.reverses_commission_id === null)).toHaveLength(1);
  });

  it('is refused once a commission it accrued is paid out, and changes nothing', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const referrer = await signUpMember(ctx, { name: 'Paid Referrer' });
    const member = await memberIn(plan.id, group.id, { referralCode: referrer.user.referralCode });
    const january = await paidMonth(member, group.id, 1);
    const [commission] = await commissionsOf(january);
    ok(await api.post('/api/admin/commission-payments/bulk-pay', { month: commission.accrued_month, year: commission.accrued_year, paymentMethod: 'BANK_TRANSFER', transactionId: 'TX-UNDO' }, admin.token), 201);

    const refused = await api.post(`/api/payments/${january}/undo-approval`, { reason: 'Mistake' }, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'correction.commissionPaidOut', message: correctionMessages.commissionPaidOut });
    expect((await instalment(member.user.id, 1)).status).toBe('PAID');
    expect(await commissionsOf(january)).toHaveLength(1);
    expect(await auditOf(january, 'PAYMENT_APPROVAL_UNDONE')).toEqual([]);
  });

  it('answers 400, 401, 403, 404 and 409 where its rules say', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await memberIn(plan.id, group.id);
    const january = await paidMonth(member, group.id, 1);
    const february = (await instalment(member.user.id, 2)).id;

    const blank = await api.post(`/api/payments/${january}/undo-approval`, { reason: '  ' }, admin.token);
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ reason: correctionMessages.reasonRequired });
    expect((await api.post(`/api/payments/${january}/undo-approval`, {}, admin.token)).body.errors).toEqual({ reason: correctionMessages.reasonRequired });
    expect((await api.post(`/api/payments/${january}/undo-approval`, { reason: 'x'.repeat(501) }, admin.token)).status).toBe(400);
    expect((await api.post(`/api/payments/${january}/undo-approval`, { reason: 'r' })).status).toBe(401);
    expect((await api.post(`/api/payments/${january}/undo-approval`, { reason: 'r' }, member.token)).status).toBe(403);
    expect((await api.post('/api/payments/00000000-0000-4000-8000-000000000000/undo-approval', { reason: 'r' }, admin.token)).status).toBe(404);
    expect((await api.post('/api/payments/not-an-id/undo-approval', { reason: 'r' }, admin.token)).status).toBe(404);
    const unpaid = await api.post(`/api/payments/${february}/undo-approval`, { reason: 'r' }, admin.token);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toMatchObject({ code: 'correction.notApproved' });
    expect((await instalment(member.user.id, 1)).status).toBe('PAID');
  });

  it('leaves a month paid with the plan request to the plan request', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await signUpMember(ctx);
    const request = ok(await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, member.token), 201);
    ok(await api.put(`/api/plan-payments/${request.data.payment.id}/receipt`, { receiptImage: 'https://bank.example/r/2' }, member.token));
    ok(await api.put(`/api/plan-payments/${request.data.payment.id}/approve`, { groupId: group.id }, admin.token));
    const january = await instalment(member.user.id, 1);
    expect(january.status).toBe('PAID');
    const refused = await api.post(`/api/payments/${january.id}/undo-approval`, { reason: 'r' }, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('correction.settledByPlan');
    const planRequest = await api.post(`/api/payments/${request.data.payment.id}/undo-approval`, { reason: 'r' }, admin.token);
    expect(planRequest.status).toBe(409);
    expect(planRequest.body.message).toBe(instalmentMessages.planRequestElsewhere);
  });
});

describe('PUT /api/payments/{id}/correct', () => {
  it('moves a receipt to the month it pays for, gives the month it leaves its refused receipt back, and fixes the amount', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await memberIn(plan.id, group.id);
    // March: one receipt refused, then another sent, which was meant for April.
    expect((await sendReceipt(member.token, group.id, 3)).statusCode).toBe(201);
    const march = await instalment(member.user.id, 3);
    ok(await api.put(`/api/payments/${march.id}/status`, { status: 'rejected', reason: 'Unreadable' }, admin.token));
    expect((await sendReceipt(member.token, group.id, 3)).statusCode).toBe(201);
    const sent = await instalment(member.user.id, 3);
    expect(sent.receipt_id).not.toBe(march.receipt_id);

    const moved = ok(await api.put(`/api/payments/${march.id}/correct`, { month: 4, year: 2026, reason: 'The member paid April ahead.' }, admin.token));
    expect(moved.message).toBe(correctionMessages.receiptCorrected);
    const april = await instalment(member.user.id, 4);
    expect(moved.payment).toMatchObject({ id: april.id, month: 4, year: 2026, underReview: true, state: 'UNDER_REVIEW' });
    expect(april).toMatchObject({ under_review: true, receipt_id: sent.receipt_id });
    expect(await instalment(member.user.id, 3)).toMatchObject({ status: 'REJECTED', under_review: false, receipt_id: march.receipt_id });
    const { rows: receipt } = await ctx.db.query<{ payment_id: string }>('SELECT payment_id FROM receipts WHERE id = $1', [sent.receipt_id]);
    expect(receipt[0].payment_id).toBe(april.id);
    const [audit] = await auditOf(april.id, 'PAYMENT_RECEIPT_CORRECTED');
    expect(audit.before_data).toMatchObject({ paymentId: march.id, month: 3, year: 2026, amount: 5000 });
    expect(audit.after_data).toMatchObject({ paymentId: april.id, month: 4, year: 2026, amount: 5000, reason: 'The member paid April ahead.' });

    // The amount the receipt shows is what the month is recorded as paying, and what approval collects.
    const fixed = ok(await api.put(`/api/payments/${april.id}/correct`, { amount: 4500, reason: 'The bank slip shows PKR 4,500.' }, admin.token));
    expect(fixed.payment).toMatchObject({ id: april.id, amount: 4500, month: 4 });
    ok(await api.put(`/api/payments/${april.id}/status`, { status: 'paid' }, admin.token));
    expect(ok(await api.get('/api/payments/summary', member.token)).data.paid).toEqual({ count: 1, amount: 4500 });
  });

  it('moves the transfer date and transaction number with the receipt; the month it leaves gets its refused receipt’s back', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await memberIn(plan.id, group.id);
    expect((await sendReceipt(member.token, group.id, 3, 2026, { transferDate: '2026-03-02', transactionNumber: 'OLD-1' })).statusCode).toBe(201);
    const march = await instalment(member.user.id, 3);
    ok(await api.put(`/api/payments/${march.id}/status`, { status: 'rejected', reason: 'Unreadable' }, admin.token));
    expect((await sendReceipt(member.token, group.id, 3, 2026, { transferDate: '2026-03-14', transactionNumber: 'NEW-2' })).statusCode).toBe(201);

    const moved = ok(await api.put(`/api/payments/${march.id}/correct`, { month: 4, year: 2026, reason: 'The member paid April ahead.' }, admin.token));
    expect(moved.payment).toMatchObject({ month: 4, transferDate: '2026-03-14', transactionNumber: 'NEW-2' });
    expect(ok(await api.get(`/api/payments/${march.id}`, admin.token)).payment).toMatchObject({ status: 'REJECTED', transferDate: '2026-03-02', transactionNumber: 'OLD-1' });
  });

  it('answers 400, 401, 403, 404 and 409 where its rules say', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await memberIn(plan.id, group.id);
    await paidMonth(member, group.id, 1);
    expect((await sendReceipt(member.token, group.id, 2)).statusCode).toBe(201);
    const february = (await instalment(member.user.id, 2)).id;
    const march = (await instalment(member.user.id, 3)).id;
    const correct = (id: string, body: unknown, token: string | undefined = admin.token) => api.put(`/api/payments/${id}/correct`, body, token);

    expect((await correct(february, { month: 3, reason: 'r' })).body.errors).toEqual({ year: correctionMessages.monthWithBoth });
    expect((await correct(february, { reason: 'r' })).body.errors).toEqual({ month: correctionMessages.nothingToCorrect });
    expect((await correct(february, { amount: 0, reason: 'r' })).body.errors).toEqual({ amount: correctionMessages.amountPositive });
    expect((await correct(february, { amount: 4000 })).body.errors).toEqual({ reason: correctionMessages.reasonRequired });
    expect((await correct(february, { month: 13, year: 2026, reason: 'r' })).status).toBe(400);
    const outside = await correct(february, { month: 12, year: 2027, reason: 'r' });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({ month: instalmentMessages.notInCycle });
    expect((await correct(february, { month: 2, year: 2026, reason: 'r' })).body.errors).toEqual({ month: correctionMessages.sameMonth });
    const taken = await correct(february, { month: 1, year: 2026, reason: 'r' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('correction.monthTaken');
    const notWaiting = await correct(march, { amount: 4000, reason: 'r' });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.body.code).toBe('correction.notUnderReview');
    expect((await correct(february, { amount: 4000, reason: 'r' }, '')).status).toBe(401);
    expect((await correct(february, { amount: 4000, reason: 'r' }, member.token)).status).toBe(403);
    expect((await correct('00000000-0000-4000-8000-000000000000', { amount: 4000, reason: 'r' })).status).toBe(404);
    // Nothing refused changed anything.
    expect(await instalment(member.user.id, 2)).toMatchObject({ under_review: true, amount: '5000.00' });
  });
});

describe('DELETE /api/admin/groups/{id}/members/{userId}', () => {
  it('takes the months to come off the schedule, leaves the months due owed, frees the seat and keeps the member listed', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id);
    const member = await memberIn(plan.id, group.id, { name: 'Rehan Leaves' });
    const stays = await memberIn(plan.id, group.id, { name: 'Hina Stays' });
    await paidMonth(member, group.id, 1);
    // A reminder went out for April before the removal: its record stays.
    ok(await api.put('/api/admin/settings/reminders', { daysBefore: 3 }, admin.token));
    await sendDueReminders(ctx.db, { today: '2026-03-29', graceDay: 10 }, TEST_APP_URL);
    const april = (await instalment(member.user.id, 4)).id;
    const { rowCount: reminded } = await ctx.db.query('SELECT 1 FROM reminders_sent WHERE payment_id = $1', [april]);
    expect(reminded).toBe(1);
    const before = ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).group;

    const removed = ok(await removeCall(group.id, member.user.id, { reason: 'Asked to leave the committee.' }, admin.token));
    expect(removed).toEqual({ success: true, code: 'correction.memberRemoved', message: correctionMessages.memberRemoved, data: { userId: member.user.id, groupId: group.id, cancelledInstalments: 3 } });

    // February and March stay owed (PKR 10,000); April to June are gone; January stays paid.
    const summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 2, amount: 10000 });
    expect(summary.paid).toEqual({ count: 1, amount: 5000 });
    expect(summary.remaining).toEqual({ count: 2, amount: 10000 });
    const { rows: months } = await ctx.db.query<{ month: number }>(`SELECT month FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' ORDER BY month`, [member.user.id]);
    expect(months.map((m) => m.month)).toEqual([1, 2, 3]);
    expect((await ctx.db.query('SELECT 1 FROM reminders_sent WHERE payment_id = $1', [april])).rowCount).toBe(1);

    const details = ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).group;
    expect(details.currentMembers).toBe(before.currentMembers - 1);
    expect(details.members.find((m) => m.userId === member.user.id)).toMatchObject({ status: 'DROPPED' });
    const arrears = ok(await api.get(`/api/admin/groups/${group.id}/arrears`, admin.token)).data;
    const row = arrears.members.find((m) => m.userId === member.user.id);
    expect(row?.cells.filter((c) => c && (c.state === 'OWED' || c.state === 'OVERDUE'))).toHaveLength(2);

    const [audit] = await auditOf<{ reason: string; cancelledInstalments: { month: number }[] }>(group.id, 'GROUP_MEMBER_REMOVE');
    expect(audit.after_data.reason).toBe('Asked to leave the committee.');
    expect(audit.after_data.cancelledInstalments.map((p) => p.month)).toEqual([4, 5, 6]);

    // Removed once: not a member any more; the admin cannot put them back into this group.
    expect((await removeCall(group.id, member.user.id, { reason: 'again' }, admin.token)).status).toBe(404);
    const back = await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admin.token);
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('correction.removedBefore');
    expect((await instalment(stays.user.id, 4)).status).toBe('PENDING');
  });

  it('keeps a winner and a member with a receipt under review, and answers 400, 401, 403 and 404', async () => {
    const plan = await newPlan();
    const group = await newGroup(plan.id, '2026-01-01', { groupNumber: '7' });
    const winner = await memberIn(plan.id, group.id);
    const waiting = await memberIn(plan.id, group.id);
    const outsider = await signUpMember(ctx);
    ok(await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '7', month: 1, year: 2026, userId: winner.user.id, reason: 'Agreed by the committee.' }, admin.token), 201);
    expect((await sendReceipt(waiting.token, group.id, 1)).statusCode).toBe(201);

    const won = await removeCall(group.id, winner.user.id, { reason: 'r' }, admin.token);
    expect(won.status).toBe(409);
    expect(won.body.code).toBe('correction.winnerStays');
    const review = await removeCall(group.id, waiting.user.id, { reason: 'r' }, admin.token);
    expect(review.status).toBe(409);
    expect(review.body.code).toBe('correction.receiptWaiting');
    expect((await removeCall(group.id, waiting.user.id, {}, admin.token)).body.errors).toEqual({ reason: correctionMessages.reasonRequired });
    expect((await removeCall(group.id, waiting.user.id, { reason: 'r' })).status).toBe(401);
    expect((await removeCall(group.id, waiting.user.id, { reason: 'r' }, waiting.token)).status).toBe(403);
    expect((await removeCall(group.id, outsider.user.id, { reason: 'r' }, admin.token)).body.code).toBe('correction.notMember');
    expect((await removeCall(group.id, 'nobody', { reason: 'r' }, admin.token)).status).toBe(404);
    const noGroup = await removeCall('00000000-0000-4000-8000-000000000000', waiting.user.id, { reason: 'r' }, admin.token);
    expect(noGroup.status).toBe(404);
    expect(noGroup.body.message).toBe(groupMessages.notFound);
    expect(ok(await api.get(`/api/admin/groups/${group.id}/details`, admin.token)).group.currentMembers).toBe(2);
  });
});

describe('POST /api/admin/groups/{id}/members/{userId}/move', () => {
  it("carries the member and their paid months to a group of the same plan, re-dated to the new group's months", async () => {
    const plan = await newPlan();
    const from = await newGroup(plan.id, '2026-01-01');
    const to = await newGroup(plan.id, '2026-03-01');
    const member = await memberIn(plan.id, from.id, { name: 'Usman Moves' });
    await memberIn(plan.id, to.id);
    await paidMonth(member, from.id, 1);
    await paidMonth(member, from.id, 2);

    const moved = ok(await api.post(`/api/admin/groups/${from.id}/members/${member.user.id}/move`, { toGroupId: to.id, reason: 'Wants the later group.' }, admin.token));
    expect(moved).toEqual({
      success: true,
      code: 'correction.memberMoved',
      message: correctionMessages.memberMoved,
      data: { userId: member.user.id, fromGroupId: from.id, groupId: to.id, groupNumber: to.groupNumber, memberNumber: 2, paidMonthsCarried: 2 },
    });

    // Six months from March: March and April paid, the rest to come; nothing is owed on 15 March.
    const { rows } = await ctx.db.query<{ group_id: string; month: number; year: number; due_date: string; status: string }>(
      `SELECT group_id, month, year, due_date::text, status FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' ORDER BY due_date`,
      [member.user.id],
    );
    expect(rows.map((r) => [r.group_id, `${r.year}-${r.month}`, r.due_date, r.status])).toEqual([
      [to.id, '2026-3', '2026-03-01', 'PAID'],
      [to.id, '2026-4', '2026-04-01', 'PAID'],
      [to.id, '2026-5', '2026-05-01', 'PENDING'],
      [to.id, '2026-6', '2026-06-01', 'PENDING'],
      [to.id, '2026-7', '2026-07-01', 'PENDING'],
      [to.id, '2026-8', '2026-08-01', 'PENDING'],
    ]);
    const summary = ok(await api.get('/api/payments/summary', member.token)).data;
    expect(summary.owed).toEqual({ count: 0, amount: 0 });
    expect(summary.paid).toEqual({ count: 2, amount: 10000 });
    // The member's own groups: the new one active, the old one history, with when and where they went.
    const mine = ok(await api.get('/api/committee-plans/user/groups', member.token)).data.groups;
    expect(mine.find((g) => g.id === to.id)).toMatchObject({ memberStatus: 'ACTIVE', leftAt: null, movedToGroupNumber: null });
    const old = mine.find((g) => g.id === from.id);
    expect(old).toMatchObject({ memberStatus: 'DROPPED', movedToGroupNumber: to.groupNumber, payments: [] });
    expect(Date.parse(old!.leftAt ?? '')).not.toBeNaN();

    const fromDetails = ok(await api.get(`/api/admin/groups/${from.id}/details`, admin.token)).group;
    const toDetails = ok(await api.get(`/api/admin/groups/${to.id}/details`, admin.token)).group;
    expect(fromDetails.currentMembers).toBe(0);
    expect(fromDetails.members.find((m) => m.userId === member.user.id)).toMatchObject({ status: 'DROPPED' });
    expect(toDetails.currentMembers).toBe(2);
    expect(toDetails.members.find((m) => m.userId === member.user.id)).toMatchObject({ status: 'ACTIVE', memberNumber: 2 });
    // The group ledgers: the money went with the member.
    const fromLedger = ok(await api.get(`/api/admin/groups/${from.id}/ledger`, admin.token)).data;
    const toLedger = ok(await api.get(`/api/admin/groups/${to.id}/ledger`, admin.token)).data;
    expect(fromLedger.totals.collected).toBe(0);
    expect(toLedger.totals.collected).toBe(10000);
    const [audit] = await auditOf<{ instalments: { from: string; to: string; status: string }[] }>(from.id, 'GROUP_MEMBER_MOVE');
    expect(audit.after_data).toMatchObject({ userId: member.user.id, groupId: to.id, memberNumber: 2, reason: 'Wants the later group.' });
    expect(audit.after_data.instalments.slice(0, 2)).toEqual([
      expect.objectContaining({ from: '2026-01', to: '2026-03', status: 'PAID' }),
      expect.objectContaining({ from: '2026-02', to: '2026-04', status: 'PAID' }),
    ]);
  });

  it('answers 400, 401, 403, 404 and 409 where its rules say', async () => {
    const plan = await newPlan();
    const other = await newPlan();
    const from = await newGroup(plan.id, '2026-01-01', { groupNumber: '3' });
    const full = await newGroup(plan.id, '2026-02-01', { maxMembers: 1 });
    const closed = await newGroup(plan.id, '2026-02-01');
    ok(await api.put(`/api/admin/groups/${closed.id}`, { isActive: false }, admin.token));
    const open = await newGroup(plan.id, '2026-02-01');
    const elsewhere = await newGroup(other.id);
    const member = await memberIn(plan.id, from.id);
    const winner = await memberIn(plan.id, from.id);
    await memberIn(plan.id, full.id);
    ok(await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '3', month: 1, year: 2026, userId: winner.user.id, reason: 'Agreed.' }, admin.token), 201);
    const move = (userId: string, body: unknown, token: string | undefined = admin.token, groupId = from.id) => api.post(`/api/admin/groups/${groupId}/members/${userId}/move`, body, token);

    expect((await move(member.user.id, { reason: 'r' })).body.errors).toEqual({ toGroupId: correctionMessages.targetRequired });
    expect((await move(member.user.id, { toGroupId: open.id })).body.errors).toEqual({ reason: correctionMessages.reasonRequired });
    expect((await move(member.user.id, { toGroupId: from.id, reason: 'r' })).body.errors).toEqual({ toGroupId: correctionMessages.sameGroup });
    expect((await move(member.user.id, { toGroupId: elsewhere.id, reason: 'r' })).body.errors).toEqual({ toGroupId: correctionMessages.otherPlan });
    expect((await move(member.user.id, { toGroupId: '00000000-0000-4000-8000-000000000000', reason: 'r' })).body.errors).toEqual({ toGroupId: groupMessages.notFound });
    const isFull = await move(member.user.id, { toGroupId: full.id, reason: 'r' });
    expect(isFull.status).toBe(409);
    expect(isFull.body.message).toBe(groupMessages.full);
    const isClosed = await move(member.user.id, { toGroupId: closed.id, reason: 'r' });
    expect(isClosed.status).toBe(409);
    expect(isClosed.body.message).toBe(membershipMessages.groupInactive);
    expect((await move(winner.user.id, { toGroupId: open.id, reason: 'r' })).body.code).toBe('correction.winnerStays');
    expect((await move(member.user.id, { toGroupId: open.id, reason: 'r' }, '')).status).toBe(401);
    expect((await move(member.user.id, { toGroupId: open.id, reason: 'r' }, member.token)).status).toBe(403);
    expect((await move(member.user.id, { toGroupId: open.id, reason: 'r' }, admin.token, full.id)).body.code).toBe('correction.notMember');
    expect((await move(member.user.id, { toGroupId: open.id, reason: 'r' }, admin.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Nothing refused moved anyone.
    expect((await instalment(member.user.id, 1)).group_id).toBe(from.id);

    // Moved there and back: the group it left once does not take the member again.
    ok(await move(member.user.id, { toGroupId: open.id, reason: 'r' }));
    const back = await move(member.user.id, { toGroupId: from.id, reason: 'r' }, admin.token, open.id);
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('correction.removedBefore');
  });
});
