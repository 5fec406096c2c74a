/**
 * The reconciliation's moves per account and day (migration 037), folded by two servers at once while
 * moves keep arriving (PostgreSQL only): no move is lost or counted twice, and a last fold leaves one row
 * per account and day. The expected sums are those of the moves this test wrote.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openServerPools } from '../test/test-app.ts';
import { foldKeptMoves } from '../db/kept-moves.ts';

/** Two servers' pools on one database. */
let pools: Database[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ pools, drop } = await openServerPools(2, 6));
});

afterAll(() => drop());

describe('folding the reconciliation moves on two servers while moves arrive', () => {
  it('keeps every sum, and a last fold leaves one row per account and day', async () => {
    const accounts = [randomUUID(), randomUUID()];
    const days = ['2026-03-04', '2026-03-05', '2026-03-06'];
    const expected = new Map<string, { approved: number; amount: number; waiting: number }>();
    let stop = false;

    // Four writers, each committing small transactions of moves, as approvals and receipts would.
    const writer = async (w: number) => {
      for (let i = 0; i < 40; i++) {
        const account = accounts[(w + i) % 2];
        const day = days[i % 3];
        const approved = i % 4 === 3 ? -1 : 1;
        const waiting = i % 5 === 0 ? 1 : 0;
        await pools[w % 2].transaction(async (tx) => {
          await tx.query('INSERT INTO account_day_moves VALUES ($1, $2, $3, $4, $5, $6)', [account, day, approved, approved * 2500, waiting, waiting * 2500]);
        });
        const key = `${account} ${day}`;
        const sum = expected.get(key) ?? { approved: 0, amount: 0, waiting: 0 };
        expected.set(key, { approved: sum.approved + approved, amount: sum.amount + approved * 2500, waiting: sum.waiting + waiting });
      }
    };
    // Both servers fold over and over until the writers are done.
    const folder = async (pool: Database) => {
      let folded = 0;
      while (!stop) folded += (await foldKeptMoves(pool)).reconciliation;
      return folded;
    };

    const folders = [folder(pools[0]), folder(pools[1])];
    await Promise.all([0, 1, 2, 3].map(writer));
    stop = true;
    const folded = await Promise.all(folders);
    expect(folded[0] + folded[1]).toBeGreaterThan(0);

    const sums = async () => {
      const { rows } = await pools[0].query<{ key: string; approved: number; amount: string; waiting: number }>(
        `SELECT bank_account_id::text || ' ' || day::text AS key, sum(approved_count)::int AS approved, sum(approved_amount)::text AS amount, sum(waiting_count)::int AS waiting
         FROM account_day_moves WHERE bank_account_id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
        [accounts],
      );
      return rows.map((r) => [r.key, { approved: r.approved, amount: Number(r.amount), waiting: r.waiting }]);
    };
    const wanted = [...expected.entries()].filter(([, s]) => s.approved !== 0 || s.amount !== 0 || s.waiting !== 0).sort(([a], [b]) => a.localeCompare(b));
    // Keys whose moves summed to nothing may have been dropped by a fold, or not yet.
    const present = (await sums()).filter(([, s]) => (s as { approved: number }).approved !== 0 || (s as { waiting: number }).waiting !== 0);
    expect(present).toEqual(wanted);

    await foldKeptMoves(pools[1]);
    const { rows } = await pools[0].query<{ n: number; keys: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (bank_account_id, day))::int AS keys FROM account_day_moves WHERE bank_account_id = ANY($1::uuid[])',
      [accounts],
    );
    expect(rows[0].n).toBe(rows[0].keys);
    expect((await sums()).filter(([, s]) => (s as { approved: number }).approved !== 0 || (s as { waiting: number }).waiting !== 0)).toEqual(wanted);
  });
});
