/**
 * The first administrator, made at start by two servers at the same moment (PostgreSQL only): each
 * server has its own pool of connections to the same database; both calls of ensureAdmin succeed,
 * and exactly one account exists for the address, an ADMIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openServerPools, uniqueEmail } from '../test/test-app.ts';
import { ensureAdmin } from './account-service.ts';
import { verifyPassword } from './secrets.ts';

/** Two servers' pools on one database. */
let pools: Database[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ pools, drop } = await openServerPools(2, 4));
});

afterAll(() => drop());

describe('two servers starting together', () => {
  it.each([1, 2, 3, 4, 5])('both make sure of the first admin, and one account exists (round %i)', async () => {
    const email = uniqueEmail('first-admin');
    const results = await Promise.allSettled(pools.map((pool) => ensureAdmin(pool, { email, password: 'first-admin-pass-1' })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const answers = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof ensureAdmin>>>).value);
    // Exactly one of them made it; the other found it and left it as it was.
    expect(answers.map((a) => a.created).sort()).toEqual([false, true]);
    expect(answers[0].user.id).toBe(answers[1].user.id);
    const { rows } = await pools[0].query<{ role: string; email_verified_at: Date | null; password_hash: string }>('SELECT role, email_verified_at, password_hash FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('ADMIN');
    expect(rows[0].email_verified_at).not.toBeNull();
    expect(await verifyPassword(rows[0].password_hash, 'first-admin-pass-1')).toBe(true);
  });

  it('ten callers over both servers at once still give one account', async () => {
    const email = uniqueEmail('first-admin');
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => ensureAdmin(pools[i % 2], { email, password: 'first-admin-pass-1' })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const { rows } = await pools[1].query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
  });
});
