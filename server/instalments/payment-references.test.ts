/**
 * Payment references (decision 052, contract/payment-reference.ts) as the database gives them, and the
 * transfer behind an instalment's receipt (POST /api/payments: transferDate, transactionNumber). The
 * references are checked against this file's own reading of the scheme, never the code's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { paymentListAnswer } from '../../contract/instalments.ts';
import { findPaymentReferences, parsePaymentReference } from '../../contract/payment-reference.ts';
import { openPglite, openPostgres, type Database } from '../db/database.ts';
import { listMigrations } from '../db/migrate.ts';
import { withDatabase } from '../test/database-url.ts';
import { testFactories } from '../test/factories.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
// Today in Karachi is 15 March 2026 (UTC+5): the earliest transfer date a receipt may give is 15 March 2025.
ctx.setNow('2026-03-15T10:00:00+05:00');

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let make: ReturnType<typeof testFactories>;
let bankAccountId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  bankAccountId = await make.bankAccount();
});

// The scheme as this file reads it: 31 symbols (digits and capitals without 0, O, 1, I, L); the
// values weighted 7 … 1 from the left add up to a multiple of 31.
const SYMBOLS = [...'23456789ABCDEFGHJKMNPQRSTUVWXYZ'];
function isValidReference(text: string): boolean {
  if (!/^[2-9A-HJKMNP-Z]{7}$/.test(text)) return false;
  return [...text].reduce((sum, c, i) => sum + (7 - i) * SYMBOLS.indexOf(c), 0) % 31 === 0;
}

function pay(token: string, fields: Record<string, string>) {
  const form = multipartBody(fields, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

async function scheduleOf(token: string, groupId: string) {
  const res = await api.get('/api/committee-plans/user/groups', token);
  return res.body.data.groups.find((g) => g.id === groupId)!.payments;
}

const monthFields = (groupId: string, month: number, extra: Record<string, string> = {}) => ({
  groupId,
  amount: '5000',
  month: String(month),
  year: '2026',
  paymentMethod: 'bank_transfer',
  bankAccountId,
  ...extra,
});

describe('the payment reference', () => {
  it('is given to every plan request and instalment when it is made: valid, and different for each', async () => {
    const { member, groupId, subscriptionId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const request = (await api.get(`/api/plan-payments/${subscriptionId}`, member.token)).body.payment;
    const schedule = await scheduleOf(member.token, groupId);
    const references = [request.paymentReference, ...schedule.map((p) => p.paymentReference)];
    expect(references).toHaveLength(4);
    for (const reference of references) expect(isValidReference(reference), reference).toBe(true);
    expect(new Set(references).size).toBe(4);
    const { rows } = await ctx.db.query<{ total: number; different: number; missing: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT payment_reference)::int AS different, count(*) FILTER (WHERE payment_reference IS NULL)::int AS missing FROM payments',
    );
    expect(rows[0].different).toBe(rows[0].total);
    expect(rows[0].missing).toBe(0);
  });

  it('numbers 20,000 payments with 20,000 different valid references', async () => {
    const { rows } = await ctx.db.query<{ reference: string }>('SELECT payment_reference_of(n) AS reference FROM generate_series(1, 20000) AS n');
    expect(new Set(rows.map((r) => r.reference)).size).toBe(20_000);
    expect(rows.every((r) => isValidReference(r.reference))).toBe(true);
    // Shuffled: the next number's reference shares no long beginning with the last one's.
    expect(rows[1].reference.slice(0, 3)).not.toBe(rows[0].reference.slice(0, 3));
  });

  it('stays the same when read again, through a receipt, an approval, a refusal and a new receipt', async () => {
    const { member, groupId, subscriptionId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const before = await scheduleOf(member.token, groupId);
    const february = before.find((p) => p.month === 2)!;
    const march = before.find((p) => p.month === 3)!;
    const requestReference = (await api.get(`/api/plan-payments/${subscriptionId}`, admin.token)).body.payment.paymentReference;

    const sent = await pay(member.token, monthFields(groupId, 2, { transferDate: '2026-03-14' }));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().payment.paymentReference).toBe(february.paymentReference);
    const queued = (await api.get('/api/payments/pending-queue?limit=100', admin.token)).body.data.payments.find((p) => p.id === february.id)!;
    expect(queued.paymentReference).toBe(february.paymentReference);
    expect((await api.put(`/api/payments/${february.id}/status`, { status: 'paid' }, admin.token)).body.payment.paymentReference).toBe(february.paymentReference);

    expect((await pay(member.token, monthFields(groupId, 3, { transferDate: '2026-03-14' }))).statusCode).toBe(201);
    expect((await api.put(`/api/payments/${march.id}/status`, { status: 'rejected', reason: 'Unreadable' }, admin.token)).status).toBe(200);
    expect((await pay(member.token, monthFields(groupId, 3, { transferDate: '2026-03-15' }))).statusCode).toBe(201);

    const after = await scheduleOf(member.token, groupId);
    expect(after.map((p) => [p.id, p.paymentReference])).toEqual(before.map((p) => [p.id, p.paymentReference]));
    expect((await api.get(`/api/payments/${march.id}`, member.token)).body.payment.paymentReference).toBe(march.paymentReference);
    expect((await api.get(`/api/payments/${february.id}`, admin.token)).body.payment.paymentReference).toBe(february.paymentReference);
    expect((await api.get(`/api/plan-payments/${subscriptionId}`, member.token)).body.payment.paymentReference).toBe(requestReference);
  });

  it('is never changed, and never given twice, by the database itself', async () => {
    const { rows } = await ctx.db.query<{ id: string; payment_reference: string }>('SELECT id, payment_reference FROM payments ORDER BY created_at LIMIT 2');
    const [first, second] = rows;
    await expect(ctx.db.query(`UPDATE payments SET payment_reference = 'ABCDEFG' WHERE id = $1`, [first.id])).rejects.toThrow(/never changed/);
    // Another row's reference, given at insert: the unique index refuses it.
    await expect(
      ctx.db.query(
        `INSERT INTO payments (type, user_id, plan_id, amount, payment_reference) SELECT 'SUBSCRIPTION', user_id, plan_id, amount, $2 FROM payments WHERE id = $1`,
        [second.id, first.payment_reference],
      ),
    ).rejects.toThrow(/payments_payment_reference_key/);
    expect((await ctx.db.query<{ payment_reference: string }>('SELECT payment_reference FROM payments WHERE id = $1', [first.id])).rows[0].payment_reference).toBe(first.payment_reference);
  });

  it('is found in a bank statement line as typed, and a mistyped one finds nothing', async () => {
    const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const { paymentReference, id } = (await scheduleOf(member.token, groupId))[1];
    const typed = `IBFT ${paymentReference.slice(0, 3).toLowerCase()}-${paymentReference.slice(3).toLowerCase()} ALI RAZA`;
    const [found] = findPaymentReferences(typed);
    expect((await ctx.db.query<{ id: string }>('SELECT id FROM payments WHERE payment_reference = $1', [found])).rows.map((r) => r.id)).toEqual([id]);
    // One character read wrong (the next symbol in its place): the check character refuses it.
    const wrong = paymentReference.slice(0, 4) + SYMBOLS[(SYMBOLS.indexOf(paymentReference[4]) + 1) % 31] + paymentReference.slice(5);
    expect(parsePaymentReference(wrong)).toBeNull();
    expect(findPaymentReferences(`IBFT ${wrong} ALI RAZA`)).toEqual([]);
    // Two neighbours swapped, where they differ.
    const swapAt = [...paymentReference].findIndex((c, i) => i < 6 && c !== paymentReference[i + 1]);
    const swapped = paymentReference.slice(0, swapAt) + paymentReference[swapAt + 1] + paymentReference[swapAt] + paymentReference.slice(swapAt + 2);
    expect(parsePaymentReference(swapped)).toBeNull();
  });
});

/** A database with no tables, on this run's driver, for migrating step by step. */
async function emptyDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `umrah_test_${randomUUID().replace(/-/g, '')}`;
  const server = new pg.Client({ connectionString: url });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const db = openPostgres(withDatabase(url, name), { poolSize: 1 });
  return {
    db,
    drop: async () => {
      await db.close();
      await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.end();
    },
  };
}

describe('migration 052', () => {
  it('gives the payments made before it a reference each, in the order they were made, and the next payment a new one', { timeout: 120_000 }, async () => {
    const migrations = listMigrations();
    const at = migrations.findIndex((m) => m.name.startsWith('052-'));
    const { db, drop } = await emptyDatabase();
    try {
      for (const migration of migrations.slice(0, at)) await db.exec(migration.sql);
      const { rows: users } = await db.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash, referral_code) VALUES ('Old Member', 'old@example.com', 'x', 'OLD2345') RETURNING id`,
      );
      const { rows: plans } = await db.query<{ id: string }>(
        `INSERT INTO committee_plans (name, monthly_amount, duration, total_amount, max_members) VALUES ('Old Plan', 5000, 3, 15000, 10) RETURNING id`,
      );
      const made: string[] = [];
      for (const minutes of [30, 10, 20]) {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO payments (type, user_id, plan_id, amount, status, created_at) VALUES ('SUBSCRIPTION', $1, $2, 5000, 'REJECTED', timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => $3)) RETURNING id`,
          [users[0].id, plans[0].id, minutes],
        );
        made.push(rows[0].id);
      }
      await db.exec(migrations[at].sql);

      const { rows } = await db.query<{ id: string; payment_reference: string; first: string; second: string; third: string }>(
        `SELECT id, payment_reference, payment_reference_of(1) AS first, payment_reference_of(2) AS second, payment_reference_of(3) AS third FROM payments ORDER BY created_at`,
      );
      // Oldest first: the payment made at 00:10, then 00:20, then 00:30.
      expect(rows.map((r) => r.id)).toEqual([made[1], made[2], made[0]]);
      expect(rows.map((r) => r.payment_reference)).toEqual([rows[0].first, rows[0].second, rows[0].third]);
      for (const row of rows) expect(isValidReference(row.payment_reference)).toBe(true);

      const { rows: next } = await db.query<{ payment_reference: string; fourth: string }>(
        `INSERT INTO payments (type, user_id, plan_id, amount, status) VALUES ('SUBSCRIPTION', $1, $2, 5000, 'REJECTED') RETURNING payment_reference, payment_reference_of(4) AS fourth`,
        [users[0].id, plans[0].id],
      );
      expect(next[0].payment_reference).toBe(next[0].fourth);
      expect(isValidReference(next[0].payment_reference)).toBe(true);
    } finally {
      await drop();
    }
  });
});

describe('POST /api/payments: the transfer behind the receipt', () => {
  it('keeps the transfer date and the trimmed transaction number on the payment and its receipt, and shows them in review', async () => {
    const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const res = await pay(member.token, monthFields(groupId, 2, { transferDate: '2026-03-14', transactionNumber: '  FT 2026-0314/889  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ transferDate: '2026-03-14', transactionNumber: 'FT 2026-0314/889', underReview: true });

    const queued = (await api.get('/api/payments/pending-queue?limit=100', admin.token)).body.data.payments.find((p) => p.id === payment.id);
    expect(queued).toMatchObject({ transferDate: '2026-03-14', transactionNumber: 'FT 2026-0314/889', paymentReference: payment.paymentReference });
    expect((await api.get(`/api/payments/${payment.id}`, admin.token)).body.payment).toMatchObject({ transferDate: '2026-03-14', transactionNumber: 'FT 2026-0314/889' });
    const listed = (await api.get(`/api/payments?userId=${member.user.id}&month=2&year=2026`, admin.token, { answer: paymentListAnswer })).body.data.payments;
    expect(listed.map((p) => p.transferDate)).toEqual(['2026-03-14']);

    const { rows } = await ctx.db.query<{ transfer_date: string; transaction_number: string }>(
      'SELECT r.transfer_date::text AS transfer_date, r.transaction_number FROM receipts r JOIN payments p ON p.receipt_id = r.id WHERE p.id = $1',
      [payment.id],
    );
    expect(rows).toEqual([{ transfer_date: '2026-03-14', transaction_number: 'FT 2026-0314/889' }]);
  });

  it("takes today and a year ago as transfer dates, by Karachi's calendar", async () => {
    const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    expect((await pay(member.token, monthFields(groupId, 2, { transferDate: '2026-03-15', transactionNumber: 'x'.repeat(64) }))).statusCode).toBe(201);
    expect((await pay(member.token, monthFields(groupId, 3, { transferDate: '2025-03-15' }))).statusCode).toBe(201);
    // 21:00 in London on 15 March is 16 March in Karachi: the 16th is today there, not the future.
    ctx.setNow('2026-03-15T21:00:00Z');
    try {
      const other = await make.memberInGroup({ startDate: '2026-01-01' });
      const res = await pay(other.member.token, monthFields(other.groupId, 2, { transferDate: '2026-03-16' }));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      ctx.setNow('2026-03-15T10:00:00+05:00');
    }
  });

  it('takes a receipt without them, as the specification’s client sends it; a later receipt replaces them', async () => {
    const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const first = await pay(member.token, monthFields(groupId, 2, { transferDate: '2026-03-10', transactionNumber: 'TX-1' }));
    expect(first.statusCode).toBe(201);
    const id = first.json().payment.id;
    expect((await api.put(`/api/payments/${id}/status`, { status: 'rejected', reason: 'Wrong amount' }, admin.token)).status).toBe(200);
    const second = await pay(member.token, monthFields(groupId, 2, { transferDate: '' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().payment).toMatchObject({ transferDate: null, transactionNumber: null });
    // The refused receipt keeps what it said.
    const { rows } = await ctx.db.query<{ transfer_date: string | null; transaction_number: string | null }>(
      'SELECT transfer_date::text AS transfer_date, transaction_number FROM receipts WHERE payment_id = $1 ORDER BY created_at',
      [id],
    );
    expect(rows).toEqual([
      { transfer_date: '2026-03-10', transaction_number: 'TX-1' },
      { transfer_date: null, transaction_number: null },
    ]);
  });

  it.each([
    ['not a day of the calendar', { transferDate: '2026-02-30' }, { transferDate: 'Please enter the transfer date as a date (YYYY-MM-DD).' }],
    ['written another way', { transferDate: '14/03/2026' }, { transferDate: 'Please enter the transfer date as a date (YYYY-MM-DD).' }],
    ['tomorrow in Karachi', { transferDate: '2026-03-16' }, { transferDate: 'The transfer date cannot be in the future.' }],
    ['more than a year ago', { transferDate: '2025-03-14' }, { transferDate: 'The transfer date cannot be more than a year ago.' }],
    ['a transaction number of 65 characters', { transferDate: '2026-03-14', transactionNumber: '9'.repeat(65) }, { transactionNumber: 'The transaction number can be at most 64 characters.' }],
    ['a control character in the transaction number', { transferDate: '2026-03-14', transactionNumber: 'TX\u00071' }, { transactionNumber: 'The transaction number can only hold printable characters.' }],
    [
      'both wrong at once',
      { transferDate: '2099-01-01', transactionNumber: 'x'.repeat(100) },
      { transferDate: 'The transfer date cannot be in the future.', transactionNumber: 'The transaction number can be at most 64 characters.' },
    ],
  ])('answers 400 with the field’s error for %s, and keeps nothing', async (_what, fields, errors) => {
    const { member, groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const res = await pay(member.token, monthFields(groupId, 2, fields));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.stringMatching(/^receipt\./), errors });
    const february = (await scheduleOf(member.token, groupId)).find((p) => p.month === 2)!;
    const stored = await ctx.db.query<{ under_review: boolean; receipts: number }>(
      'SELECT under_review, (SELECT count(*)::int FROM receipts WHERE payment_id = $1) AS receipts FROM payments WHERE id = $1',
      [february.id],
    );
    expect(stored.rows[0]).toEqual({ under_review: false, receipts: 0 });
  });

  it('is still 401 without a session, 404 for another member’s group, 403 for a member in the review queue', async () => {
    const { groupId } = await make.memberInGroup({ startDate: '2026-01-01' });
    const stranger = await signUpMember(ctx);
    const form = multipartBody(monthFields(groupId, 2, { transferDate: '2026-03-14' }), { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: form.headers })).statusCode).toBe(401);
    expect((await pay(stranger.token, monthFields(groupId, 2, { transferDate: '2026-03-14' }))).statusCode).toBe(404);
    expect((await api.get('/api/payments/pending-queue', stranger.token)).status).toBe(403);
  });
});
