import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingCommissionsAnswer } from '../../contract/referrals.ts';
import { karachiToday } from '../business-time.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';
import { csvCell } from './referral-service.ts';
import { foldKeptMoves } from '../db/kept-moves.ts';

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
const today = karachiToday();

beforeAll(async () => {
  ctx = await createTestContext();
  api = client(ctx);
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '9', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof signUpMember>>;

/** A ← B ← C ← D ← E: each registered with the code of the one before. */
async function chain(names: string[]): Promise<Member[]> {
  const people: Member[] = [];
  for (const name of names) people.push(await signUpMember(ctx, { name, referralCode: people.at(-1)?.user.referralCode }));
  return people;
}

async function plan(monthlyAmount: number) {
  return (await api.post('/api/committee-plans', { name: `Ref ${Math.random()}`, monthlyAmount, duration: 2, totalAmount: monthlyAmount * 2, maxMembers: 100 }, admin.token)).body.plan;
}

/** The member buys the plan and the admin approves it into the plan's group (made on first approval). */
async function buyAndApprove(member: Member, p: { id: string; monthlyAmount: number }) {
  const form = multipartBody({ planId: p.id, amount: String(p.monthlyAmount), bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  const groups = (await api.get(`/api/admin/groups/plan/${p.id}`, admin.token)).body.data.groups;
  const res = await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, groups.length ? { groupId: groups[0].id } : { groupNumber: '1' }, admin.token);
  expect(res.status).toBe(200);
  return sub.json().payment.id as string;
}

const commissionsOf = async (paymentId: string) =>
  (await ctx.db.query<{ referrer_id: string; level: number; amount: string; rate: string }>('SELECT referrer_id, level, amount::text, rate::text FROM commissions WHERE payment_id = $1 ORDER BY level', [paymentId])).rows;

describe('commission accrual', () => {
  it("E's approved payment of 5,000 pays D 500, C 250, B 100 and A nothing", async () => {
    const [a, b, c, d, e] = await chain(['Amna', 'Bilal', 'Chand', 'Daud', 'Emaan']);
    const paymentId = await buyAndApprove(e, await plan(5000));
    const rows = await commissionsOf(paymentId);
    expect(rows.map((r) => [r.referrer_id, r.level, Number(r.amount), Number(r.rate)])).toEqual([
      [d.user.id, 1, 500, 0.1],
      [c.user.id, 2, 250, 0.05],
      [b.user.id, 3, 100, 0.02],
    ]);
    expect(rows.some((r) => r.referrer_id === a.user.id)).toBe(false);
    // The referral became active with the first approved payment.
    const status = await ctx.db.query<{ status: string }>('SELECT DISTINCT status FROM referrals WHERE referred_user_id = $1', [e.user.id]);
    expect(status.rows).toEqual([{ status: 'ACTIVE' }]);
  });

  it('accrues on approved instalments too, inside the same transaction', async () => {
    const [referrer, payer] = await chain(['Farah', 'Ghazi']);
    const p = await plan(2000);
    await buyAndApprove(payer, p);
    const groups = await api.get('/api/committee-plans/user/groups', payer.token);
    const second = groups.body.data.groups[0].payments[1];
    const form = multipartBody({ groupId: groups.body.data.groups[0].id, amount: '2000', month: String(second.month), year: String(second.year), bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${payer.token}` } });
    expect((await api.put(`/api/payments/${second.id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    expect((await commissionsOf(second.id)).map((r) => [r.referrer_id, Number(r.amount)])).toEqual([[referrer.user.id, 200]]);
  });

  it('applies the minimum and maximum, and new rules only to later approvals', async () => {
    const [referrer, small, large, later] = await chain(['Hina', 'Imran', 'Javed', 'Kiran']);
    const rules = await api.put('/api/referrals/commission-rules', { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 50, maximumCommission: 300 }, admin.token);
    expect(rules.status).toBe(200);
    expect(rules.body.message).toBe('Commission rules updated successfully');
    const smallPayment = await buyAndApprove(small, await plan(100));
    expect((await commissionsOf(smallPayment)).map((r) => Number(r.amount))).toEqual([50]);
    const largePayment = await buyAndApprove(large, await plan(10000));
    // 10,000 × 10% = 1,000 and × 5% = 500: both above the maximum of 300.
    expect((await commissionsOf(largePayment)).map((r) => Number(r.amount))).toEqual([300, 300]);

    // A single-level scheme: levels 2 and 3 set to 0 earn nothing from later approvals.
    await api.put('/api/referrals/commission-rules', { level1Rate: 0.1, level2Rate: 0, level3Rate: 0, minimumCommission: 0, maximumCommission: 1000 }, admin.token);
    const laterPayment = await buyAndApprove(later, await plan(1000));
    expect((await commissionsOf(laterPayment)).map((r) => [r.level, Number(r.amount)])).toEqual([[1, 100]]);
    // Earlier commissions keep the rules they were computed with.
    expect((await commissionsOf(largePayment)).map((r) => Number(r.amount))).toEqual([300, 300]);
    void referrer;
    await api.put('/api/referrals/commission-rules', { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 }, admin.token);
  });

  it('checks the rules with the specification’s messages, audits changes, and is admin-only to change', async () => {
    const bad = async (body: Record<string, number>) => (await api.put('/api/referrals/commission-rules', { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000, ...body }, admin.token)).body;
    expect((await bad({ level2Rate: 1.5 })).errors.level2Rate).toBe('Level 2 rate must be between 0 and 1');
    expect((await bad({ minimumCommission: -1 })).errors.minimumCommission).toBe('Minimum commission cannot be negative');
    expect((await bad({ maximumCommission: 0 })).errors.maximumCommission).toBe('Maximum commission must be greater than minimum');
    expect((await bad({ level1Rate: 0.01 })).errors.level1Rate).toBe('Level 1 rate should be the highest');
    const member = await signUpMember(ctx);
    expect((await api.put('/api/referrals/commission-rules', { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 }, member.token)).status).toBe(403);
    expect((await api.get('/api/referrals/commission-rules', member.token)).body.rules).toEqual({ level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 });
    const audits = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'COMMISSION_RULES_UPDATE'`);
    const rulesRows = await ctx.db.query<{ n: number }>('SELECT count(*)::int - 1 AS n FROM commission_rules');
    expect(audits.rows[0].n).toBe(rulesRows.rows[0].n);
  });
});

describe('the member’s view', () => {
  it('shows referrals, stats and the tree; another member’s tree is an empty result', async () => {
    const [top, mid, leaf] = await chain(['Laila', 'Mansoor', 'Nadia']);
    await buyAndApprove(leaf, await plan(3000));
    const stats = await api.get('/api/referrals/stats', top.token);
    expect(stats.body.stats).toMatchObject({ totalReferrals: 2, level1Count: 1, level2Count: 1, totalCommission: 150, pendingCommission: 150, paidCommission: 0 });
    const tree = await api.get('/api/referrals/tree', top.token);
    expect(tree.body.tree).toHaveLength(1);
    expect(tree.body.tree[0]).toMatchObject({ level: 1, status: 'PENDING', referredUser: { name: 'Mansoor' }, totalCommission: 0, commissionRate: 0.1 });
    expect(tree.body.tree[0].children[0]).toMatchObject({ level: 2, status: 'ACTIVE', referredUser: { name: 'Nadia' }, totalCommission: 150, commissionRate: 0.05 });
    expect(tree.body.tree[0].children[0].commissionPayments).toEqual([expect.objectContaining({ amount: 150, status: 'PENDING' })]);

    const snooping = await api.get(`/api/referrals/tree?userId=${top.user.id}`, mid.token);
    expect(snooping.body.tree).toEqual([]);
    expect(snooping.body.stats.totalReferrals).toBe(0);
    const asAdmin = await api.get(`/api/referrals/tree?userId=${top.user.id}`, admin.token);
    expect(asAdmin.body.tree).toHaveLength(1);
    expect((await api.get('/api/referrals', mid.token)).body.data.referrals.map((r: { referredUser: { name: string } }) => r.referredUser.name)).toEqual(['Nadia']);
    expect((await api.get('/api/referrals/tree')).status).toBe(401);
  });

  it('shows a member the email of their own referrals only: levels 2 and 3 come without contacts; an admin sees them all', async () => {
    const phones = ['03001110001', '03001110002', '03001110003', '03001110004'];
    const people: Member[] = [];
    for (const [i, name] of ['Rashid', 'Saima', 'Tariq', 'Uzma'].entries()) {
      people.push(await signUpMember(ctx, { name, phone: phones[i], referralCode: people.at(-1)?.user.referralCode }));
    }
    const [top, first, second, third] = people;
    const raw = async (url: string, token: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    for (const url of ['/api/referrals/tree', '/api/referrals']) {
      const text = await raw(url, top.token);
      // The raw answer: the level-1 person's email is there; nobody else's, and no phone at all.
      expect(text).toContain(first.email);
      for (const stranger of [second, third]) expect(text, url).not.toContain(stranger.email);
      for (const phone of phones) expect(text, url).not.toContain(phone);
      expect(text).toContain('Tariq');
      expect(text).toContain('Uzma');
    }
    const tree = JSON.parse(await raw('/api/referrals/tree', top.token));
    const level1 = tree.tree[0];
    expect(level1.referredUser).toMatchObject({ name: 'Saima', email: first.email });
    expect(level1.children[0].referredUser).toMatchObject({ name: 'Tariq', email: null });
    expect(level1.children[0].children[0].referredUser).toMatchObject({ name: 'Uzma', email: null });
    const list = JSON.parse(await raw('/api/referrals', top.token)).data.referrals as { level: number; referredUser: { email: string | null } }[];
    expect(list.map((r) => [r.level, r.referredUser.email])).toEqual([
      [1, first.email],
      [2, null],
      [3, null],
    ]);

    // An admin's view of the same tree keeps every level's email (admins see every user anyway).
    const asAdmin = JSON.parse(await raw(`/api/referrals/tree?userId=${top.user.id}`, admin.token));
    expect(asAdmin.tree[0].referredUser.email).toBe(first.email);
    expect(asAdmin.tree[0].children[0].referredUser.email).toBe(second.email);
    expect(asAdmin.tree[0].children[0].children[0].referredUser.email).toBe(third.email);
  });

  it('the leaderboard shows members only first names and an initial', async () => {
    const [winner] = await chain(['Omar Farooq Siddiqui', 'Parveen']);
    const board = await api.get('/api/referrals/leaderboard?period=all&limit=50', (await signUpMember(ctx)).token);
    expect(board.status).toBe(200);
    const names = board.body.leaderboard.map((l: { name: string }) => l.name);
    expect(names.every((n: string) => !n.includes('@'))).toBe(true);
    const adminBoard = await api.get('/api/referrals/leaderboard', admin.token);
    expect(adminBoard.body.leaderboard.length).toBeLessThanOrEqual(10);
    void winner;
  });
});

describe('monthly payouts', () => {
  it('the pending list for a month equals the commissions accrued that month; paying twice pays once; the member confirms once', async () => {
    const [referrer, payer] = await chain(['Qasim', 'Rabia']);
    await buyAndApprove(payer, await plan(4000));
    const pending = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}`, admin.token);
    expect(pending.status).toBe(200);
    const direct = await ctx.db.query<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM commissions WHERE status = 'PENDING' AND accrued_year = $1 AND accrued_month = $2`,
      [today.year, today.month],
    );
    expect(pending.body.data.commissionPayments).toHaveLength(direct.rows[0].n);
    expect(pending.body.data.totalAmount).toBe(Number(direct.rows[0].total));
    expect(pending.body.data.commissionPayments.find((c: { referrerId: string }) => c.referrerId === referrer.user.id)).toMatchObject({ level: 1, commissionRate: 0.1, paymentAmount: 4000, commissionAmount: 400, referredUserName: 'Rabia' });
    expect(pending.body.data.totalPayments).toBe(direct.rows[0].n);

    // Paged one at a time: the same commissions in the same order, and the month's count and total on every page.
    const ids: string[] = [];
    for (let page = 1; page <= direct.rows[0].n; page++) {
      const one = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}&page=${page}&limit=1`, admin.token);
      expect(one.body.data.commissionPayments).toHaveLength(1);
      expect(one.body.data.pagination).toEqual({ page, limit: 1, total: direct.rows[0].n, pages: direct.rows[0].n, exact: true });
      expect(one.body.data.totalAmount).toBe(Number(direct.rows[0].total));
      ids.push(one.body.data.commissionPayments[0].id);
    }
    expect(ids).toEqual(pending.body.data.commissionPayments.map((c: { id: string }) => c.id));
    expect((await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}&limit=0`, admin.token)).status).toBe(400);
    // The count and total are kept per month as moves: folded into one row, they are the same.
    await foldKeptMoves(ctx.db);
    const folded = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}`, admin.token);
    expect([folded.body.data.totalPayments, folded.body.data.totalAmount]).toEqual([direct.rows[0].n, Number(direct.rows[0].total)]);

    const pay = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER', transactionId: 'TX-1' }, admin.token);
    expect(pay.status).toBe(201);
    expect(pay.body.message).toBe(`Commission payments processed successfully! Total: PKR ${Number(direct.rows[0].total).toLocaleString('en-PK')}`);
    expect(pay.body.data.totalPayments).toBe(direct.rows[0].n);
    const again = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('There are no pending commissions for this month.');
    const paidOut = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}`, admin.token);
    expect([paidOut.body.data.commissionPayments, paidOut.body.data.totalPayments, paidOut.body.data.totalAmount]).toEqual([[], 0, 0]);
    const batches = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_batches');
    expect(batches.rows[0].n).toBe(1);
    expect((await api.get('/api/admin/commission-payments/history', admin.token)).body.data.batches).toHaveLength(1);

    // The tree shows the paid commission with the moment it was paid, as stored.
    const stored = await ctx.db.query<{ id: string; paid_at: Date }>(`SELECT id, paid_at FROM commissions WHERE referrer_id = $1`, [referrer.user.id]);
    const tree = await api.get('/api/referrals/tree', referrer.token);
    expect(tree.body.tree[0].commissionPayments).toEqual([{ id: stored.rows[0].id, amount: 400, status: 'PAID', paidAt: new Date(stored.rows[0].paid_at).toISOString() }]);
    expect(tree.body.stats).toMatchObject({ totalCommission: 400, paidCommission: 400, pendingCommission: 0, level1Count: 1 });

    const mine = await api.get('/api/referrals/commission-payments', referrer.token);
    const payment = mine.body.data.commissionPayments[0];
    expect(payment).toMatchObject({ amount: 400, userConfirmed: false, paymentMethod: 'BANK_TRANSFER', transactionId: 'TX-1', referral: { level: 1, referredUser: { name: 'Rabia' } } });
    const confirm = await api.put(`/api/referrals/commission-payments/${payment.id}/confirm`, { userNotes: 'Received in my account' }, referrer.token);
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe('Commission payment confirmed successfully!');
    expect(confirm.body.commissionPayment).toMatchObject({ userConfirmed: true, userNotes: 'Received in my account' });
    const twice = await api.put(`/api/referrals/commission-payments/${payment.id}/confirm`, { userNotes: 'changed' }, referrer.token);
    expect(twice.body.commissionPayment).toMatchObject({ userNotes: 'Received in my account', confirmedAt: confirm.body.commissionPayment.confirmedAt });
    expect((await api.put(`/api/referrals/commission-payments/${payment.id}/confirm`, {}, payer.token)).status).toBe(404);
    const note = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'COMMISSION_PAID'`, [referrer.user.id]);
    expect(note.rows[0].n).toBe(1);
  });

  it("answers the specification's Commission Payments tab the whole month when it asks for no page, so that what it shows is what the batch pays", async () => {
    // Past the 50 rows of a page: a chain of three referrers above 17 payers earns 51 commissions.
    const referrers = await chain(['Wajid', 'Xenia', 'Yasir']);
    const p = await plan(1000);
    for (let i = 0; i < 17; i++) await buyAndApprove(await signUpMember(ctx, { referralCode: referrers[2].user.referralCode }), p);

    // As the admin document's client reads it: GET /admin/commission-payments/pending?month&year → data.commissionPayments.
    const shown = (await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}`, admin.token, { answer: pendingCommissionsAnswer })).body.data;
    expect(shown.commissionPayments.length).toBeGreaterThanOrEqual(51);
    expect(shown.commissionPayments).toHaveLength(shown.totalPayments);
    const shownTotal = shown.commissionPayments.reduce((sum, c) => sum + Math.round(c.commissionAmount * 100), 0) / 100;
    // A page is still a page when asked for.
    const paged = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}&page=2`, admin.token);
    expect(paged.body.data.commissionPayments).toHaveLength(Math.min(50, shown.totalPayments - 50));
    expect(paged.body.data.pagination).toMatchObject({ page: 2, limit: 50, total: shown.totalPayments });

    const pay = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }, admin.token);
    expect(pay.status).toBe(201);
    expect([pay.body.data.totalPayments, pay.body.data.totalAmount]).toEqual([shown.commissionPayments.length, shownTotal]);
  });

  it('is for admins only', async () => {
    const member = await signUpMember(ctx);
    expect((await api.get('/api/admin/commission-payments/pending', member.token)).status).toBe(403);
    expect((await api.post('/api/admin/commission-payments/bulk-pay', { month: 1, year: 2026, paymentMethod: 'CASH' }, member.token)).status).toBe(403);
    expect((await api.get('/api/referrals/reports', member.token)).status).toBe(403);
    expect((await api.post('/api/admin/commission-payments/bulk-pay', { month: 13, year: 2031 }, admin.token)).status).toBe(400);
  });
});

describe("paying one member's commissions of a month", () => {
  const bulkPay = (body: Record<string, unknown>, token?: string) => api.post('/api/admin/commission-payments/bulk-pay', body, token);
  const period = { month: today.month, year: today.year };

  it("pays all of that member's pending commissions of the month as one batch, and no one else's", async () => {
    // Two payers under one referrer: two level-1 commissions of this month for them, and level-2 ones for the referrer above.
    const [above, referrer] = await chain(['Zainab', 'Adeel']);
    const p = await plan(3000);
    for (let i = 0; i < 2; i++) await buyAndApprove(await signUpMember(ctx, { referralCode: referrer.user.referralCode }), p);
    // Counted here from the commissions themselves.
    const theirs = await ctx.db.query<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, sum(amount)::text AS total FROM commissions WHERE status = 'PENDING' AND referrer_id = $1 AND accrued_year = $2 AND accrued_month = $3`,
      [referrer.user.id, today.year, today.month],
    );
    expect(theirs.rows[0]).toEqual({ n: 2, total: '600.00' });

    const listed = await api.get(`/api/admin/commission-payments/pending?month=${today.month}&year=${today.year}`, admin.token);
    expect(listed.body.data.referrers.find((r: { referrerId: string }) => r.referrerId === referrer.user.id)).toEqual({
      referrerId: referrer.user.id, referrerName: 'Adeel', referrerEmail: referrer.email, count: 2, totalAmount: 600,
    });

    const pay = await bulkPay({ ...period, paymentMethod: 'CASH', transactionId: 'TX-ADEEL', referrerId: referrer.user.id }, admin.token);
    expect(pay.status).toBe(201);
    expect(pay.body.data).toMatchObject({ totalPayments: 2, totalAmount: 600 });
    expect(pay.body.message).toBe('Commission payments processed successfully! Total: PKR 600');
    const after = await ctx.db.query<{ referrer_id: string; status: string; batch_id: string | null; transaction_id: string | null }>(
      'SELECT referrer_id, status, batch_id, transaction_id FROM commissions WHERE referrer_id = ANY($1::uuid[]) AND accrued_year = $2 AND accrued_month = $3',
      [[referrer.user.id, above.user.id], today.year, today.month],
    );
    const mine = after.rows.filter((r) => r.referrer_id === referrer.user.id);
    expect(mine.map((r) => [r.status, r.batch_id, r.transaction_id])).toEqual([
      ['PAID', pay.body.data.batchId, 'TX-ADEEL'],
      ['PAID', pay.body.data.batchId, 'TX-ADEEL'],
    ]);
    // The referrer above keeps theirs until paid.
    expect(after.rows.filter((r) => r.referrer_id === above.user.id).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    const note = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'COMMISSION_PAID'`, [referrer.user.id]);
    expect(note.rows[0].n).toBe(1);

    // Paid already: nothing of theirs is left this month.
    const again = await bulkPay({ ...period, paymentMethod: 'CASH', referrerId: referrer.user.id }, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This member has no pending commissions for this month.');
    expect(again.body.code).toBe('commission.nothingToPayMember');
  });

  it('answers 409 for a member with nothing pending that month, and 404 for an unknown member', async () => {
    const idle = await signUpMember(ctx);
    const none = await bulkPay({ ...period, paymentMethod: 'CASH', referrerId: idle.user.id }, admin.token);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This member has no pending commissions for this month.');
    const unknown = await bulkPay({ ...period, paymentMethod: 'CASH', referrerId: '00000000-0000-4000-8000-000000000000' }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Member not found.');
  });

  it('answers 400 with one message per field', async () => {
    const res = await bulkPay({ month: 13, year: 2026, paymentMethod: '', referrerId: 'not-a-member' }, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ referrerId: 'Choose a member to pay.', paymentMethod: 'Payment method is required' });
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['month', 'referrerId', 'paymentMethod']));
  });

  it('needs a session (401) and the ADMIN role (403)', async () => {
    const member = await signUpMember(ctx);
    const body = { ...period, paymentMethod: 'CASH', referrerId: member.user.id };
    expect((await bulkPay(body)).status).toBe(401);
    expect((await bulkPay(body, member.token)).status).toBe(403);
  });
});

describe('reports', () => {
  it('summarise referrals by level and export CSV with formulas neutralised', async () => {
    await chain(['=HYPERLINK("evil")', 'Sana']);
    const report = await api.get('/api/referrals/reports?level=1&export=true', admin.token);
    expect(report.status).toBe(200);
    expect(report.body.summary.levelBreakdown.level1).toBe(report.body.summary.totalReferrals);
    const csv = report.body.csvData!;
    expect(csv.split('\r\n')[0]).toContain('Referrer,Referrer email');
    expect(csv).toContain(`"'=HYPERLINK(""evil"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('plain')).toBe('plain');
  });
});
