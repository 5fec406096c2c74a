/**
 * Matching a bank statement's lines to payments, and approving by reconciliation. The scenario: members
 * send receipts for February with their transfer dates; the bank's statement lists their transfers, one
 * with the payment reference, one with only the amount, a close date and the name, one that two members'
 * payments fit equally, one with a mistyped reference. What each line should match is written out here
 * from the scenario, never read from the product's matching.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { statementLinesAnswer } from '../../contract/bank-statements.ts';
import { paymentReferenceCheckCharacter, PAYMENT_REFERENCE_ALPHABET } from '../../contract/payment-reference.ts';
import { testFactories } from '../test/factories.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember, type BodyOf } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
ctx.setNow('2026-03-10T12:00:00+05:00');

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let account: string;
type Sent = { id: string; reference: string; memberName: string };
const sent: Record<'aisha' | 'bilal' | 'sana1' | 'sana2' | 'omar', Sent> = {} as never;
/** The statement lines' ids by who sent the money, once imported. */
const lineOf: Record<string, string> = {};

/** A reference with one character changed: its check character no longer fits. */
function mistyped(reference: string): string {
  const first = PAYMENT_REFERENCE_ALPHABET.indexOf(reference[0]);
  const other = PAYMENT_REFERENCE_ALPHABET[(first + 1) % PAYMENT_REFERENCE_ALPHABET.length];
  const typo = other + reference.slice(1);
  expect(paymentReferenceCheckCharacter(typo.slice(0, -1))).not.toBe(typo.at(-1));
  return typo;
}

async function memberPaysFebruary(make: ReturnType<typeof testFactories>, name: string, transferDate: string): Promise<Sent> {
  const member = await signUpMember(ctx, { name });
  const { groupId } = await make.memberInGroup({ member });
  const form = multipartBody(
    { groupId, amount: '5000', month: '2', year: '2026', bankAccountId: await make.bankAccount(), transferDate },
    { name: 'receipt.png', type: 'image/png', data: sampleFiles.png },
  );
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode, res.body).toBe(201);
  const payment = res.json<BodyOf<'POST', '/api/payments'>>().payment;
  return { id: payment.id, reference: payment.paymentReference, memberName: name };
}

function post<P extends string>(path: P, body: unknown, token = admin.token) {
  return api.post(`/api/admin/bank-accounts/${account}${path}`, body, token);
}

async function importStatement(csv: string) {
  const layout = { skipRows: 0, header: true, date: 0, description: 1, credit: 2, debit: 3, reference: null, balance: null, dateOrder: 'DMY', decimalSeparator: '.', thousandsSeparator: ',' };
  const form = multipartBody({ layout: JSON.stringify(layout) }, { field: 'statement', name: 'march.csv', type: 'text/csv', data: Buffer.from(csv) });
  const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/bank-accounts/${account}/statements`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${admin.token}` } });
  return { status: res.statusCode, body: res.json<BodyOf<'POST', `/api/admin/bank-accounts/${string}/statements`>>() };
}

/** Approvals are stamped by the database's clock: the month they fall in, in Pakistan. */
const karachiMonthNow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

const paymentState = async (id: string) => (await ctx.db.query<{ status: string; under_review: boolean }>('SELECT status, under_review FROM payments WHERE id = $1', [id])).rows[0];

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  const make = testFactories(ctx, admin);
  account = await make.bankAccount();
  sent.aisha = await memberPaysFebruary(make, 'Aisha Khan', '2026-03-01');
  sent.bilal = await memberPaysFebruary(make, 'Bilal Ahmed', '2026-03-03');
  sent.sana1 = await memberPaysFebruary(make, 'Sana Ali', '2026-03-05');
  sent.sana2 = await memberPaysFebruary(make, 'Sana Ali', '2026-03-05');
  sent.omar = await memberPaysFebruary(make, 'Omar Farooq', '2026-03-02');
});

describe('a statement imported', () => {
  it('matches by reference, else by amount, date and name; what fits two payments, or a mistyped reference, stays open', async () => {
    const csv = [
      'Date,Description,Credit,Debit',
      `02/03/2026,IBFT AISHA K ref ${sent.aisha.reference.slice(0, 3)}-${sent.aisha.reference.slice(3)},5000,`, // line 2: the reference, typed in two parts
      '04/03/2026,Transfer from BILAL AHMED Karachi,5000,', // line 3: amount, one day from his transfer, his name
      '05/03/2026,IBFT SANA ALI,5000,', // line 4: two members named Sana Ali sent 5,000 that day
      `02/03/2026,IBFT ${mistyped(sent.omar.reference)},5000,`, // line 5: a reference whose check character does not fit
      '06/03/2026,Bank charges,,150', // line 6: a debit, never matched
      '20/03/2026,Transfer from BILAL AHMED,5000,', // line 7: his name and amount, but 17 days from his transfer (and he is matched)
    ].join('\n');
    const res = await importStatement(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.matching).toEqual({ matched: 2, byReference: 1, byAmountDateName: 1, open: 3 });

    const listed = await api.get(`/api/admin/bank-accounts/${account}/statement-lines?limit=100`, admin.token, { answer: statementLinesAnswer });
    expect(listed.status).toBe(200);
    const lines = listed.body.data.lines;
    expect(lines.map((line) => line.line)).toEqual([2, 5, 3, 4, 6, 7]);
    const byLine = Object.fromEntries(lines.map((line) => [line.line, line]));
    expect(byLine[2].match).toMatchObject({ method: 'REFERENCE', reason: { reference: sent.aisha.reference }, payment: { id: sent.aisha.id, memberName: 'Aisha Khan', underReview: true, transferDate: '2026-03-01' } });
    expect(byLine[3].match).toMatchObject({ method: 'AMOUNT_DATE_NAME', reason: { daysApart: 1, nameWords: ['bilal', 'ahmed'] }, payment: { id: sent.bilal.id } });
    for (const open of [4, 5, 6, 7]) expect(byLine[open].match).toBeNull();
    Object.assign(lineOf, { aisha: byLine[2].id, bilal: byLine[3].id, sana: byLine[4].id, omar: byLine[5].id, charges: byLine[6].id });

    const open = await api.get(`/api/admin/bank-accounts/${account}/statement-lines?show=open`, admin.token);
    expect(open.body.data.lines.map((line) => line.line)).toEqual([5, 4, 7]);
    expect(open.body.data.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1, exact: true });
    // Paged in the lines' order, the total the same on every page, and on a page past the last.
    const pageOf = async (page: number) => (await api.get(`/api/admin/bank-accounts/${account}/statement-lines?show=open&limit=2&page=${page}`, admin.token)).body.data;
    expect(await pageOf(1)).toMatchObject({ lines: [{ line: 5 }, { line: 4 }], pagination: { page: 1, limit: 2, total: 3, pages: 2, exact: true } });
    expect(await pageOf(2)).toMatchObject({ lines: [{ line: 7 }], pagination: { page: 2, total: 3, pages: 2 } });
    expect(await pageOf(3)).toMatchObject({ lines: [], pagination: { page: 3, total: 3, pages: 2 } });
    const matched = await api.get(`/api/admin/bank-accounts/${account}/statement-lines?show=matched&from=2026-03-03&to=2026-03-31`, admin.token);
    expect(matched.body.data.lines.map((line) => line.line)).toEqual([3]);
  });

  it('matches nothing more when run again over the same lines and payments', async () => {
    expect((await post('/statements/match', undefined)).body.data).toEqual({ matched: 0, byReference: 0, byAmountDateName: 0, open: 3 });
  });
});

describe('approving by reconciliation', () => {
  it('approves the matched receipts under review kept ticked, naming the statement line in the audit log', async () => {
    const res = await post('/statements/approve', { lineIds: [lineOf.aisha, lineOf.bilal, lineOf.sana] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe('bankStatement.approvedByReconciliation');
    expect(res.body.data).toEqual({ approved: 2, refused: [{ lineId: lineOf.sana, reason: 'This line is not matched to a payment.' }] });
    expect(await paymentState(sent.aisha.id)).toEqual({ status: 'PAID', under_review: false });
    expect(await paymentState(sent.bilal.id)).toEqual({ status: 'PAID', under_review: false });
    expect(await paymentState(sent.sana1.id)).toEqual({ status: 'PENDING', under_review: true });
    const { rows } = await ctx.db.query<{ after_data: { status: string; approvedBy: string; statementLine: Record<string, unknown> } }>(
      `SELECT after_data FROM audit_log WHERE action = 'PAYMENT_PAID' AND entity_id = $1`,
      [sent.aisha.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].after_data).toMatchObject({ status: 'PAID', approvedBy: 'RECONCILIATION', statementLine: { file: 'march.csv', line: 2, transferDate: '2026-03-02', credit: 5000 } });
  });

  it('leaves a payment no longer under review as it is', async () => {
    const res = await post('/statements/approve', { lineIds: [lineOf.aisha] });
    expect(res.body.data).toEqual({ approved: 0, refused: [{ lineId: lineOf.aisha, reason: 'This payment is not waiting for review.' }] });
  });

  it('refuses a body without lines (400), no session (401), a member (403), another account (404)', async () => {
    const empty = await post('/statements/approve', { lineIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('lineIds');
    expect((await post('/statements/approve', { lineIds: 'all' })).status).toBe(400);
    expect((await api.post(`/api/admin/bank-accounts/${account}/statements/approve`, { lineIds: [lineOf.bilal] })).status).toBe(401);
    const member = await signUpMember(ctx);
    expect((await api.post(`/api/admin/bank-accounts/${account}/statements/approve`, { lineIds: [lineOf.bilal] }, member.token)).status).toBe(403);
    expect((await api.get(`/api/admin/bank-accounts/${account}/statement-lines`, member.token)).status).toBe(403);
    expect((await api.post(`/api/admin/bank-accounts/${account}/statements/match`, undefined, member.token)).status).toBe(403);
    const other = '00000000-0000-4000-8000-000000000001';
    expect((await api.post(`/api/admin/bank-accounts/${other}/statements/approve`, { lineIds: [lineOf.bilal] }, admin.token)).status).toBe(404);
    expect((await api.get(`/api/admin/bank-accounts/${other}/statement-lines`, admin.token)).status).toBe(404);
    expect((await api.post(`/api/admin/bank-accounts/${other}/statements/match`, undefined, admin.token)).status).toBe(404);
    // A line of this account named under another account is not that account's: nothing approved.
    const second = (await api.post('/api/bank-accounts', { accountName: 'Second', accountNumber: '999888777', bankName: 'MCB', accountType: 'Current' }, admin.token)).body.bankAccount.id;
    const crossed = await api.post(`/api/admin/bank-accounts/${second}/statements/approve`, { lineIds: [lineOf.bilal] }, admin.token);
    expect(crossed.body.data).toEqual({ approved: 0, refused: [{ lineId: lineOf.bilal, reason: 'This line is not matched to a payment.' }] });
    const badQuery = await api.get(`/api/admin/bank-accounts/${account}/statement-lines?show=some`, admin.token);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors).toHaveProperty('show');
  });
});

describe("the statement's reconciliation", () => {
  it('counts per transfer day the credit lines matched and open, and approved payments no line matches', async () => {
    // Omar's receipt is approved by hand: his money's line had a mistyped reference, so no line matches it.
    expect((await api.put(`/api/payments/${sent.omar.id}/status`, { status: 'PAID' }, admin.token)).status).toBe(200);
    const res = await api.get(`/api/admin/reconciliation/statement?bankAccountId=${account}&from=2026-03-01&to=2026-03-31&by=day`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const none = { count: 0, amount: 0 };
    expect(res.body.data.periods).toEqual([
      { period: '2026-03-02', lines: 2, matched: 1, open: 1, approvedWithoutLine: { count: 1, amount: 5000 } },
      { period: '2026-03-04', lines: 1, matched: 1, open: 0, approvedWithoutLine: none },
      { period: '2026-03-05', lines: 1, matched: 0, open: 1, approvedWithoutLine: none },
      { period: '2026-03-20', lines: 1, matched: 0, open: 1, approvedWithoutLine: none },
    ]);
    expect(res.body.data.totals).toEqual({ lines: 5, matched: 2, open: 3, approvedWithoutLine: { count: 1, amount: 5000 } });
    const monthly = await api.get(`/api/admin/reconciliation/statement?bankAccountId=${account}&from=2026-03-01&to=2026-03-31&by=month`, admin.token);
    expect(monthly.body.data.periods).toEqual([{ period: '2026-03', lines: 5, matched: 2, open: 3, approvedWithoutLine: { count: 1, amount: 5000 } }]);
  });

  it('refuses bad days (400), no session (401), a member (403), an unknown account (404)', async () => {
    const bad = await api.get(`/api/admin/reconciliation/statement?bankAccountId=${account}&from=2026-03-31&to=2026-03-01`, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('to');
    expect((await api.get(`/api/admin/reconciliation/statement?bankAccountId=${account}&from=2026-03-01&to=2026-03-31`)).status).toBe(401);
    const member = await signUpMember(ctx);
    expect((await api.get(`/api/admin/reconciliation/statement?bankAccountId=${account}&from=2026-03-01&to=2026-03-31`, member.token)).status).toBe(403);
    expect((await api.get('/api/admin/reconciliation/statement?bankAccountId=00000000-0000-4000-8000-000000000002&from=2026-03-01&to=2026-03-31', admin.token)).status).toBe(404);
  });
});

describe('ticks on the server', () => {
  it('are shared by every admin: one ticks, another sees who and when, and unticks; each change is audited', async () => {
    const other = await signInAdmin(ctx);
    const ticked = await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: true }, admin.token);
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ticked.body.data).toEqual({ paymentId: sent.bilal.id, tick: { byId: admin.user.id, byName: expect.any(String), at: expect.any(String) } });
    // Ticking again keeps the first tick.
    const again = await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: true }, other.token);
    expect(again.body.data.tick?.byId).toBe(admin.user.id);
    const seen = await api.get(`/api/admin/reconciliation/entries?bankAccountId=${account}&month=${karachiMonthNow()}&limit=100`, other.token);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const bilal = seen.body.data.entries.find((entry) => entry.id === sent.bilal.id);
    expect(bilal).toMatchObject({ paymentReference: sent.bilal.reference, transferDate: '2026-03-03', tick: { byId: admin.user.id }, statementLine: { id: lineOf.bilal, line: 3, transferDate: '2026-03-04' } });
    const unticked = await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: false }, other.token);
    expect(unticked.body.data.tick).toBeNull();
    const { rows } = await ctx.db.query<{ action: string; actor_id: string }>(`SELECT action, actor_id FROM audit_log WHERE entity_id = $1 AND action LIKE 'RECONCILIATION_%' ORDER BY created_at, id`, [sent.bilal.id]);
    expect(rows).toEqual([
      { action: 'RECONCILIATION_TICK', actor_id: admin.user.id },
      { action: 'RECONCILIATION_UNTICK', actor_id: other.user.id },
    ]);
  });

  it('refuses a body without `ticked` (400), no session (401), a member (403), a payment not approved (404)', async () => {
    const bad = await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: 'yes' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('ticked');
    expect((await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: true })).status).toBe(401);
    const member = await signUpMember(ctx);
    expect((await api.put(`/api/admin/reconciliation/ticks/${sent.bilal.id}`, { ticked: true }, member.token)).status).toBe(403);
    expect((await api.put(`/api/admin/reconciliation/ticks/${sent.sana1.id}`, { ticked: true }, admin.token)).status).toBe(404);
    expect((await api.put('/api/admin/reconciliation/ticks/nope', { ticked: true }, admin.token)).status).toBe(404);
  });
});
