/**
 * Opens what a running server needs, in order: the database (PGlite under DATA_DIR, or PostgreSQL
 * when DATABASE_URL is set), its migrations (or, with MIGRATE_AT_START=false, the check that none is
 * pending), the first admin. Used by main.ts and the admin command; the other commands of server/cli
 * open the database alone (connectDatabase).
 */
import path from 'node:path';
import { ensureAdmin } from './accounts/account-service.ts';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { migrate, migrationStatus } from './db/migrate.ts';
import type { Logger } from './logger.ts';

/** The embedded database's directory under DATA_DIR. */
export const pgliteDirectory = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** The configured database, opened as it is: nothing migrated, nothing added. */
export async function connectDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        poolSize: config.databasePoolSize,
        acquireTimeoutMs: config.databaseTimeouts.acquireMs,
        statementTimeoutMs: config.databaseTimeouts.statementMs,
        noticeTimeoutMs: config.databaseTimeouts.noticeMs,
      })
    : openPglite(pgliteDirectory(config));
}

/** The database lacks migrations of this release and MIGRATE_AT_START=false forbids applying them at start. */
export class PendingMigrationsError extends Error {}

export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const db = await connectDatabase(config);
  try {
    await prepareDatabase(db, config, logger);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Migrates the database, or checks that it is migrated, and ensures the configured admin. */
export async function prepareDatabase(db: Database, config: Config, logger: Logger): Promise<void> {
  const applied = config.migrateAtStart ? await migrate(db) : [];
  const { pending, unknown } = await migrationStatus(db);
  if (pending.length > 0) {
    const count = pending.length === 1 ? `1 migration of this release (${pending[0]})` : `${pending.length} migrations of this release (from ${pending[0]})`;
    throw new PendingMigrationsError(`The database lacks ${count}, and with MIGRATE_AT_START=false the server does not apply them: run \`npm run migrate\` first.`);
  }
  // A newer release migrated this database: a rolling deploy under way, or a release rolled back. Said,
  // and started anyway: during a rolling deploy (docs/deploy.md) the previous release's servers serve on
  // the migrated database beside the new ones already; refusing would only take away those that restart
  // meanwhile, in the middle of the deploy.
  if (unknown.length > 0) {
    logger.warn({ unknownMigrations: unknown }, 'the database has migrations this release does not know: a newer release applied them; upgrade this server');
  }
  logger.info({ database: db.kind, migrationsApplied: applied }, 'database ready');
  if (config.admin) {
    const { created, user } = await ensureAdmin(db, config.admin);
    logger.info({ adminId: user.id, created }, created ? 'admin account created' : 'admin account ensured');
  }
}
