/**
 * Reconciliation by bank account: the money approved into each account per day or month of Asia/Karachi,
 * the receipts still waiting, and one period's approved payments. The expected figures are built here
 * from the scenario (what was approved into which account, and when), never by the product's own module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bankAccountAnswer } from '../../contract/bank-accounts.ts';
import { foldKeptMoves } from '../db/kept-moves.ts';
import { multipartBody, ok, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
ctx.setNow('2026-03-31T12:00:00+05:00');
const MONTHLY = 5000;

type Member = Awaited<ReturnType<typeof signUpMember>>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let hbl: string;
let meezan: string;
let plan: { id: string };
let group: { id: string; groupNumber: string };
let aisha: Member;
let bilal: Member;

/** What the scenario approved: the account, the amount and the moment (UTC) it was approved. */
const approved: { account: () => string; amount: number; at: string; member: string; id: string }[] = [];
/** The receipts the scenario left waiting: the account, the amount, when sent. */
const waiting: { account: () => string; amount: number; at: string }[] = [];

function sendReceipt(token: string, month: number, bankAccountId: string) {
  const form = multipartBody({ groupId: group.id, amount: String(MONTHLY), month: String(month), year: '2026', bankAccountId }, { name: `march-${month}.png`, type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

async function instalmentId(userId: string, month: number) {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [userId, group.id, month]);
  return rows[0].id;
}

/** Approval time is the database's now(): the scenario sets the exact moment afterwards. */
const approvedAt = (id: string, at: string) => ctx.db.query('UPDATE payments SET approved_at = $2 WHERE id = $1', [id, at]);
const sentAt = (id: string, at: string) => ctx.db.query('UPDATE payments SET submitted_at = $2 WHERE id = $1', [id, at]);

/** Buys the plan paying into `account`, approved at `at`: the request's money settles January. */
async function approvedMember(name: string, account: () => string, at: string) {
  const member = await signUpMember(ctx, { name });
  const request = await api.post('/api/plan-payments', { planId: plan.id, amount: MONTHLY, bankAccountId: account() }, member.token);
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const id = request.body.data.payment.id;
  expect((await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token)).status).toBe(200);
  expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
  await approvedAt(id, at);
  approved.push({ account, amount: MONTHLY, at, member: name, id });
  return member;
}

async function pay(member: Member, name: string, month: number, account: () => string, at: string) {
  expect((await sendReceipt(member.token, month, account())).statusCode).toBe(201);
  const id = await instalmentId(member.user.id, month);
  expect((await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
  await approvedAt(id, at);
  approved.push({ account, amount: MONTHLY, at, member: name, id });
}

/** The Karachi day (UTC+5 all year) and month of a moment. */
const karachiDay = (at: string) => new Date(Date.parse(at) + 5 * 3600_000).toISOString().slice(0, 10);

/** The expected periods of one account, built from the scenario. */
function expectedPeriods(account: string, by: 'day' | 'month', from: string, to: string) {
  const periods = new Map<string, { approved: { count: number; amount: number }; waiting: { count: number; amount: number } }>();
  const add = (at: string, kind: 'approved' | 'waiting', amount: number) => {
    const day = karachiDay(at);
    if (day < from || day > to) return;
    const key = by === 'day' ? day : day.slice(0, 7);
    const row = periods.get(key) ?? { approved: { count: 0, amount: 0 }, waiting: { count: 0, amount: 0 } };
    row[kind].count += 1;
    row[kind].amount += amount;
    periods.set(key, row);
  };
  for (const a of approved) if (a.account() === account) add(a.at, 'approved', a.amount);
  for (const w of waiting) if (w.account() === account) add(w.at, 'waiting', w.amount);
  return [...periods.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([period, row]) => ({ period, ...row }));
}

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  const account = async (bankName: string, accountNumber: string) =>
    (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber, bankName, accountType: 'Current' }, admin.token, { answer: bankAccountAnswer })).body.bankAccount.id;
  hbl = await account('HBL', '1111');
  meezan = await account('Meezan', '2222');
  plan = (await api.post('/api/committee-plans', { name: 'Reconcile Plan', monthlyAmount: MONTHLY, duration: 6, totalAmount: MONTHLY * 6, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'R', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;

  // 5 March 2026 in Karachi runs from 4 March 19:00 to 5 March 19:00 UTC.
  aisha = await approvedMember('Aisha Khan', () => hbl, '2026-03-04T19:00:00Z'); // 5 March 00:00 PKT
  bilal = await approvedMember('Bilal Ahmed', () => meezan, '2026-03-04T18:59:59Z'); // 4 March 23:59:59 PKT
  await pay(aisha, 'Aisha Khan', 2, () => hbl, '2026-03-05T18:59:59Z'); // 5 March 23:59:59 PKT
  await pay(aisha, 'Aisha Khan', 3, () => hbl, '2026-03-05T19:00:00Z'); // 6 March 00:00 PKT
  await pay(bilal, 'Bilal Ahmed', 2, () => hbl, '2026-02-10T06:00:00Z'); // 10 February

  // Aisha's April receipt into HBL is refused: no money. Bilal's March receipt into HBL waits.
  expect((await sendReceipt(aisha.token, 4, hbl)).statusCode).toBe(201);
  expect((await api.put(`/api/payments/${await instalmentId(aisha.user.id, 4)}/status`, { status: 'rejected', reason: 'Not received' }, admin.token)).status).toBe(200);
  expect((await sendReceipt(bilal.token, 3, hbl)).statusCode).toBe(201);
  await sentAt(await instalmentId(bilal.user.id, 3), '2026-03-05T10:00:00Z');
  waiting.push({ account: () => hbl, amount: MONTHLY, at: '2026-03-05T10:00:00Z' });
  // A plan request into Meezan waits too.
  const other = await signUpMember(ctx, { name: 'Sana Tariq' });
  const request = await api.post('/api/plan-payments', { planId: plan.id, amount: MONTHLY, bankAccountId: meezan }, other.token);
  expect((await api.put(`/api/plan-payments/${request.body.data.payment.id}/receipt`, { receiptImage: 'https://bank.example/r/2' }, other.token)).status).toBe(200);
  await sentAt(request.body.data.payment.id, '2026-03-05T11:00:00Z');
  waiting.push({ account: () => meezan, amount: MONTHLY, at: '2026-03-05T11:00:00Z' });
});

describe('reconciliation by bank account', () => {
  it('gives each account its approved and waiting money per Karachi day, equal to the scenario and its totals to the rows', async () => {
    const report = ok(await api.get('/api/admin/reconciliation?from=2026-02-01&to=2026-03-31&by=day', admin.token)).data;
    expect(report).toMatchObject({ from: '2026-02-01', to: '2026-03-31', by: 'day' });
    for (const id of [hbl, meezan]) {
      const account = report.accounts.find((a) => a.bankAccount.id === id)!;
      expect(account.periods).toEqual(expectedPeriods(id, 'day', '2026-02-01', '2026-03-31'));
      const sum = (key: 'approved' | 'waiting') => ({
        count: account.periods.reduce((n, p) => n + p[key].count, 0),
        amount: account.periods.reduce((n, p) => n + p[key].amount, 0),
      });
      expect(account.totals).toEqual({ approved: sum('approved'), waiting: sum('waiting') });
    }
    const hblRows = report.accounts.find((a) => a.bankAccount.id === hbl)!.periods;
    // Day boundaries in Pakistan time: 00:00 and 23:59:59 of 5 March are the 5th; 00:00 of the 6th is not.
    expect(hblRows).toEqual([
      { period: '2026-02-10', approved: { count: 1, amount: MONTHLY }, waiting: { count: 0, amount: 0 } },
      { period: '2026-03-05', approved: { count: 2, amount: 2 * MONTHLY }, waiting: { count: 1, amount: MONTHLY } },
      { period: '2026-03-06', approved: { count: 1, amount: MONTHLY }, waiting: { count: 0, amount: 0 } },
    ]);
    const meezanRows = report.accounts.find((a) => a.bankAccount.id === meezan)!.periods;
    expect(meezanRows).toEqual([
      { period: '2026-03-04', approved: { count: 1, amount: MONTHLY }, waiting: { count: 0, amount: 0 } },
      { period: '2026-03-05', approved: { count: 0, amount: 0 }, waiting: { count: 1, amount: MONTHLY } },
    ]);
  });

  it('counts each payment of money once: the plan request, never the first month it settles; refused and waiting receipts are not approved', async () => {
    const report = ok(await api.get(`/api/admin/reconciliation?bankAccountId=${hbl}&from=2026-01-01&to=2026-12-31&by=month`, admin.token)).data;
    expect(report.accounts).toHaveLength(1);
    expect(report.accounts[0].periods).toEqual(expectedPeriods(hbl, 'month', '2026-01-01', '2026-12-31'));
    // The stored payments say the same: every PAID payment into HBL except the settled first months.
    const { rows } = await ctx.db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS sum FROM payments WHERE bank_account_id = $1 AND status = 'PAID' AND settled_by_payment_id IS NULL`,
      [hbl],
    );
    expect(report.accounts[0].totals.approved).toEqual({ count: rows[0].n, amount: Number(rows[0].sum) });
    expect(report.accounts[0].totals.approved).toEqual({ count: 4, amount: 4 * MONTHLY });
    const settled = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE settled_by_payment_id IS NOT NULL AND status = 'PAID'`);
    expect(settled.rows[0].n).toBe(2);
  });

  it("lists one day's approved payments for ticking, in approval order, with their member, plan, group and month", async () => {
    const day = ok(await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-03-05`, admin.token)).data;
    expect(day.period).toBe('2026-03-05');
    expect(day.totals).toEqual({ count: 2, amount: 2 * MONTHLY });
    expect(day.entries.map((e) => [e.type, e.memberName, e.planName, e.groupNumber, e.month, e.year, e.amount, e.approvedAtPkt])).toEqual([
      ['SUBSCRIPTION', 'Aisha Khan', 'Reconcile Plan', group.groupNumber, 1, 2026, MONTHLY, '2026-03-05 00:00'],
      ['INSTALMENT', 'Aisha Khan', 'Reconcile Plan', group.groupNumber, 2, 2026, MONTHLY, '2026-03-05 23:59'],
    ]);
    expect(day.entries[0].reference).toBe('https://bank.example/r/1');
    expect(day.entries[1].reference).toBe('march-2.png');
    expect(day.pagination).toMatchObject({ page: 1, total: 2, exact: true });

    // Paged: one a page, the second page holds the second.
    const second = ok(await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-03-05&limit=1&page=2`, admin.token)).data;
    expect(second.entries.map((e) => e.id)).toEqual([day.entries[1].id]);
    expect(second.pagination).toMatchObject({ page: 2, limit: 1, total: 2, pages: 2 });

    // A month: every approved payment of March into HBL, the same as the report's row.
    const month = ok(await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&month=2026-03`, admin.token)).data;
    const report = ok(await api.get(`/api/admin/reconciliation?bankAccountId=${hbl}&from=2026-03-01&to=2026-03-31&by=month`, admin.token)).data;
    expect(month.totals).toEqual(report.accounts[0].periods[0].approved);
    expect(month.entries).toHaveLength(3);
  });

  it('refuses bad dates, a bad grouping and a bad account with field errors (400), an unknown account 404', async () => {
    const bad = async (query: string, field: string) => {
      const res = await api.get(`/api/admin/reconciliation?${query}`, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    };
    await bad('from=2026-02-30&to=2026-03-01', 'from');
    await bad('from=2026-03-01&to=March', 'to');
    await bad('to=2026-03-01', 'from');
    await bad('from=2026-03-02&to=2026-03-01', 'to');
    await bad('from=2024-01-01&to=2026-03-01&by=day', 'to');
    await bad('from=2026-03-01&to=2026-03-31&by=week', 'by');
    await bad('from=2026-03-01&to=2026-03-31&bankAccountId=nope', 'bankAccountId');
    const entries = await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-13-01`, admin.token);
    expect(entries.status).toBe(400);
    expect((await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}`, admin.token)).status).toBe(400);
    expect((await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-03-05&month=2026-03`, admin.token)).status).toBe(400);
    expect((await api.get(`/api/admin/reconciliation?bankAccountId=00000000-0000-4000-8000-000000000000&from=2026-03-01&to=2026-03-31`, admin.token)).status).toBe(404);
  });

  it('shows the account paid into where a receipt is reviewed: the pending queue and the plan request', async () => {
    const queue = ok(await api.get('/api/payments/pending-queue', admin.token)).data.payments;
    const bilalsMarch = queue.find((p) => p.userId === bilal.user.id && p.month === 3)!;
    expect(bilalsMarch.bankAccount).toMatchObject({ bankName: 'HBL', accountNumber: '1111', accountName: 'Committee' });
    const request = ok(await api.get(`/api/plan-payments/${approved[0].id}`, admin.token)).data.payment;
    expect(request.bankAccountId).toBe(hbl);
    expect(request.bankAccount).toMatchObject({ bankName: 'HBL', accountNumber: '1111' });
  });

  it("gives the same figures once each day's moves are folded into one row, and moves after the fold still count", async () => {
    const byDay = `/api/admin/reconciliation?from=2026-02-01&to=2026-03-31&by=day`;
    const before = ok(await api.get(byDay, admin.token)).data;
    const rows = async () => (await ctx.db.query<{ n: number; keys: number }>('SELECT count(*)::int AS n, count(DISTINCT (bank_account_id, day))::int AS keys FROM account_day_moves')).rows[0];
    // Every approval above was moved to its scenario day afterwards: several rows per account and day.
    expect((await rows()).n).toBeGreaterThan((await rows()).keys);
    expect((await foldKeptMoves(ctx.db)).reconciliation).toBeGreaterThan(0);
    const after = await rows();
    expect(after.n).toBe(after.keys);
    expect(ok(await api.get(byDay, admin.token)).data).toEqual(before);
    expect((await foldKeptMoves(ctx.db)).reconciliation).toBe(0);

    // Bilal's March receipt into HBL, waiting since 5 March, is approved now: it no longer waits on the
    // 5th, and its money is approved today (the database's day), not in March.
    expect((await api.put(`/api/payments/${await instalmentId(bilal.user.id, 3)}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const hblRows = ok(await api.get(`/api/admin/reconciliation?bankAccountId=${hbl}&from=2026-03-05&to=2026-03-05&by=day`, admin.token)).data.accounts[0].periods;
    expect(hblRows).toEqual([{ period: '2026-03-05', approved: { count: 2, amount: 2 * MONTHLY }, waiting: { count: 0, amount: 0 } }]);
    const { rows: today } = await ctx.db.query<{ day: string }>(`SELECT to_char(now() AT TIME ZONE 'Asia/Karachi', 'YYYY-MM-DD') AS day`);
    const todays = ok(await api.get(`/api/admin/reconciliation?bankAccountId=${hbl}&from=${today[0].day}&to=${today[0].day}&by=day`, admin.token)).data.accounts[0];
    expect(todays.totals.approved).toEqual({ count: 1, amount: MONTHLY });
  });

  it('is for admins only: 401 without a session, 403 for a member', async () => {
    expect((await api.get('/api/admin/reconciliation?from=2026-03-01&to=2026-03-31')).status).toBe(401);
    expect((await api.get('/api/admin/reconciliation?from=2026-03-01&to=2026-03-31', aisha.token)).status).toBe(403);
    expect((await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-03-05`)).status).toBe(401);
    expect((await api.get(`/api/admin/reconciliation/entries?bankAccountId=${hbl}&date=2026-03-05`, bilal.token)).status).toBe(403);
  });
});
