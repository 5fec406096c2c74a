/**
 * What counts as a change this process committed (Database.changesCommitted), which the session cache
 * waits to hear before it answers (server/db/change-notices.ts): a transaction, a statement its code
 * declares with write(), or one the database reports as having changed rows. A statement's text is
 * never read for it: a read that mentions a writing word is a read.
 */
import { describe, expect, it } from 'vitest';
import { openTestFile } from '../test/test-app.ts';

const { ctx } = await openTestFile();

async function changesBy(work: () => Promise<unknown>): Promise<number> {
  const before = ctx.db.changesCommitted();
  await work();
  return ctx.db.changesCommitted() - before;
}

describe('changes committed', () => {
  it('a read is not one, whatever words its text holds', async () => {
    expect(await changesBy(() => ctx.db.query(`SELECT 'update users; delete from sessions' AS words, 1 AS n`))).toBe(0);
    expect(await changesBy(() => ctx.db.query('WITH n AS (SELECT 1 AS v) SELECT v FROM n'))).toBe(0);
  });

  it('a declared write is one, even when it changed no row', async () => {
    expect(await changesBy(() => ctx.db.write(`UPDATE users SET updated_at = now() WHERE email = 'nobody@example.invalid'`))).toBe(1);
  });

  it('a write its code did not declare is one when the database reports rows changed', async () => {
    await ctx.db.query(`CREATE TABLE IF NOT EXISTS declared_writes_probe (n int)`);
    await ctx.db.query('INSERT INTO declared_writes_probe VALUES (1)');
    expect(await changesBy(() => ctx.db.query('UPDATE declared_writes_probe SET n = n + 1'))).toBe(1);
    expect(await changesBy(() => ctx.db.query('DELETE FROM declared_writes_probe'))).toBe(1);
  });

  it('a transaction is one, however many statements it ran', async () => {
    expect(
      await changesBy(() =>
        ctx.db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          await tx.write(`UPDATE users SET updated_at = now() WHERE email = 'nobody@example.invalid'`);
        }),
      ),
    ).toBe(1);
  });
});
