/**
 * Applies this release's pending migrations to the configured database (DATA_DIR's embedded one, or
 * DATABASE_URL's) and says which: `npm run migrate`. Run once before starting several servers with
 * MIGRATE_AT_START=false; safe beside servers that migrate at start (the same advisory lock).
 */
import { DataDirectoryInUseError } from '../db/database.ts';
import { migrate, migrationStatus } from '../db/migrate.ts';
import { connectDatabase } from '../runtime.ts';
import { fail, loadCommandConfig, oneLine, readArguments } from './command.ts';

readArguments('Usage: npm run migrate', { options: { help: { type: 'boolean' } } });
const config = loadCommandConfig();
const db = await connectDatabase(config).catch((error: unknown) =>
  // The server (or another command) runs on the embedded database: nothing was changed.
  fail(error instanceof DataDirectoryInUseError ? error.message : `The database could not be opened: ${oneLine(error)}`),
);
try {
  // One transaction: a migration that fails leaves none of them applied.
  const applied = await migrate(db).catch((error: unknown) => fail(`The migrations failed and none was applied: ${oneLine(error)}`));
  if (applied.length === 0) console.log('The database is up to date.');
  else console.log(`${applied.length === 1 ? '1 migration' : `${applied.length} migrations`} applied: ${applied.join(', ')}.`);
  const { unknown } = await migrationStatus(db);
  if (unknown.length > 0) console.warn(`The database also has migrations this release does not know (${unknown.join(', ')}): a newer release applied them.`);
} finally {
  await db.close();
}
