/**
 * Opens what a running server needs, in order: the database (PGlite under DATA_DIR, or PostgreSQL
 * when DATABASE_URL is set), its migrations, the first admin, the mail worker. Used by main.ts and
 * the admin command.
 */
import path from 'node:path';
import { ensureAdmin } from './accounts/account-service.ts';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { Logger } from './logger.ts';

export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        poolSize: config.databasePoolSize,
        acquireTimeoutMs: config.databaseTimeouts.acquireMs,
        statementTimeoutMs: config.databaseTimeouts.statementMs,
        noticeTimeoutMs: config.databaseTimeouts.noticeMs,
      }) : await openPglite(path.join(config.dataDir, 'pglite'));
  const applied = await migrate(db);
  logger.info({ database: db.kind, migrationsApplied: applied }, 'database ready');
  if (config.admin) {
    const { created, user } = await ensureAdmin(db, config.admin);
    logger.info({ adminId: user.id, created }, created ? 'admin account created' : 'admin account ensured');
  }
  return db;
}
