/**
 * A group's ledger (RULES §6a): month by month, due, collected, paid out, held and the running balance,
 * for the operator and for the group's own members. Expected figures are built here from the scenario
 * and checked against the stored rows, never by calling the product's own module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { groupDetailsAnswer } from '../../contract/groups.ts';
import { groupLedgerAnswer } from '../../contract/ledgers.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

// The group starts on 1 January 2026 and runs six months; "today" is 31 March 2026 (the grace day is the 10th).
ctx.setNow('2026-03-31T12:00:00+05:00');
const MONTHLY = 5000;
const PRIZE = 30000;

type Member = Awaited<ReturnType<typeof signUpMember>>;
let plan: { id: string };
let group: { id: string; groupNumber: string };
let aisha: Member;
let bilal: Member;
let sana: Member;
let outsider: Member;

/** The answers read here, checked against their schemas and typed by them. */
const ledgerOf = { answer: groupLedgerAnswer };

function sendReceipt(token: string, month: number) {
  const form = multipartBody({ groupId: group.id, amount: String(MONTHLY), month: String(month), year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

async function instalmentId(userId: string, month: number) {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [userId, group.id, month]);
  return rows[0].id;
}

/** Buys the plan and is approved into the group: January is settled by the purchase. */
async function approvedMember(name: string, phone: string, cnic: string) {
  const member = await signUpMember(ctx, { name, phone, cnic });
  const request = await api.post('/api/plan-payments', { planId: plan.id, amount: MONTHLY }, member.token);
  const id = request.body.data.payment.id;
  expect((await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token)).status).toBe(200);
  expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
  return member;
}

async function pay(member: Member, month: number) {
  expect((await sendReceipt(member.token, month)).statusCode).toBe(201);
  expect((await api.put(`/api/payments/${await instalmentId(member.user.id, month)}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
}

const selectWinner = (userId: string, month: number) =>
  api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.groupNumber, month, year: 2026, userId }, admin.token);

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  plan = (await api.post('/api/committee-plans', { name: 'Ledger Plan', monthlyAmount: MONTHLY, duration: 6, totalAmount: PRIZE, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  aisha = await approvedMember('Aisha Khan', '03001234561', '35202-1234567-1');
  bilal = await approvedMember('Bilal Ahmed', '03001234562', '35202-1234567-2');
  sana = await approvedMember('Sana Tariq', '03001234563', '35202-1234567-3');
  outsider = await signUpMember(ctx, { name: 'Omar Farooq' });

  // Aisha: February paid; March's receipt refused, so March is owed again (and overdue after the 10th).
  await pay(aisha, 2);
  expect((await sendReceipt(aisha.token, 3)).statusCode).toBe(201);
  expect((await api.put(`/api/payments/${await instalmentId(aisha.user.id, 3)}/status`, { status: 'rejected', reason: 'Wrong account' }, admin.token)).status).toBe(200);
  // Bilal: February overdue; March's receipt under review.
  expect((await sendReceipt(bilal.token, 3)).statusCode).toBe(201);
  // Sana: February, March and April (ahead of time) paid.
  await pay(sana, 2);
  await pay(sana, 3);
  await pay(sana, 4);

  // January: Sana drawn, then cancelled; Aisha drawn instead, and her prize paid. February: Bilal drawn, not paid yet.
  const sanaWin = await selectWinner(sana.user.id, 1);
  expect(sanaWin.status).toBe(201);
  expect((await api.put(`/api/winners/${sanaWin.body.winner.id}/status`, { status: 'cancelled', notes: 'Drawn by mistake' }, admin.token)).status).toBe(200);
  const aishaWin = await selectWinner(aisha.user.id, 1);
  expect(aishaWin.status).toBe(201);
  expect((await api.put(`/api/winners/${aishaWin.body.winner.id}/status`, { status: 'paid', notes: 'Tickets bought' }, admin.token)).status).toBe(200);
  expect((await selectWinner(bilal.user.id, 2)).status).toBe(201);
});

describe("a group's ledger", () => {
  it('gives each month its due, collected, paid out, held and running balance, and the totals their sum (admin)', async () => {
    const ledger = (await api.get(`/api/admin/groups/${group.id}/ledger`, admin.token, ledgerOf)).body.data;
    const months = ledger.months.map((m) => [m.year, m.month, m.index, m.scheduled, m.due, m.collected, m.paidOut, m.held, m.balance]);
    expect(months).toEqual([
      // January: three purchases settled it; Aisha's prize was paid out.
      [2026, 1, 1, false, 15000, 15000, PRIZE, 15000 - PRIZE, 15000 - PRIZE],
      // February: Aisha and Sana paid, Bilal did not; Bilal's prize is not paid yet.
      [2026, 2, 2, false, 15000, 10000, 0, 10000, 25000 - PRIZE],
      // March: only Sana's is paid (Aisha's refused, Bilal's under review).
      [2026, 3, 3, false, 15000, 5000, 0, 5000, 30000 - PRIZE],
      // April: not due yet, but Sana paid it ahead.
      [2026, 4, 4, true, 0, 5000, 0, 5000, 35000 - PRIZE],
      [2026, 5, 5, true, 0, 0, 0, 0, 35000 - PRIZE],
      [2026, 6, 6, true, 0, 0, 0, 0, 35000 - PRIZE],
    ]);
    const march = ledger.months[2];
    expect([march.underReview, march.owed, march.overdue]).toEqual([5000, 5000, 5000]);
    expect(ledger.months[1].overdue).toBe(5000);
    expect(ledger.totals).toEqual({ due: 45000, collected: 35000, paidOut: PRIZE, held: 35000 - PRIZE });

    // The stored rows say the same: collected is every paid instalment of the group, paid out every paid winner.
    const paid = await ctx.db.query<{ sum: string }>(`SELECT coalesce(sum(amount), 0)::text AS sum FROM payments WHERE group_id = $1 AND type = 'INSTALMENT' AND status = 'PAID'`, [group.id]);
    const prizes = await ctx.db.query<{ sum: string }>(`SELECT coalesce(sum(amount), 0)::text AS sum FROM winners WHERE group_id = $1 AND status = 'PAID'`, [group.id]);
    expect(ledger.totals.collected).toBe(Number(paid.rows[0].sum));
    expect(ledger.totals.paidOut).toBe(Number(prizes.rows[0].sum));
    // The group's statistics tell the same collected money.
    const details = (await api.get(`/api/admin/groups/${group.id}/details`, admin.token, { answer: groupDetailsAnswer })).body;
    expect(details.group.stats.figures.collected).toBe(ledger.totals.collected);

    // The operator sees full names; the cancelled draw is not a payout.
    expect(ledger.months[0].winner).toEqual({ name: 'Aisha Khan', status: 'PAID', amount: PRIZE, isYou: false });
    expect(ledger.months[1].winner).toEqual({ name: 'Bilal Ahmed', status: 'SELECTED', amount: PRIZE, isYou: false });
    expect(ledger.months.every((m) => m.own === null)).toBe(true);
    expect(ledger.group).toMatchObject({ id: group.id, groupNumber: group.groupNumber, planName: 'Ledger Plan', monthlyAmount: MONTHLY, startDate: '2026-01-01', members: 3 });
  });

  it("shows a member their own group with their own instalment each month, and others by first name and initial only", async () => {
    const res = await api.get(`/api/committee-plans/user/groups/${group.id}/ledger`, bilal.token, ledgerOf);
    const ledger = res.body.data;
    expect(ledger.months.map((m) => m.own?.state)).toEqual(['PAID', 'OVERDUE', 'UNDER_REVIEW', 'SCHEDULED', 'SCHEDULED', 'SCHEDULED']);
    expect(ledger.months[0].winner).toEqual({ name: 'Aisha K.', status: 'PAID', amount: PRIZE, isYou: false });
    expect(ledger.months[1].winner).toEqual({ name: 'Bilal Ahmed', status: 'SELECTED', amount: PRIZE, isYou: true });
    // The same money as the operator's ledger.
    const adminLedger = (await api.get(`/api/admin/groups/${group.id}/ledger`, admin.token, ledgerOf)).body.data;
    expect(ledger.totals).toEqual(adminLedger.totals);
    // Nothing that identifies another member: no email, phone, CNIC or full name.
    const text = JSON.stringify(res.body);
    for (const other of [aisha, sana]) expect(text).not.toContain(other.email);
    for (const secret of ['03001234561', '03001234563', '35202-1234567-1', '35202-1234567-3', 'Aisha Khan', 'Sana Tariq', 'Khan', 'Tariq']) expect(text).not.toContain(secret);
    // Aisha sees her own January win by her name.
    const own = (await api.get(`/api/committee-plans/user/groups/${group.id}/ledger`, aisha.token, ledgerOf)).body.data;
    expect(own.months[0].winner).toEqual({ name: 'Aisha Khan', status: 'PAID', amount: PRIZE, isYou: true });
    expect(own.months[2].own).toEqual({ state: 'OVERDUE', amount: MONTHLY });
  });

  it("refuses another group's ledger as not found (404), with no session (401), the admin's to a member (403), and a malformed id (400)", async () => {
    const outsiderRead = await api.get(`/api/committee-plans/user/groups/${group.id}/ledger`, outsider.token);
    expect(outsiderRead.status).toBe(404);
    expect(outsiderRead.body).toMatchObject({ success: false, message: 'Group not found.' });
    // An admin who is not a member of the group reads it through the admin route only.
    expect((await api.get(`/api/committee-plans/user/groups/${group.id}/ledger`, admin.token)).status).toBe(404);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await api.get(`/api/committee-plans/user/groups/${id}/ledger`, bilal.token)).status).toBe(404);
      expect((await api.get(`/api/admin/groups/${id}/ledger`, admin.token)).status).toBe(404);
    }
    expect((await api.get(`/api/committee-plans/user/groups/${group.id}/ledger`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/${group.id}/ledger`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/${group.id}/ledger`, bilal.token)).status).toBe(403);
    const long = 'x'.repeat(101);
    const malformed = await api.get(`/api/committee-plans/user/groups/${long}/ledger`, bilal.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('groupId');
    expect((await api.get(`/api/admin/groups/${long}/ledger`, admin.token)).status).toBe(400);
  });
});
