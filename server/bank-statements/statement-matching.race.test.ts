/**
 * Matching and approving by reconciliation at the same moment on PostgreSQL, with real parallel
 * requests: however many runs match an account's lines at once, each line ends with at most one payment
 * and each payment with at most one line; approvals of the same lines at once approve each receipt once.
 */
import { describe, expect, it } from 'vitest';
import { testFactories } from '../test/factories.ts';
import { multipartBody, openRaceFile, sampleFiles, signUpMember } from '../test/test-app.ts';

const { ctx, api, admins } = await openRaceFile();

describe('races on PostgreSQL', () => {
  it.each([1, 2])('simultaneous matching runs and approvals keep one line to one payment and approve each receipt once (round %i)', async (round) => {
    const make = testFactories(ctx, admins[0]);
    const account = (await api.post('/api/bank-accounts', { accountName: `Race ${round}`, accountNumber: `77${round}`, bankName: 'MCB', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
    const references: string[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await signUpMember(ctx);
      const { groupId } = await make.memberInGroup({ member });
      const form = multipartBody({ groupId, amount: '5000', month: '2', year: '2026', bankAccountId: account, transferDate: '2026-03-02' }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
      expect(res.statusCode, res.body).toBe(201);
      references.push(res.json().payment.paymentReference);
    }
    // Saved without matching first: the lines are inserted as an import leaves them, then matched by racing
    // runs (as many as one server reads statements at once; one more would be answered 503).
    const { rows: imported } = await ctx.db.query<{ id: string }>(
      `INSERT INTO bank_statement_imports (bank_account_id, file_name, lines, added) VALUES ($1, 'race.csv', 0, 0) RETURNING id`,
      [account],
    );
    for (const [index, reference] of references.entries()) {
      await ctx.db.query(
        `INSERT INTO bank_statement_lines (bank_account_id, import_id, line_number, transfer_date, description, credit, fingerprint) VALUES ($1, $2, $3, '2026-03-02', $4, 5000, $5)`,
        [account, imported[0].id, index + 2, `IBFT ${reference}`, `${round}${index}`.padStart(64, '0')],
      );
    }
    const runs = await Promise.all(Array.from({ length: 3 }, (_, i) => api.post(`/api/admin/bank-accounts/${account}/statements/match`, undefined, admins[i % 2].token)));
    for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(runs.reduce((sum, run) => sum + run.body.data.matched, 0)).toBe(6);
    const { rows: matches } = await ctx.db.query<{ line_id: string; payment_id: string }>('SELECT line_id, payment_id FROM statement_matches WHERE bank_account_id = $1', [account]);
    expect(matches).toHaveLength(6);
    expect(new Set(matches.map((m) => m.payment_id)).size).toBe(6);

    const lineIds = matches.map((m) => m.line_id);
    const approvals = await Promise.all(Array.from({ length: 4 }, (_, i) => api.post(`/api/admin/bank-accounts/${account}/statements/approve`, { lineIds }, admins[i % 2].token)));
    for (const approval of approvals) expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    expect(approvals.reduce((sum, approval) => sum + approval.body.data.approved, 0)).toBe(6);
    const { rows: audited } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'PAYMENT_PAID' AND entity_id = ANY($1::text[])`,
      [matches.map((m) => m.payment_id)],
    );
    expect(audited[0].n).toBe(6);
  });
});
