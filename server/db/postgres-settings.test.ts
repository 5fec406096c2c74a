/**
 * The settings the product's connections run with. No JIT compilation (decision 034): on PostgreSQL the
 * pool turns it off; the embedded database is built without it.
 */
import { describe, expect, it } from 'vitest';
import { openTestFile } from '../test/test-app.ts';

const { ctx } = await openTestFile();

describe('database connections', () => {
  it('never compile a query plan (JIT)', async () => {
    const { rows } = await ctx.db.query<{ jit: string; available: boolean }>(`SELECT current_setting('jit') AS jit, pg_jit_available() AS available`);
    if (ctx.db.kind === 'postgres') expect(rows[0].jit).toBe('off');
    else expect(rows[0].available).toBe(false);
  });
});
