/**
 * An export of 100,000 payments streams with memory flat: on PostgreSQL only, where CI
 * runs it (TEST_DATABASE_URL); so many rows would take a while on the embedded database. The smaller
 * export of exports.test.ts shows the same paging on both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkPlan, collector, streamBulk } from '../test/bulk-exports.ts';
import { openTestFile, signInAdmin } from '../test/test-app.ts';

const { ctx } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

describe('a large export', () => {
  it('streams 100,000 payments through a socket with memory flat', { timeout: 600_000 }, async () => {
    const n = 100_000;
    const planId = await bulkPlan(ctx, admin.token, n);
    // What the rows held in memory would take, measured on a tenth of them as the driver returns them.
    const gc = collector();
    gc();
    const empty = process.memoryUsage().heapUsed;
    const tenth = await ctx.db.query(`SELECT p.*, u.name, u.email FROM payments p JOIN users u ON u.id = p.user_id WHERE p.plan_id = $1 LIMIT ${n / 10}`, [planId]);
    gc();
    const inMemory = (process.memoryUsage().heapUsed - empty) * 10;
    expect(tenth.rows).toHaveLength(n / 10);

    const streamed = await streamBulk(ctx, admin.token, planId, n, gc);
    expect(streamed).toMatchObject({ rest: '', records: n, repeated: 0, missing: 0 });
    // Streamed, what stays on the heap at any moment is a batch or two: a small part of the file, and far
    // less than the rows would take in memory.
    const { bytes, peak, chunks } = streamed;
    const figures = `heap peak +${(peak / 1e6).toFixed(1)} MB; file ${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks; rows in memory ${(inMemory / 1e6).toFixed(1)} MB`;
    expect(bytes).toBeGreaterThan(n * 100);
    expect(peak, figures).toBeLessThan(Math.min(bytes / 2, inMemory / 10));
    console.log(`export of ${n} rows: ${figures}`);
  });
});
