/**
 * Every table a kept answer may be read from announces its changes on the channel data_changes
 * (migration 043, decision 038): a table added without the trigger would leave answers kept after
 * its data changed. The tables without it are named here and in the migration, each for a reason.
 */
import { describe, expect, it } from 'vitest';
import { openTestFile } from '../test/test-app.ts';

/** Written often, and read by no kept answer (migration 043). */
const WITHOUT_NOTICES = ['attempt_counts', 'email_outbox', 'idempotency_keys', 'schema_migrations', 'second_factor_failures', 'sessions'];

const { ctx } = await openTestFile();

describe('data change notices', () => {
  it('every table but the named few announces inserts, updates, deletes and truncations once per statement', async () => {
    const { rows: tables } = await ctx.db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1");
    const { rows: triggers } = await ctx.db.query<{ table_name: string; tgtype: number }>(
      `SELECT c.relname AS table_name, t.tgtype
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND p.proname = 'notify_data_change' AND c.relnamespace = current_schema()::regnamespace`,
    );
    const announced = new Map(triggers.map((t) => [t.table_name, t.tgtype]));
    const missing = tables.map((t) => t.name).filter((name) => !WITHOUT_NOTICES.includes(name) && !announced.has(name));
    expect(missing, 'tables whose changes no server hears').toEqual([]);
    expect(WITHOUT_NOTICES.filter((name) => announced.has(name))).toEqual([]);
    // tgtype bits: 1 row-level (must be off), 2 before, 4 insert, 8 delete, 16 update, 32 truncate.
    for (const [name, type] of announced) expect(type & 0b111101, name).toBe(4 | 8 | 16 | 32);
  });

  it('a change is announced when it commits, and not when it is rolled back', async () => {
    const heard: string[] = [];
    const listener = await ctx.db.listen('data_changes', { onNotify: (payload) => heard.push(payload), onListening: () => {}, onLost: () => {} });
    try {
      await ctx.db
        .transaction(async (tx) => {
          await tx.query('UPDATE app_settings SET updated_at = updated_at WHERE false');
          throw new Error('rolled back');
        })
        .catch(() => {});
      await listener.sync();
      expect(heard).toEqual([]);
      await ctx.db.query('UPDATE app_settings SET updated_at = updated_at WHERE false');
      await listener.sync();
      expect(heard).toEqual(['*']);
    } finally {
      await listener.close();
    }
  });
});
